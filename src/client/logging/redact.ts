/** Header names redacted by default in logs. Extend it: `[...DEFAULT_REDACT_HEADER_KEYS, 'x-session']`. */
export const DEFAULT_REDACT_HEADER_KEYS: readonly string[] = Object.freeze([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
]);

/** Headers as a plain object for logging, the values of `keys` (case-insensitive) replaced by `[REDACTED]`. */
export function redactHeaders(headers: Headers, keys: readonly string[]): Record<string, string> {
  void headers;
  void keys;
  throw new Error('not implemented yet');
}

/** The URL with secret-looking query values (token, api_key, password, ...) and any userinfo redacted. */
export function redactUrl(url: string): string {
  void url;
  throw new Error('not implemented yet');
}
