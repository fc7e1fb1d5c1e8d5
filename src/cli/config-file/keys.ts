// The keys a config file may hold, taken from its types: the compiler rejects a list that misses a key
// of TypefetchConfig (or TypefetchEndpointConfig) or names one they do not have, so the two cannot drift.
import type { TypefetchConfig, TypefetchEndpointConfig } from './schema.js';

type EveryKey<T> = { readonly [K in keyof Required<T>]: true };

/** The generator's keys, the same at the top level and per endpoint. */
const OUTPUT_KEYS = {
  format: true,
  named: true,
  maps: true,
  formats: true,
  enums: true,
  taggedUnions: true,
  integers: true,
} as const;

/** The keys of a whole config file. */
export const CONFIG_KEYS = Object.keys({
  $schema: true,
  out: true,
  baseUrl: true,
  concurrency: true,
  timeout: true,
  headers: true,
  ...OUTPUT_KEYS,
  endpoints: true,
  har: true,
} satisfies EveryKey<TypefetchConfig>);

/** The keys of one endpoint. */
export const ENDPOINT_KEYS = Object.keys({
  name: true,
  url: true,
  method: true,
  headers: true,
  body: true,
  samples: true,
  timeout: true,
  ...OUTPUT_KEYS,
} satisfies EveryKey<TypefetchEndpointConfig>);
