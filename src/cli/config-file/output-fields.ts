// The config file's `format`, `named`, `maps`, `formats`, `enums`, `taggedUnions` and `integers`, at the
// top level (every endpoint) or in an endpoint (that one only). Only the keys present are returned, so an endpoint inherits the rest.
import { resolveFormat } from '../args/values.js';
import { OUTPUT_SWITCHES, type OutputOverrides, type OutputSwitch } from '../job/output-format.js';
import { invalid, type Json, shownValue } from './validate.js';

/** `prefix` is `''` at the top level and `endpoints[2].` in an endpoint. */
export function outputFields(entry: Json, prefix: string): OutputOverrides {
  let format: OutputOverrides['format'];
  if (entry['format'] !== undefined) {
    if (typeof entry['format'] !== 'string') {
      invalid(`${prefix}format must be a string, got ${shownValue(entry['format'])}`);
    }
    format = resolveFormat(entry['format'] as string, `${prefix}format`);
  }
  const switches: Partial<Record<OutputSwitch, boolean>> = {};
  for (const key of Object.keys(OUTPUT_SWITCHES) as OutputSwitch[]) {
    const value = entry[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean')
      invalid(`${prefix}${key} must be true or false, got ${shownValue(value)}`);
    switches[key] = value as boolean;
  }
  return { ...(format === undefined ? {} : { format }), ...switches };
}
