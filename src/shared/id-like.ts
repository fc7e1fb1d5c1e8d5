// Whether a path segment looks like an id (docs/cli.md, docs/traffic.md): the one rule the CLI's
// endpoint names, capture and the traffic templates share.

const ID_LIKE: readonly RegExp[] = [
  /^\d+$/, // numeric ids: /users/1
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // UUIDs
  /^[0-9a-f]{24}$/i, // MongoDB ObjectIds
  /^(?=.*\d)[0-9a-f]{16,}$/i, // hashes and other long hex ids (a digit keeps words like "deadbeefcafebabe" out)
];

/** Whether `segment` (one decoded path segment) is an id: all digits, a UUID, an ObjectId, a long hex string with a digit. */
export function isIdLike(segment: string): boolean {
  return ID_LIKE.some((pattern) => pattern.test(segment));
}
