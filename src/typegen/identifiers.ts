// Names in the emitted text: member keys and the exported type name.

// ASCII only: TypeScript's own Unicode identifier tables may lag the runtime's, and a quoted key is
// valid whatever it holds, so a non-ASCII key is quoted rather than risked.
const IDENTIFIER_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

// Code points escaped in JSON text beyond what JSON.stringify escapes (it escapes C0 controls already,
// so a raw line break left in its text is layout): DEL and C1 controls, format characters, separators.
const INVISIBLE = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu;

// Escaped per UTF-16 unit (`\ud83d\ude00`), never `\u{...}`, which TypeScript refuses below ES2015 targets.
function escapeCodeUnits(char: string): string {
  let escaped = '';
  for (let i = 0; i < char.length; i++) escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return escaped;
}

// Global types the emitted text refers to: a declaration with that name would shadow them.
const NAMES_USED_BY_OUTPUT = new Set(['Record']);

/** True when `key` can be written bare as a member name. Reserved words can (`class: string;`). */
export function isIdentifierName(key: string): boolean {
  return IDENTIFIER_NAME.test(key);
}

/**
 * The member name for a JSON key: bare when it is an identifier name, else a JSON string. JSON.stringify
 * escapes quotes, backslashes, C0 controls and lone surrogates. Line and paragraph separators (TypeScript
 * rejects them unescaped in a string literal), C1 controls and invisible format characters (bidi
 * overrides, zero-width space, BOM) are escaped too, so a key can neither break the file nor hide what
 * it says from a reader or a terminal. Nothing is ever written into a comment, so a key holding `*`
 * followed by `/` is harmless.
 */
export function propertyKey(key: string): string {
  if (IDENTIFIER_NAME.test(key)) return key;
  return escapeInvisible(JSON.stringify(key));
}

/** A string literal type or value: a JSON string, with the same extra escapes as {@link propertyKey}. */
export function stringLiteral(text: string): string {
  return escapeInvisible(JSON.stringify(text));
}

/**
 * JSON text (from JSON.stringify, indented or not) with the extra escapes of {@link propertyKey} in its
 * strings: the same values once parsed, and no key or value that hides what it says from a reader.
 */
export function escapeInvisible(json: string): string {
  return json.replace(INVISIBLE, escapeCodeUnits);
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
