// Checks of values read from a config file. Each reports through `fail`, which throws a UsageError
// naming the config file, so a message only says where in the file and what is wrong.
import { displayUrl } from '../terminal/redact.js';

export type Fail = (message: string) => never;
export type Json = Record<string, unknown>;

export function httpUrl(raw: unknown, where: string, fail: Fail): URL {
  const text = typeof raw === 'string' ? raw : fail(`${where} must be a string`);
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // Reported below.
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return fail(`${where} must be an absolute http(s) URL, got "${displayUrl(text)}"`);
  }
  return url;
}

export function object(raw: unknown, where: string, fail: Fail): Json {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(`${where} must be an object`);
  return raw as Json;
}

export function checkKeys(value: Json, allowed: readonly string[], prefix: string, fail: Fail): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) fail(`unknown key "${prefix}${key}" (allowed: ${allowed.join(', ')})`);
  }
}

export function optionalString(raw: unknown, where: string, fail: Fail): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw.trim() === '') return fail(`${where} must be a non-empty string`);
  return raw.trim();
}

export function wholeNumber(
  raw: unknown,
  where: string,
  min: number,
  max: number,
  fail: Fail,
): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < min || raw > max) {
    fail(`${where} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return raw as number;
}
