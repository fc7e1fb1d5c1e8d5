/**
 * A short rendering of a bad option value for an error message: strings quoted, objects, arrays and
 * functions named by kind (never their contents, which may hold credentials such as headers).
 */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  return String(value);
}
