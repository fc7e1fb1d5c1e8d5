// Options of captureTypes, checked and completed once, here.
import { isIntegerIn } from '../shared/integer-range.js';
import { showValue } from '../shared/show-value.js';
import { MAX_TIMER_MS } from '../shared/timer-limit.js';
import { refuseUnknownKeys } from '../shared/unknown-keys.js';
import {
  OUTPUT_FORMATS,
  OUTPUT_OPTION_KEYS,
  type ResolvedGenerateOptions,
  resolveGenerateOptions,
} from '../typegen/options.js';
import type { EndpointKey } from './endpoint.js';

/** An endpoint as the `name` option and `endpoints()` see it. */
export interface CapturedEndpoint extends EndpointKey {
  /** The file's name inside `outDir`, e.g. `get-users-id.ts`. */
  readonly file: string;
  /** How many responses have been merged. */
  readonly samples: number;
}

/** Options of {@link captureTypes}. */
export interface CaptureTypesOptions {
  /** Folder the files are written to (created when missing), relative to the working directory. */
  outDir: string;
  /**
   * Files are written this many milliseconds after the first response not yet written (later ones
   * within the window join the same write). `flush()` writes at once.
   * @default 500
   */
  debounceMs?: number | undefined;
  /**
   * The type name of an endpoint, PascalCased like generateTypes' `name`.
   * @default the method and path words, as `typefetch --har` names types: `GET /users/{userId}` -> `GetUsersUserId`
   * @example name: ({ method, pattern }) => pattern === '/users/{id}' ? 'User' : `${method} ${pattern}`
   */
  name?: ((endpoint: CapturedEndpoint) => string) | undefined;
  /**
   * Output format, as generateTypes' `format`; `json-schema` files end in `.json`. `openapi` writes one
   * `openapi.json` (OpenAPI 3.1) for every endpoint instead of a file per endpoint (docs/capture.md).
   * @default 'typescript'
   */
  format?: CaptureFormat | undefined;
  /** As generateTypes' `named`. @default false */
  named?: boolean | undefined;
  /** As generateTypes' `maps`. @default true */
  maps?: boolean | undefined;
  /** As generateTypes' `formats`. @default false */
  formats?: boolean | undefined;
  /** As generateTypes' `enums`: repeated strings become literal unions. @default false */
  enums?: boolean | undefined;
  /**
   * As generateTypes' `taggedUnions`. Each endpoint then keeps a reference to every response it merged
   * (the variants are found in a second pass over them), as `format: 'openapi'` always does.
   * @default false
   */
  taggedUnions?: boolean | undefined;
  /** As generateTypes' `integers`: `z.int()` and `"type": "integer"` for members always integral. @default false */
  integers?: boolean | undefined;
  /** The fetch that the capturing fetch wraps. @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
  /**
   * Called with each failure of a write started by the timer (a `flush()` rejects instead) and when the
   * endpoint limit is reached.
   * @default prints one line to stderr with console.warn
   */
  onError?: ((error: Error) => void) | undefined;
  /**
   * At most this many endpoints are kept, from their first response merged on (one whose bodies were all
   * empty or not JSON takes no place); responses of further endpoints are not captured (a path whose ids
   * are not recognized would otherwise make one file per URL).
   * @default 200
   */
  maxEndpoints?: number | undefined;
}

/** The formats of captureTypes: generateTypes' own, and one OpenAPI document. */
export const CAPTURE_FORMATS = [...OUTPUT_FORMATS, 'openapi'] as const;
export type CaptureFormat = (typeof CAPTURE_FORMATS)[number];

export const CAPTURE_DEFAULTS = { debounceMs: 500, maxEndpoints: 200 } as const;

/** The generator options captureTypes passes on, resolved. */
export type CaptureGenerateOptions = Pick<
  ResolvedGenerateOptions,
  'format' | 'named' | 'maps' | 'formats' | 'enums' | 'taggedUnions' | 'integers'
