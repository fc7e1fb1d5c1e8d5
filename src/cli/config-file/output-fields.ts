// The config file's `format`, `named`, `maps` and `formats`, at the top level (every endpoint) or in an
// endpoint (that one only). Only the keys present are returned, so an endpoint inherits the rest.
import { resolveFormat } from '../args/values.js';
import type { OutputOverrides } from '../job/output-format.js';
import { invalid, type Json } from './validate.js';

/** `prefix` is `''` at the top level and `endpoints[2].` in an endpoint. */
export function outputFields(entry: Json, prefix: string): OutputOverrides {
  let format: OutputOverrides['format'];
  if (entry['format'] !== undefined) {
    if (typeof entry['format'] !== 'string') {
      invalid(`${prefix}format must be a string, got ${JSON.stringify(entry['format'])}`);
    }
    format = resolveFormat(entry['format'] as string, `${prefix}format`);
  }
  const flag = (key: 'named' | 'maps' | 'formats'): boolean | undefined => {
    const value = entry[key];
    if (value === undefined || typeof value === 'boolean') return value;
    return invalid(`${prefix}${key} must be true or false, got ${JSON.stringify(value)}`);
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
