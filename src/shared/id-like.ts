// What counts as an id in a URL path: the one rule behind the CLI's endpoint names, capture's
// `/users/{id}` templates and the HAR path templates. See docs/cli.md, "Output file and type name".

const ID_LIKE: readonly RegExp[] = [
  /^\d+$/, // numeric ids: /users/1
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // UUIDs
  /^[0-9a-f]{24}$/i, // MongoDB ObjectIds
  /^(?=.*\d)[0-9a-f]{16,}$/i, // hashes and other long hex ids (a digit keeps words like "deadbeefcafebabe" out)
  /^(?=.*\d)(?=.*[A-Za-z]).{20,}$/, // share tokens, slugs with ids: 20+ characters mixing letters and digits
];

/**
 * True when a (decoded) path segment is an id rather than a resource name: all digits, a UUID, a
 * 24-hex object id, a hex string of 16 or more characters with a digit, or 20 or more characters
 * mixing letters and digits.
 *
 * @example isIdLike('42') // true
 * @example isIdLike('users') // false
 */
export function isIdLike(segment: string): boolean {
  return ID_LIKE.some((pattern) => pattern.test(segment));
}
