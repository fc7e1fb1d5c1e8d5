// Names in the emitted text: member keys and the exported type name.

// ASCII only: TypeScript's own Unicode identifier tables may lag the runtime's, and a quoted key is
// valid whatever it holds, so a non-ASCII key is quoted rather than risked.
const IDENTIFIER_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

// Global types the emitted text refers to: a declaration with that name would shadow them.
const NAMES_USED_BY_OUTPUT = new Set(['Record']);

/** True when `key` can be written bare as a member name. Reserved words can (`class: string;`). */
export function isIdentifierName(key: string): boolean {
  return IDENTIFIER_NAME.test(key);
}

/**
 * The member name for a JSON key: bare when it is an identifier name, else a JSON string. JSON.stringify
 * escapes quotes, backslashes, control characters and lone surrogates; U+2028/U+2029 are escaped too
 * because TypeScript rejects them unescaped in a string literal. Nothing is ever written into a comment,
 * so a key holding `*` followed by `/` is harmless.
 */
export function propertyKey(key: string): string {
  if (IDENTIFIER_NAME.test(key)) return key;
  return JSON.stringify(key).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/**
 * PascalCase type name from a free-form name: `users` -> `Users`, `user-profiles` and `user_profiles`
 * -> `UserProfiles`, `userProfile` -> `UserProfile`. Any run of characters other than ASCII letters and
 * digits separates words. A result starting with a digit, or equal to a global type the output uses
 * (`Record`), gets a leading `_`. The first letter is always upper case, so no result is a keyword.
 * @throws TypeError when `name` holds no ASCII letter or digit.
 */
export function toTypeName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  if (words.length === 0) {
    throw new TypeError(`name must contain an ASCII letter or digit, got ${JSON.stringify(name)}`);
  }
  const pascal = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return /^[0-9]/.test(pascal) || NAMES_USED_BY_OUTPUT.has(pascal) ? `_${pascal}` : pascal;
}