>;

export interface ResolvedCaptureOptions {
  readonly outDir: string;
  readonly debounceMs: number;
  readonly name: ((endpoint: CapturedEndpoint) => string) | undefined;
  readonly generate: CaptureGenerateOptions;
  /** `format: 'openapi'`: one openapi.json instead of a file per endpoint (`generate.format` is then unused). */
  readonly openapi: boolean;
  readonly fetch: typeof fetch;
  readonly onError: (error: Error) => void;
  readonly maxEndpoints: number;
}

const warn = (error: Error): void => {
  console.warn(`typefetch captureTypes: ${error.message}`);
};

// Every key of CaptureTypesOptions: a misspelt one would otherwise be ignored without a word.
const CAPTURE_KEYS: ReadonlySet<string> = new Set<keyof CaptureTypesOptions>([
  'outDir',
  'debounceMs',
  'name',
  ...OUTPUT_OPTION_KEYS,
  'fetch',
  'onError',
  'maxEndpoints',
]);

export function resolveCaptureOptions(options: unknown): ResolvedCaptureOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`captureTypes options must be an object with an outDir, got ${showValue(options)}`);
  }
  const raw = options as Record<string, unknown>;
  refuseUnknownKeys(
    raw,
    CAPTURE_KEYS,
    (key) => `captureTypes(options): ${key} is not a capture option (misspelt?)`,
  );
  const { outDir, name, onError = warn } = raw;
  const { debounceMs = CAPTURE_DEFAULTS.debounceMs, maxEndpoints = CAPTURE_DEFAULTS.maxEndpoints } = raw;
  if (typeof outDir !== 'string' || outDir.trim() === '') {
    throw new TypeError(`outDir must be a non-empty string, got ${showValue(outDir)}`);
  }
  if (!isIntegerIn(debounceMs, 0, MAX_TIMER_MS)) {
    throw new RangeError(
      `debounceMs must be an integer from 0 to ${MAX_TIMER_MS}, got ${showValue(debounceMs)}`,
    );
  }
  if (!isIntegerIn(maxEndpoints, 1, Number.MAX_VALUE)) {
    throw new RangeError(`maxEndpoints must be a positive integer, got ${showValue(maxEndpoints)}`);
  }
  if (name !== undefined && typeof name !== 'function') {
    throw new TypeError(`name must be a function, got ${showValue(name)}`);
  }
  if (typeof onError !== 'function')
    throw new TypeError(`onError must be a function, got ${showValue(onError)}`);
  const fetchImpl = raw['fetch'] ?? globalThis.fetch?.bind(globalThis);
  if (typeof fetchImpl !== 'function')
    throw new TypeError(`fetch must be a function, got ${showValue(fetchImpl)}`);
  const rawFormat = raw['format'];
  if (rawFormat !== undefined && !CAPTURE_FORMATS.includes(rawFormat as CaptureFormat)) {
    throw new TypeError(`format must be one of ${CAPTURE_FORMATS.join(', ')}, got ${showValue(rawFormat)}`);
  }
  const openapi = rawFormat === 'openapi';
  // The other output options are checked by generateTypes' own resolver, so the messages are the same.
  const { format, named, maps, formats, enums, taggedUnions, integers } = resolveGenerateOptions({
    name: 'capture',
    format: openapi ? undefined : rawFormat,
    named: raw['named'],
    maps: raw['maps'],
    formats: raw['formats'],
    enums: raw['enums'],
    taggedUnions: raw['taggedUnions'],
    integers: raw['integers'],
  });
  return {
    outDir,
    debounceMs,
    name: name as ResolvedCaptureOptions['name'],
    generate: { format, named, maps, formats, enums, taggedUnions, integers },
    openapi,
    fetch: fetchImpl as typeof fetch,
    onError: onError as (error: Error) => void,
    maxEndpoints,
  };
}
