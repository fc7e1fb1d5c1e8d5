import { describe, expect, it } from 'vitest';
import { parseHttpDate, parseRetryAfter } from '../../../src/client/retry/retry-after.js';

const NOW = Date.UTC(2015, 9, 21, 7, 28, 0); // Wed, 21 Oct 2015 07:28:00 GMT

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['1', 1000],
    ['120', 120_000],
    [' 3 ', 3000],
    ['007', 7000],
  ])('reads delay-seconds %j as %i ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it.each([
    ['Wed, 21 Oct 2015 07:28:05 GMT', 5000],
    ['Wednesday, 21-Oct-15 07:28:30 GMT', 30_000],
    ['Wed Oct 21 07:29:00 2015', 60_000],
    ['Thu Oct  1 07:28:00 2015', 0],
    ['Wed, 21 Oct 2015 07:27:00 GMT', 0],
  ])('reads HTTP-date %j as a wait of %i ms from now', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['   '],
    ['-1'],
    ['1.5'],
    ['1e3'],
    ['soon'],
    ['foo 12'],
    ['May 3'],
    ['2015-10-21T07:28:05Z'],
    ['Wed, 31 Feb 2015 07:28:05 GMT'],
    ['Wed, 21 Oct 2015 25:28:05 GMT'],
    ['Wed, 21 Oct 2015 07:28:05 UTC'],
  ])('returns undefined for the invalid value %j', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});

describe('parseHttpDate', () => {
  it('reads the three forms of RFC 9110 as the same instant', () => {
    const expected = Date.UTC(1994, 10, 6, 8, 49, 37);
    const now = Date.UTC(2000, 0, 1);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(expected);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(expected);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994', now)).toBe(expected);
  });

  it('reads a two-digit year more than 50 years ahead as the past century', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
    expect(parseHttpDate('Monday, 06-Nov-30 08:49:37 GMT', now)).toBe(Date.UTC(2030, 10, 6, 8, 49, 37));
  });
});
