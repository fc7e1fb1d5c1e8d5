import { safeDecode } from '../../shared/safe-decode.js';
import { UsageError } from '../errors.js';

/** One `--header` argument, split at its first colon. */
export interface HeaderArg {
  readonly name: string;
  readonly value: string;
}

// RFC 9110 section 5.1: a field name is a token.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const LEADING_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;
// RFC 9110 section 5.5: no CR, LF or NUL; fetch's Headers also refuses anything above U+00FF.
const BAD_VALUE_CHAR = /[\0\r\n\u0100-\uffff]/;
// The other control characters but tab, which fetch refuses too (`fetch failed` would be all it says).
const CONTROL_CHAR = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Parses `Name: value`. Only the first colon separates, so values may hold colons (`Bearer a:b`, URLs).
 * The name is trimmed, and the spaces after the colon are dropped. Errors name the header, never its value:
 * the value is usually a credential.
 * @param position 1-based index among the `--header` arguments, to point at the bad one.
 */
export function parseHeader(raw: string, position: number): HeaderArg {
  const colon = raw.indexOf(':');
  if (colon === -1) {
    throw new UsageError(`--header #${position} must look like "Name: value" (no colon found)`);
  }
  const name = raw.slice(0, colon).trim();
  const value = raw.slice(colon + 1).replace(/^[ \t]+/, '');
  if (name === '') throw new UsageError(`--header #${position} has an empty name before the colon`);
  if (!TOKEN.test(name)) throw new UsageError(badNameMessage(name, position));
  checkHeaderValue(name, value);
  return { name, value };
}

/**
 * Throws when a `--header` was split by the shell: its value is empty, or only an auth scheme
 * (`Bearer`), and more than one positional argument follows, the rest of the value among them. Checked
 * before the positionals are read as samples, so the error never quotes them (one is usually a token).
 */
export function checkHeadersQuoted(raws: readonly string[], positionals: number): void {
  if (positionals < 2) return;
  raws.forEach((raw, index) => {
    const colon = raw.indexOf(':');
    if (colon === -1) return;
    const value = raw.slice(colon + 1).trim();
    if (value !== '' && !/^(?:bearer|basic|token|bot|digest)$/i.test(value)) return;
    const name = raw.slice(0, colon).trim();
    const shown = TOKEN.test(name) ? `"${name}: ${value === '' ? '' : `${value} `}..."` : '';
    throw new UsageError(
      `--header #${index + 1} ${shown}${shown === '' ? '' : ' '}looks cut off by the shell: quote the whole header, as in --header "Name: value with spaces"`,
    );
  });
}

/**
 * The error for a `--header` whose text before the first colon is not a header name. That text may hold
 * a value (`Authorization Bearer abc:def`, a space written for the colon), so the message shows only the
 * header-name characters it starts with, never what follows them.
 */
function badNameMessage(name: string, position: number): string {
  const start = LEADING_TOKEN.exec(name)?.[0] ?? '';
  const what =
    start === ''
      ? 'the text before the first colon is not a header name'
      : `the name "${start}" is followed by a character a header name cannot hold`;
  return `--header #${position} must look like "Name: value": ${what}`;
}

/** Throws a UsageError unless `name` is a header name. `label` says where it came from. */
export function checkHeaderName(name: string, label = '--header'): void {
  if (!TOKEN.test(name)) throw new UsageError(`${label} "${name}" is not a valid header name`);
}

/** Throws a UsageError, naming the header but never showing the value, unless HTTP can send `value`. */
export function checkHeaderValue(name: string, value: string, label = '--header'): void {
  if (BAD_VALUE_CHAR.test(value)) {
    throw new UsageError(
      `${label} "${name}" has a value with a line break, NUL or a character above U+00FF, which HTTP cannot send`,
    );
  }
  if (CONTROL_CHAR.test(value)) {
    throw new UsageError(`${label} "${name}" has a value with a control character, which HTTP cannot send`);
  }
}

/** True when one of the headers sets `name` (header names are case-insensitive). */
export function hasHeader(headers: readonly HeaderArg[], name: string): boolean {
  const wanted = name.toLowerCase();
  return headers.some((header) => header.name.toLowerCase() === wanted);
}

/**
 * The `Authorization` value sent for a URL's userinfo (`https://user:pass@host`), or `undefined` when the
 * URL has none. It is a credential like a `--header` value, so output redacts it too.
 */
export function basicAuthorization(url: URL): string | undefined {
  if (url.username === '' && url.password === '') return undefined;
  const credentials = `${safeDecode(url.username)}:${safeDecode(url.password)}`;
  return `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
}
