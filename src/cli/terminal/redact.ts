import { REDACTED, redactUrl } from '../../client/logging/redact.js';

export { REDACTED };

// Values shorter than this are not redacted inside messages: they cannot be a real secret, and hiding
// every "1" would mangle lines such as `HTTP 401: Unauthorized`.
const MIN_SECRET_LENGTH = 4;

/**
 * A URL fit for output: userinfo (`https://user:pass@host`) becomes `[REDACTED]@`, and query values
 * whose names say they are secrets (`?token=...`) become `[REDACTED]`. The client's logger uses the same
 * rule, so the CLI and the logs hide the same things.
 */
export function displayUrl(url: URL | string): string {
  return redactUrl(typeof url === 'string' ? url : url.href);
}

/** Replaces every occurrence of each secret in `text` (error messages may quote what they were given). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join(REDACTED);
  }
  return result;
}
