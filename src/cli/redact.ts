/** What stands in for a hidden value. */
export const REDACTED = '[REDACTED]';

// The same query names the client's logger hides (decisions.md, "Logging"), compared in lower case.
const SECRET_QUERY_NAMES = new Set([
  'token',
  'access_token',
  'api_key',
  'apikey',
  'key',
  'password',
  'secret',
  'signature',
  'sig',
]);

// Values shorter than this are not redacted inside messages: they cannot be a real secret, and hiding
// every "1" would mangle lines such as `HTTP 401: Unauthorized`.
const MIN_SECRET_LENGTH = 4;

/**
 * A URL fit for output: userinfo (`https://user:pass@host`) becomes `[REDACTED]@`, and query values
 * whose names say they are secrets (`?token=...`) become `[REDACTED]`. The rest is left as written.
 */
export function displayUrl(url: URL | string): string {
  const text = typeof url === 'string' ? url : url.href;
  const withoutUserinfo = text.replace(/^([^:/?#]+:\/\/)[^/?#]*@/, `$1${REDACTED}@`);
  return withoutUserinfo.replace(/([?&])([^=&#]*)=([^&#]*)/g, (match, separator: string, name: string) =>
    SECRET_QUERY_NAMES.has(safeDecode(name).toLowerCase()) ? `${separator}${name}=${REDACTED}` : match,
  );
}

/** Replaces every occurrence of each secret in `text` (error messages may quote what they were given). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join(REDACTED);
  }
  return result;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
