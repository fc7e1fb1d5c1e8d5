// RFC 9110 section 10.2.3: Retry-After = HTTP-date / delay-seconds, where delay-seconds = 1*DIGIT.
// HTTP-date (section 5.6.7) has three forms; all are UTC. They are matched exactly because
// Date.parse is far too lenient (V8 reads "-1" or "foo 12" as dates in 2001).
const DELAY_SECONDS = /^\d+$/;
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
/** Monday, Tuesday, ... Sunday. */
const LONG_DAY = '(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
/** Sun, 06 Nov 1994 08:49:37 GMT */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** Sunday, 06-Nov-94 08:49:37 GMT (obsolete) */
const RFC_850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
/** Sun Nov  6 08:49:37 1994 (obsolete, C's asctime) */
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

/**
 * The wait in ms that a `Retry-After` header value asks for, or `undefined` when the value is
 * missing or invalid (then the computed backoff applies).
 *
 * `now` is the current time in ms since the Unix epoch (what `Date.now()` returns): an HTTP-date is
 * turned into a wait by subtracting `now` from it. A date in the past means "retry now" (0).
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (DELAY_SECONDS.test(text)) return Number(text) * 1000;
  const date = parseHttpDate(text, now);
  return date === undefined ? undefined : Math.max(0, date - now);
}

/** An HTTP-date in ms since the epoch, or `undefined` when `text` is not one. */
export function parseHttpDate(text: string, now: number): number | undefined {
  let match = IMF_FIXDATE.exec(text);
  if (match) return toEpoch(Number(match[3]), match[2], Number(match[1]), match.slice(4, 7));
  match = RFC_850.exec(text);
  if (match) {
    // RFC 9110: a two-digit year more than 50 years in the future is the most recent past year
    // with the same last two digits.
    const currentYear = new Date(now).getUTCFullYear();
    let year = Math.floor(currentYear / 100) * 100 + Number(match[3]);
    if (year > currentYear + 50) year -= 100;
    return toEpoch(year, match[2], Number(match[1]), match.slice(4, 7));
  }
  match = ASCTIME.exec(text);
  if (match) return toEpoch(Number(match[6]), match[1], Number(match[2]), match.slice(3, 6));
  return undefined;
}

function toEpoch(
  year: number,
  monthName: string | undefined,
  day: number,
  time: string[],
): number | undefined {
  const month = MONTHS.indexOf(monthName ?? '');
  const [hour, minute, second] = time.map(Number);
  if (hour === undefined || minute === undefined || second === undefined) return undefined;
  const ms = Date.UTC(year, month, day, hour, minute, second);
  // Date.UTC rolls over (31 Feb -> 3 Mar, 25:00 -> the next day): such text is not a date.
  const back = new Date(ms);
  const exact =
    back.getUTCDate() === day &&
    back.getUTCHours() === hour &&
    back.getUTCMinutes() === minute &&
    back.getUTCSeconds() === second;
  return exact ? ms : undefined;
}
