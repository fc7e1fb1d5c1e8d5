// Options of generateTypes, checked and completed once, here.
import { showValue as describe } from '../shared/show-value.js';
import { refuseUnknownKeys } from '../shared/unknown-keys.js';
import { toTypeName } from './identifiers.js';
import type { InferOptions } from './infer.js';

/** The output formats of generateTypes. */
export const OUTPUT_FORMATS = ['typescript', 'zod', 'json-schema'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Defaults of the optional options of generateTypes. */
export const GENERATE_DEFAULTS = {
  maxDepth: 64,
  format: 'typescript',
  named: false,
  maps: true,
  formats: false,
  enums: false,
  taggedUnions: false,
  integers: false,
} as const satisfies Record<string, unknown>;

/**
 * Upper bound of `maxDepth`: inference, merging and emitting recurse once or twice per level, and a
 * thousand levels stay far inside any engine's stack.
 */
export const MAX_DEPTH_LIMIT = 1000;

export interface ResolvedGenerateOptions {
  /** The PascalCase identifier derived from `name`. */
  readonly typeName: string;
  readonly maxDepth: number;
  readonly onWarning: (message: string) => void;
  readonly format: OutputFormat;
  readonly named: boolean;
  readonly maps: boolean;
  readonly formats: boolean;
  readonly enums: boolean;
  readonly taggedUnions: boolean;
  readonly integers: boolean;
}

interface RawOptions {
  readonly name?: unknown;
  readonly maxDepth?: unknown;
  readonly onWarning?: unknown;
  readonly format?: unknown;
  readonly named?: unknown;
  readonly maps?: unknown;
  readonly formats?: unknown;
  readonly enums?: unknown;
  readonly taggedUnions?: unknown;
  readonly integers?: unknown;
}

const ignoreWarning = (): void => {};

/** The options that choose what is written, which captureTypes takes too. */
export const OUTPUT_OPTION_KEYS = [
  'format',
  'named',
  'maps',
  'formats',
  'enums',
  'taggedUnions',
  'integers',
] as const satisfies readonly (keyof RawOptions)[];

/**
 * The options generateTypes has: any other key (a typo such as `enum`) is refused, not ignored. Marked
 * pure, concat included (a spread would run an iterator), so that a bundle of the client, which never
 * calls generateTypes, drops both lists.
 */
const GENERATE_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set<string>(
  /* @__PURE__ */ ['name', 'maxDepth', 'onWarning'].concat(OUTPUT_OPTION_KEYS),
);

/** Refuses a key generateTypes does not have, as createApiClient and captureTypes refuse theirs. */
export function checkGenerateKeys(options: unknown): void {
  if (typeof options !== 'object' || options === null) return;
  refuseUnknownKeys(
    options,
    GENERATE_KEYS,
    (key) => `generateTypes(options): ${key} is not an option of generateTypes (misspelt?)`,
  );
}

export function resolveGenerateOptions(options: unknown): ResolvedGenerateOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`options must be an object with a name, got ${describe(options)}`);
  }
  // Here rather than in each entry point, so that generateTypesFromSamples refuses a typo too.
  checkGenerateKeys(options);
  const {
    name,
    maxDepth = GENERATE_DEFAULTS.maxDepth,
    onWarning = ignoreWarning,
    format = GENERATE_DEFAULTS.format,
    named = GENERATE_DEFAULTS.named,
    maps = GENERATE_DEFAULTS.maps,
    formats = GENERATE_DEFAULTS.formats,
    enums = GENERATE_DEFAULTS.enums,
    taggedUnions = GENERATE_DEFAULTS.taggedUnions,
    integers = GENERATE_DEFAULTS.integers,
  } = options as RawOptions;
  if (typeof name !== 'string') throw new TypeError(`name must be a string, got ${describe(name)}`);
  if (
    typeof maxDepth !== 'number' ||
    !Number.isInteger(maxDepth) ||
    maxDepth < 0 ||
    maxDepth > MAX_DEPTH_LIMIT
  ) {
    throw new RangeError(
      `maxDepth must be an integer from 0 to ${MAX_DEPTH_LIMIT}, got ${describe(maxDepth)}`,
    );
  }
  if (typeof onWarning !== 'function') {
    throw new TypeError(`onWarning must be a function, got ${describe(onWarning)}`);
  }
  if (!OUTPUT_FORMATS.includes(format as OutputFormat)) {
    throw new TypeError(`format must be one of ${OUTPUT_FORMATS.join(', ')}, got ${describe(format)}`);
  }
  return {
    typeName: toTypeName(name),
    maxDepth,
    onWarning: onWarning as (message: string) => void,
    format: format as OutputFormat,
    named: flag('named', named),
    maps: flag('maps', maps),
    formats: flag('formats', formats),
    enums: flag('enums', enums),
    taggedUnions: flag('taggedUnions', taggedUnions),
    integers: flag('integers', integers),
  };
}

function flag(option: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new TypeError(`${option} must be a boolean, got ${describe(value)}`);
  return value;
}

/** What inference tracks for these options (maps are folded while reading, not only afterwards). */
export function inferOptionsOf(options: ResolvedGenerateOptions): InferOptions {
  return {
    formats: options.formats,
    maps: options.maps,
    enums: options.enums,
    integers: options.integers,
    taggedUnions: options.taggedUnions,
  };
}
