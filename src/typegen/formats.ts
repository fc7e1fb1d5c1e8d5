// Recognizing string formats (values) and id-like keys (map detection). Each pattern is at least as
// strict as the JSON Schema validators' (ajv-formats "full" mode), so a value documented as `email` or
// `date-time` also passes those validators.
import type { StringFormat } from './model.js';

// Formats as bits, so "every string seen so far" is an AND of masks. Order = priority when two remain.
export const DATE_TIME = 1;
export const DATE = 2;
export const UUID = 4;
export const EMAIL = 8;
export const URI = 16;
// DATE_TIME | DATE | UUID | EMAIL | URI, written as its value: a bundler keeps an expression over other
// constants at the top of dist/index.js even in a bundle that never uses it.
export const ALL_FORMATS = 31;

const FORMAT_NAMES: ReadonlyArray<readonly [number, StringFormat]> = [
  [DATE_TIME, 'date-time'],
  [DATE, 'date'],
  [UUID, 'uuid'],
  [EMAIL, 'email'],
  [URI, 'uri'],
];

// RFC 3339 full-date and date-time. A date-time needs its offset (`Z` or `+02:00`): a local time such as
// `2024-05-01T10:00:00` names no instant and is no RFC 3339 date-time.
const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_PATTERN =
  /^(\d{4}-\d{2}-\d{2})[Tt ]([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The HTML/ajv-formats address grammar: dot-atoms before the `@`, a dotted host name after it.
// Host labels of at most 63 characters (RFC 1035).
const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
// Absolute http(s) URLs made of RFC 3986 characters only (a template such as GitHub's `{/owner}` is not
// a URI), with a host, `%` only as a percent-escape, and at most one `#` (a fragment holds none).
const URI_PATTERN =
  /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?](?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?(?:#(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?$/;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isFullDate(text: string): boolean {
  const match = FULL_DATE.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  if (month === 2 && day === 29) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1]!;
}

/**
 * The formats of `mask` that `text` has. Only the formats still possible are tested, so a position
 * whose strings already disagree (mask 0) costs nothing.
 */
export function stringFormats(text: string, mask: number): number {
  let found = 0;
  if (mask & DATE_TIME) {
    const match = DATE_TIME_PATTERN.exec(text);
    if (match !== null && isFullDate(match[1]!)) found |= DATE_TIME;
  }
  if (mask & DATE && isFullDate(text)) found |= DATE;
  if (mask & UUID && UUID_PATTERN.test(text)) found |= UUID;
  if (mask & EMAIL && EMAIL_PATTERN.test(text)) found |= EMAIL;
  if (mask & URI && URI_PATTERN.test(text)) found |= URI;
  return found;
}

/** The format a mask stands for: its highest-priority bit, or none. */
export function formatOf(mask: number): StringFormat | undefined {
  for (const [bit, name] of FORMAT_NAMES) if (mask & bit) return name;
  return undefined;
}

/** The bit of a format name (for turning a model back into a Shape). */
export function formatBit(format: StringFormat): number {
  for (const [bit, name] of FORMAT_NAMES) if (name === format) return bit;
  return 0;
}

// Keys that are ids or dates (map detection). The id patterns are the CLI's id-like path segments
// (docs/cli.md, "Output file and type name"); dates may carry a time, with or without an offset.
const ID_OR_DATE_KEY: readonly RegExp[] = [
  /^\d+$/,
  UUID_PATTERN,
  /^[0-9a-f]{24}$/i,
  /^(?=.*\d)[0-9a-f]{16,}$/i,
  /^\d{4}-\d{2}(?:-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?)?$/,
];

/** True when `key` is an id (digits, UUID, object id, long hex) or an ISO date, month or date-time. */
export function isIdOrDateKey(key: string): boolean {
  return ID_OR_DATE_KEY.some((pattern) => pattern.test(key));
}

// Keys that are data rather than member names (map detection, docs/type-inference.md#maps): versions
// (`1.2`, `v2.0.1`, `15.2-15.3`), MIME types (`application/json`), paths (`/users`), URLs, email
// addresses, language tags with a region (`en-US`, `pt_BR`), and the ids and dates above. A record's
// members are words (`name`, `html_url`, `createdAt`); none of these patterns matches a word.
const DATA_KEY: readonly RegExp[] = [
  /^v?\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.-]+)?(?:-\d+(?:\.\d+)*)?$/,
  /^\d+(?:\.\d+)*-\d+(?:\.\d+)*$/,
  /^[a-z]+\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i,
  /^\.{0,2}\//,
  /^[a-z][a-z0-9+.-]*:\/\//i,
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  /^[a-z]{2,3}[-_](?:[A-Z]{2}|\d{3}|[A-Z][a-z]{3})$/,
];

/** True when `key` looks like data (a version, MIME type, path, URL, email, locale, id or date). */
export function isDataKey(key: string): boolean {
  return isIdOrDateKey(key) || DATA_KEY.some((pattern) => pattern.test(key));
}

export const ID_KEY = 1;
export const DATA_KEY_BIT = 2;
/**
 * The kind of an id or date key, `ID_KEY | DATA_KEY_BIT` (it is data too), written as its value: a
 * bundler keeps an expression over other constants in a bundle of dist/index.js that never uses it.
 */
export const ID_KIND = 3;
const KEY_CACHE_LIMIT = 50_000;
const keyKinds = new Map<string, number>();

/**
 * `ID_KEY` and/or `DATA_KEY_BIT` for a key, remembered: the same keys recur at every position of a large
 * document, and each costs a dozen regular expressions the first time.
 */
export function keyKind(key: string): number {
  let kind = keyKinds.get(key);
  if (kind === undefined) {
    kind = isIdOrDateKey(key) ? ID_KIND : DATA_KEY.some((p) => p.test(key)) ? DATA_KEY_BIT : 0;
    if (keyKinds.size >= KEY_CACHE_LIMIT) keyKinds.clear();
    keyKinds.set(key, kind);
  }
  return kind;
}
