// Checks of values read from a config file. Each throws a UsageError saying where in the file and what
// is wrong, as the command line's checks (args/values.ts) do; resolveConfig puts the file's name in front.
import { isIntegerIn } from '../../shared/integer-range.js';
import { UsageError } from '../errors.js';
import { displayUrl } from '../terminal/redact.js';

export type Json = Record<string, unknown>;

/** Throws the UsageError of a config mistake. */
export function invalid(message: string): never {
  throw new UsageError(message);
}

export function httpUrl(raw: unknown, where: string): URL {
  const text = typeof raw === 'string' ? raw : invalid(`${where} must be a string`);
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // Reported below.
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return invalid(`${where} must be an absolute http(s) URL, got "${displayUrl(text)}"`);
  }
  return url;
}

export function object(raw: unknown, where: string): Json {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) invalid(`${where} must be an object`);
  return raw as Json;
}

export function checkKeys(value: Json, allowed: readonly string[], prefix: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) invalid(`unknown key "${prefix}${key}" (allowed: ${allowed.join(', ')})`);
  }
}

export function optionalString(raw: unknown, where: string): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw.trim() === '') return invalid(`${where} must be a non-empty string`);
  return raw.trim();
}

export function wholeNumber(raw: unknown, where: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!isIntegerIn(raw, min, max)) {
    invalid(`${where} must be a whole number from ${min} to ${max}, got ${shownValue(raw)}`);
  }
  return raw as number;
}

/**
 * A value as a message shows it: JSON where JSON can write it (`"5"`, `0`, `{"a":1}`), and what a
 * JavaScript config may hold besides (`Infinity`, `NaN`, `4n`, `a function`) in words, never a throw.
 */
export function shownValue(raw: unknown): string {
  if (typeof raw === 'number' && !Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'bigint') return `${raw}n`;
  if (raw === undefined) return 'undefined';
  if (typeof raw === 'function' || typeof raw === 'symbol') return `a ${typeof raw}`;
  try {
    return JSON.stringify(raw) ?? String(raw);
  } catch {
    return `an ${Array.isArray(raw) ? 'array' : 'object'} JSON cannot write`;
  }
}

/** `raw` as JSON text; a value JSON cannot write (a BigInt, a cycle, a function) is a config mistake. */
export function jsonText(raw: unknown, where: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(raw);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return invalid(`${where} cannot be sent as JSON: ${message.split('\n')[0]}`);
  }
  return text ?? invalid(`${where} must be a JSON value, got a ${typeof raw}`);
}
