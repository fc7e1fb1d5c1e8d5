import type { ApiClientConfig, Locale } from '../types.js';
import { en } from './en.js';
import { es } from './es.js';

/** HTTP statuses with a built-in message; any other status uses `fallback`. */
export type MessageStatus = 0 | 400 | 401 | 403 | 404 | 408 | 409 | 422 | 429 | 500 | 502 | 503 | 504;

/**
 * Every message a catalog must define. Both locales are checked against this one type, so a key
 * missing from (or extra in) either catalog fails the build.
 */
export type MessageKey =
  | MessageStatus
  | 'fallback'
  | 'circuitOpen'
  | 'validationFailed'
  | 'invalidJson'
  | 'notEventStream'
  | 'totalTimeout';

export type MessageCatalog = Record<MessageKey, string>;

/** The built-in catalogs, one per locale. */
export const catalogs = { en, es } as const satisfies Record<Locale, MessageCatalog>;

export type ErrorMessageOverrides = NonNullable<ApiClientConfig['errorMessages']>;

/**
 * The message of an HTTP status (0 for a network failure): the caller's override for that locale and
 * status, else the built-in message of that locale and status, else that locale's fallback.
 */
export function statusMessage(
  status: number,
  locale: Locale,
  overrides: ErrorMessageOverrides | undefined,
): string {
  const catalog: Partial<Record<number, string>> & MessageCatalog = catalogs[locale];
  const text = overrides?.[locale]?.[status] ?? catalog[status] ?? catalog.fallback;
  // `{status}` in any message is replaced by the status code (used by `fallback`).
  return text.replaceAll('{status}', String(status));
}

/** A message that is not tied to a status (circuit open, validation failure, invalid JSON, ...). */
export function eventMessage(key: Exclude<MessageKey, MessageStatus | 'fallback'>, locale: Locale): string {
  return catalogs[locale][key];
}
