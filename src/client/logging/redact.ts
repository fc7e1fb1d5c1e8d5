/** Header names redacted by default in logs. Extend it: `[...DEFAULT_REDACT_HEADER_KEYS, 'x-session']`. */
export const DEFAULT_REDACT_HEADER_KEYS: readonly string[] = Object.freeze([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
]);

/** What a secret is replaced by in log output. */
export const REDACTED = '[REDACTED]';

/**
 * Query parameter names whose values are redacted in logged URLs (the list is in docs/logging.md): the
 * usual names of tokens, keys and passwords, session ids, and the common bearer secrets in URLs (OAuth
 * tokens, presigned S3/GCS signatures) that would leak just as badly. Not `code`: `?code=US` is common
 * data (docs/logging.md). Written as names are compared: lower case, without `_` and `-`, so
 * `access_token`, `accessToken` and `Access-Token` are one name.
 */
export const SECRET_QUERY_NAMES: ReadonlySet<string> = new Set([
  'token',
  'accesstoken',
  'apikey',
  'key',
  'password',
  'secret',
  'signature',
  'sig',
  'refreshtoken',
  'idtoken',
  'authtoken',
  'sessiontoken',
  'clientsecret',
  'apitoken',
  'privatetoken',
  'privatekey',
  'secretkey',
  'passwd',
  'jwt',
  'oauthtoken',
  'csrftoken',
  'xsrftoken',
  'sessionid',
  'session',
  'sid',
  'xamzsignature',
  'xamzsecuritytoken',
  'xgoogsignature',
]);

/**
 * The default header names as names are compared (`x-api-key` -> `xapikey`): a JSON member or a query
 * parameter named like a header whose value the logs hide (`Authorization`, `Cookie`) holds a secret too.
 */
const SECRET_HEADER_NAMES: ReadonlySet<string> = new Set(
  DEFAULT_REDACT_HEADER_KEYS.map((key) => key.replace(/[-_]/g, '')),
);

/**
 * A header name that says it carries a secret, redacted whatever `keys` holds (as query names are):
 * a word `token`, `secret`, `password`, `passwd` or `signature`, or `api-key`/`apikey`/`api_key`
 * (`X-Auth-Token`, `Private-Token`, `X-Goog-Api-Key`, `X-Amz-Security-Token`). docs/logging.md#headers.
 */
const SECRET_HEADER_WORD = /(?:^|[-_])(?:token|secret|password|passwd|signature|api[-_]?key)(?:[-_]|$)/;

/**
 * Headers as a plain object for logging, the values of `keys` (case-insensitive) and of headers whose
 * names say they hold a secret replaced by `[REDACTED]`.
 */
export function redactHeaders(
  headers: Headers | HeadersInit,
  keys: readonly string[],
): Record<string, string> {
  const secret = new Set(keys.map((key) => String(key).trim().toLowerCase()));
  const list = headers instanceof Headers ? headers : new Headers(headers);
  // A null-prototype object: a header named `__proto__` must stay a plain entry.
  const out: Record<string, string> = Object.create(null);
  // Headers iterates with lower-case names; set-cookie comes once per cookie, hence the join.
  for (const [name, value] of list) {
    const hidden = secret.has(name) || SECRET_HEADER_WORD.test(name);
    out[name] = name in out && !hidden ? `${out[name]}, ${value}` : hidden ? REDACTED : value;
  }
  return { ...out };
}

/**
 * A compound name whose last word is a secret's (`github_token`, `clientToken`, `webhook-secret`,
 * `userPassword`), written as isSecretName splits it. Only the last word counts: `token_type` and
 * `password_changed_at` name something about the secret, not the secret. The words are SECRET_HEADER_WORD's,
 * written out again: a shared source built with `new RegExp` costs the client bytes that gzip already saves.
 */
const SECRET_LAST_WORD = /(?:^|[-_])(?:token|secret|password|passwd|signature|api[-_]?key)$/;

/**
 * Whether a name (of a query parameter, or of a JSON member) is one whose value is a secret: `token`,
 * `access_token`, `apiKey`, `password`, ... (SECRET_QUERY_NAMES, compared as it holds them), a
 * default redacted header's (`Authorization`, `Cookie`, `X-Api-Key`), or one ending in a secret's word
 * (SECRET_LAST_WORD).
 */
export function isSecretName(name: string): boolean {
  // Percent-decoded, camelCase split into words (`clientToken` -> `client_token`), lower case.
  const words = decodeName(name)
    .replace(/([a-z\d])(?=[A-Z])/g, '$1_')
    .toLowerCase();
  const joined = words.replace(/[-_]/g, '');
  return SECRET_QUERY_NAMES.has(joined) || SECRET_HEADER_NAMES.has(joined) || SECRET_LAST_WORD.test(words);
}

