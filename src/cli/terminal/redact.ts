import { REDACTED, redactUrl } from '../../client/logging/redact.js';

export { REDACTED };

// Values shorter than this are not redacted inside messages: they cannot be a real secret, and hiding
// every "1" would mangle lines such as `HTTP 401: Unauthorized`.
const MIN_SECRET_LENGTH = 4;

/**
 * A URL fit for output: userinfo (`https://user:pass@host`) becomes `[REDACTED]@`, query values whose
 * names say they are secrets (`?token=...`) and path segments that read as tokens become `[REDACTED]`,
 * as in the client's logs: redactUrl's rules (docs/cli.md, "Secrets").
 */
export function displayUrl(url: URL | string): string {
  return redactUrl(typeof url === 'string' ? url : url.href);
}

/**
 * Replaces every occurrence of each secret in `text` (error messages may quote what they were given),
 * and the part of a secret that a cut in the text left (see {@link CUT}).
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const kept = secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
  let result = text;
  for (const secret of kept) result = result.split(secret).join(REDACTED);
  return kept.length === 0 ? result : redactCutSecrets(result, kept);
}

// Where a message quotes a cut piece of text, a secret may be cut too and no longer match whole: the
// excerpt of a body under --verbose ends with `…`, and the JSON parser quotes `..."<some text>"...`.
const CUT = /…|"\.\.\.|\.\.\."/g;

/** Replaces the run of characters next to each cut (before an end, after a start) that a secret holds. */
function redactCutSecrets(text: string, secrets: readonly string[]): string {
  const inSecret = (part: string) => secrets.some((secret) => secret.includes(part));
  const spans: [number, number][] = [];
  for (const match of text.matchAll(CUT)) {
    const start = match.index;
    const end = start + match[0].length;
    let length = MIN_SECRET_LENGTH - 1;
    if (match[0] === '..."') {
      while (end + length < text.length && inSecret(text.slice(end, end + length + 1))) length++;
      if (length >= MIN_SECRET_LENGTH) spans.push([end, end + length]);
    } else {
      while (start - length > 0 && inSecret(text.slice(start - length - 1, start))) length++;
      if (length >= MIN_SECRET_LENGTH) spans.push([start - length, start]);
    }
  }
  // A piece cut at both ends (the middle of a long secret) is found from both of its cuts: merge them.
  spans.sort((a, b) => a[0] - b[0]);
  let result = '';
  let done = 0;
  for (const [from, to] of spans) {
    if (from >= done) result += text.slice(done, from) + REDACTED;
    done = Math.max(done, to);
  }
  return result + text.slice(done);
}
