import { optionError } from './check.js';
import { safeHeaders } from './headers.js';
import { listOf } from './layers/interceptors.js';
import { resolveErrorMessages } from './options.js';
import type { ApiClientConfig } from './types.js';

/**
 * The config of a client made by `client.extend(config)`: `defaultHeaders` merged by case-insensitive
 * name (the new value wins), interceptors the parent's followed by the new ones, `errorMessages`
 * merged per locale and status; every other field given (not `undefined`) replaces the parent's.
 * The circuit breaker is shared by the caller (see docs/client.md, "Derived clients: extend").
 */
export function mergeClientConfig(parent: ApiClientConfig, child: ApiClientConfig): ApiClientConfig {
  if (typeof child !== 'object' || child === null) {
    throw optionError('extend(config): config', 'be an object', child);
  }
  const merged: Record<string, unknown> = { ...parent };
  // The base URL has two names; a new one replaces the parent's, whichever name either used.
  if ((child.baseUrl ?? child.baseURL) !== undefined) merged['baseUrl'] = merged['baseURL'] = undefined;
  for (const [key, value] of Object.entries(child)) if (value !== undefined) merged[key] = value;
  const { defaultHeaders, interceptors, errorMessages } = child;
  if (defaultHeaders !== undefined) {
    const headers = safeHeaders('defaultHeaders', parent.defaultHeaders);
    const added = safeHeaders('defaultHeaders', defaultHeaders);
    for (const name of added.keys()) headers.delete(name);
    for (const [name, value] of added) headers.append(name, value);
    merged['defaultHeaders'] = [...headers];
  }
  // Not an object: left as given, for resolveClientConfig to refuse on one line.
  if (typeof interceptors === 'object' && interceptors !== null) {
    const inherited = parent.interceptors;
    // Its other keys kept, for resolveClientConfig to refuse a misspelt one (`onRequest`).
    merged['interceptors'] = {
      ...interceptors,
      request: [...listOf(inherited?.request), ...listOf(interceptors.request)],
      response: [...listOf(inherited?.response), ...listOf(interceptors.response)],
    };
  }
  // Checked first, so that a bad value is reported as given rather than merged.
  if (resolveErrorMessages(errorMessages) !== undefined) {
    const messages: Record<string, unknown> = { ...parent.errorMessages };
    for (const [locale, byStatus] of Object.entries(errorMessages as object)) {
      messages[locale] = { ...(messages[locale] as object | undefined), ...byStatus };
    }
    merged['errorMessages'] = messages;
  }
  return merged as ApiClientConfig;
}