/**
 * A word of a value that reads as a credential: 20 characters or more mixing lower-case letters,
 * upper-case letters and digits (an API key, `ghp_...`, `sk_live_...`, a JWT), or 16 hex digits or more
 * with a digit (a hex key). Words and codes (`PENDING`, `gpt-4o-mini`), UUIDs and short ids are not.
 * TOKEN_SEGMENT applies the same mixed-case rule to path segments.
 */
const SECRET_WORD =
  /(?:^|\s)(?:(?=\S*[a-z])(?=\S*[A-Z])(?=\S*\d)\S{20,}|(?=[\dA-Fa-f]*\d)[\dA-Fa-f]{16,}(?!\S))/;

/**
 * Credentials known by their prefix that SECRET_WORD misses (no mixed case, no hex form): Slack tokens
 * (`xoxb-...`, `xoxp-...`, `xapp-...`) and AWS access key ids (`AKIA...`, `ASIA...`).
 */
const PREFIXED_SECRET = /(?:^|\s)(?:xox[abeoprs]-|xapp-)[\w-]{10,}|\b(?:AKIA|ASIA)[\dA-Z]{16}\b/;

/**
 * Whether a value holds a word that reads as a credential (SECRET_WORD, PREFIXED_SECRET), or is an
 * Authorization value `Bearer <token>`: such a value never becomes a literal of a generated type,
 * whatever its member is named (docs/type-inference.md#enums-enums-true).
 */
export function looksLikeSecret(value: string): boolean {
  return SECRET_WORD.test(value) || PREFIXED_SECRET.test(value) || /^bearer\s+\S/i.test(value);
}

/** A query name percent-decoded (`+` is a space), or as written when its %-escapes are malformed. */
function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** `a=1&token=x` -> `a=1&token=[REDACTED]`; pairs keep their order and their original spelling. */
function redactPairs(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      return isSecretName(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The start of a URL up to its path: `scheme://` (or `//`) in group 1, the authority, userinfo included,
 * in group 2. Match it on the URL without its query and fragment.
 */
const URL_AUTHORITY = /^((?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/)([^/\\]*)/;

/**
 * A path segment that reads as a credential rather than a name or an id: 20 characters or more with
 * lower-case letters, upper-case letters and digits (a share link's or a reset link's token, a Slack or
 * Discord webhook token, Telegram's `bot<token>`). Hex ids, UUIDs, numbers and slugs have no mixed case,
 * so they are shown. The same mixed-case rule as SECRET_WORD, for values.
 */
const TOKEN_SEGMENT = /(?<=\/)(?=[^/?#]*[a-z])(?=[^/?#]*[A-Z])(?=[^/?#]*\d)[^/?#]{20,}(?=[/?#]|$)/g;

/**
 * The URL with secret-looking query values (token, api_key, password, ...), any userinfo and path
 * segments that read as tokens (TOKEN_SEGMENT) redacted. Works on the string as written, so it never
 * throws and never reformats the URL: relative and odd URLs are handled too. A fragment is treated like
 * a query (`#access_token=...` of OAuth's implicit flow). One home: the client's logs and errors, the
 * CLI's lines (docs/logging.md#urls).
 * @example redactUrl('https://u:p@h/x?token=abc&page=2') // 'https://[REDACTED]@h/x?token=[REDACTED]&page=2'
 */
export function redactUrl(url: string): string {
  let text = String(url);
  let fragment = '';
  const hash = text.indexOf('#');
  if (hash !== -1) {
    fragment = `#${redactPairs(text.slice(hash + 1))}`;
    text = text.slice(0, hash);
  }
  let query = '';
  const mark = text.indexOf('?');
  if (mark !== -1) {
    query = `?${redactPairs(text.slice(mark + 1))}`;
    text = text.slice(0, mark);
  }
  // Userinfo is everything up to the last `@` of the authority (`//` up to the first `/`); a username
  // alone can be a token (`https://<token>@github.com`), so all of it goes.
  const [authority = '', start = '', host = ''] = URL_AUTHORITY.exec(text) ?? [];
  let head = start + (host.includes('@') ? REDACTED + host.slice(host.lastIndexOf('@')) : host);
  let path = text.slice(authority.length);
  // The path starts after `scheme://authority`; a scheme-less `//...` (perhaps a path) is searched whole.
  if (start === '//') {
    path = head + path;
    head = '';
  }
  return `${head}${path.replace(TOKEN_SEGMENT, REDACTED)}${query}${fragment}`;
}
