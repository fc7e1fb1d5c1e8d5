import { REDACTED, redactUrl, URL_AUTHORITY } from '../../client/logging/redact.js';

export { REDACTED };

// Values shorter than this are not redacted inside messages: they cannot be a real secret, and hiding
// every "1" would mangle lines such as `HTTP 401: Unauthorized`.
const MIN_SECRET_LENGTH = 4;

/**
 * A path segment that reads as a credential rather than a name or an id: 20 characters or more with
 * lower-case letters, upper-case letters and digits (a Slack or Discord webhook token, Telegram's
 * `bot<token>`). Hex ids, UUIDs, numbers and slugs have no mixed case, so they are shown. The same
 * mixed-case rule as SECRET_WORD of src/client/logging/redact.ts, for values.
 */
const TOKEN_SEGMENT = /(?<=\/)(?=[^/?#]*[a-z])(?=[^/?#]*[A-Z])(?=[^/?#]*\d)[^/?#]{20,}(?=[/?#]|$)/g;

/**
 * A URL fit for output: userinfo (`https://user:pass@host`) becomes `[REDACTED]@`, query values whose
 * names say they are secrets (`?token=...`) become `[REDACTED]`, as in the client's logs; and so does a
 * path segment that reads as a token (TOKEN_SEGMENT), which the CLI's progress and error lines would
 * otherwise show (docs/cli.md, "Secrets").
 */
export function displayUrl(url: URL | string): string {
  const shown = redactUrl(typeof url === 'string' ? url : url.href);
  // The path runs from the end of `scheme://authority` (redactUrl's split) to the query or fragment; a
  // relative or odd URL, a scheme-less `//...` included (no URL the CLI takes), is searched whole.
  const end = shown.search(/[?#]/);
  const beforeQuery = end === -1 ? shown : shown.slice(0, end);
  const found = URL_AUTHORITY.exec(beforeQuery);
  const authority = found === null || found[1] === '//' ? '' : found[0];
  const path = beforeQuery.slice(authority.length);
  return `${authority}${path.replace(TOKEN_SEGMENT, REDACTED)}${shown.slice(beforeQuery.length)}`;
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
