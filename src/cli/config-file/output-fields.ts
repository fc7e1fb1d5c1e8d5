// The config file's `format`, `named`, `maps` and `formats`, at the top level (every endpoint) or in an
// endpoint (that one only). Only the keys present are returned, so an endpoint inherits the rest.
import { resolveFormat } from '../args/values.js';
import type { OutputOverrides } from '../job/output-format.js';
import type { Fail, Json } from './validate.js';

export const OUTPUT_KEYS = ['format', 'named', 'maps', 'formats'] as const;

/** `prefix` is `''` at the top level and `endpoints[2].` in an endpoint. */
export function outputFields(entry: Json, prefix: string, fail: Fail): OutputOverrides {
  let format: OutputOverrides['format'];
  if (entry['format'] !== undefined) {
    if (typeof entry['format'] !== 'string') {
      fail(`${prefix}format must be a string, got ${JSON.stringify(entry['format'])}`);
    }
    try {
      format = resolveFormat(entry['format'] as string, `${prefix}format`);
    } catch (error) {
      fail((error as Error).message);
    }
  }
  const flag = (key: 'named' | 'maps' | 'formats'): boolean | undefined => {
    const value = entry[key];
    if (value === undefined || typeof value === 'boolean') return value;
    return fail(`${prefix}${key} must be true or false, got ${JSON.stringify(value)}`);
  };
  const named = flag('named');
  const maps = flag('maps');
  const formats = flag('formats');
  return {
    ...(format === undefined ? {} : { format }),
    ...(named === undefined ? {} : { named }),
    ...(maps === undefined ? {} : { maps }),
    ...(formats === undefined ? {} : { formats }),
  };
}
