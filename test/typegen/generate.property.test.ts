// Property: for any JSON, the generated file compiles under strict TypeScript, accepts that JSON, and
// holds no `any`. All samples are checked in one TypeScript program (one lib load, one checker).
// The same holds in every output format, each checked by the real tool: named TypeScript declarations
// (with formats and maps) in the compiler, zod modules run (the schema parses the JSON) and compiled
// (z.infer accepts it), JSON Schemas compiled by ajv (the JSON validates). The opt-in precision flags
// (enums, taggedUnions, integers) are on for every named TypeScript sample and half the zod and JSON
// Schema samples; arrays of tagged records with repeated strings give them something to do.
import { runInNewContext } from 'node:vm';
import type { SchemaObject } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaName } from '../../src/typegen/emit-zod.js';
import { type GenerateTypesOptions, generateTypes } from '../../src/typegen/generate.js';
import { infer } from '../../src/typegen/infer.js';
import { detectMaps } from '../../src/typegen/maps.js';
import { inferOptionsOf, resolveGenerateOptions } from '../../src/typegen/options.js';
import { createAjv } from './helpers/ajv.js';
import {
  type CheckMode,
  type CheckSample,
  optionalPrototypeMembers,
  typecheckSamples,
} from './helpers/typecheck.js';
import { loadZodModule, schemaOf } from './helpers/zod-module.js';

const SAMPLE_COUNT = 600;

/**
 * JSON.parse in a new V8 context. Node 24's JSON.parse (V8 13.6) reads the key `"\""` as `\` when an
 * earlier object of the same realm had the key `"\\"` at that place
 * (`JSON.parse('{"a": 1, "\\\\": 2}'); JSON.parse('{"a": 1, "\\"": 2}')` gives the keys `a` and
 * `\`; Node 20 and 22 give `a` and `"`). The emitted text is right (the TypeScript and zod checks read it
 * without JSON.parse); a fresh realm has no such earlier object.
 */
function parseInFreshRealm(text: string): SchemaObject {
  return runInNewContext('JSON.parse(text)', { text }) as SchemaObject;
}
// zod's types are slow to infer; a third of the samples still covers every shape the generator makes.
const ZOD_SAMPLE_COUNT = 200;
// A fresh seed each run widens coverage; it is printed so a failure can be replayed with TYPEGEN_SEED.
const seed = Number(process.env['TYPEGEN_SEED'] ?? Date.now() % 2 ** 31);

const SPECIAL_KEYS = [
  '"',
  "'",
  '\\',
  '\\"',
  '*/',
  '/*',
  '//',
  '\n',
  '\r\n',
  '\t',
  '\u0000',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u007f',
  '\u0085',
  '\u202e',
  '\ud800',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'a-b',
  '1x',
  '0',
  '1.5',
  '',
  ' ',
  'class',
  'new',
  'get',
  'readonly',
  'café',
  '日本語',
  '😀',
  '$x',
  '_',
  'a b',
  '\u0024{x}',
  '}',
  '<T>',
  'id',
  'name',
];
const RECORD_KEYS = ['id', 'name', '__proto__', 'toString', 'constructor', 'a-b', '', '*/', '\u2028'];
// Keys that make a map (ids, dates), a few mixed with ordinary ones so some objects stay records.
const MAP_KEYS = ['1', '2', '10', '2024-01-31', '2024-02', '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'x'];
// Strings with and without a format, and near misses (no offset, no such day, a URI template).
const FORMAT_STRINGS = [
  '2024-02-29',
  '2023-02-29',
  '2024-01-31T23:59:59Z',
  '2024-01-31T23:59:59.5+02:00',
  '2024-01-31T23:59:59',
  '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  'ada@example.com',
  'ada@localhost',
  'https://example.com/a?b=1#c',
  'https://api.github.com/users{/user}',
  'http://127.0.0.1:8080/x%20y',
];

const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: 'grapheme' }) },
);
const primitive = fc.oneof(
  fc.string({ maxLength: 6, unit: 'binary' }),
  fc.constantFrom(...SPECIAL_KEYS),
  fc.constantFrom(...FORMAT_STRINGS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
// Object.fromEntries makes own data properties, `__proto__` included, as JSON.parse does.
const { value: jsonValue } = fc.letrec<{
  value: unknown;
  array: unknown[];
  object: unknown;
  records: unknown[];
  map: unknown;
  tagged: unknown[];
}>((tie) => ({
  value: fc.oneof(
    { maxDepth: 5, depthIdentifier: 'json' },
    primitive,
    tie('array'),
    tie('object'),
    tie('records'),
    tie('map'),
    tie('tagged'),
  ),
  array: fc.array(tie('value'), { maxLength: 4, depthIdentifier: 'json' }),
  object: fc
    .array(fc.tuple(key, tie('value')), { maxLength: 5, depthIdentifier: 'json' })
    .map((entries) => Object.fromEntries(entries)),
  // Arrays of objects drawn from a small key pool: keys repeat, some are missing, some null.
  records: fc.array(
    fc
      .array(fc.tuple(fc.constantFrom(...RECORD_KEYS), fc.oneof(primitive, tie('value'))), {
        maxLength: 4,
        depthIdentifier: 'json',
      })
      .map((entries) => Object.fromEntries(entries)),
    { minLength: 1, maxLength: 4, depthIdentifier: 'json' },
  ),
  map: fc
    .array(fc.tuple(fc.constantFrom(...MAP_KEYS), tie('value')), { maxLength: 4, depthIdentifier: 'json' })
    .map((entries) => Object.fromEntries(entries)),
  // Records with a tag from a small pool, a member that depends on the tag, and repeated strings and
  // numbers: tagged unions, enums and integers all have something to find.
  tagged: fc.array(
    fc
      .tuple(
        fc.constantFrom('a', 'b', '__proto__', 'x"y'),
        fc.constantFrom('open', 'closed', '\u2028', ''),
        fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
        fc.oneof(primitive, tie('value')),
      )
      .map(([type, status, count, payload]) => ({ type, status, count, [`p_${type}`]: payload })),
    { minLength: 1, maxLength: 8, depthIdentifier: 'json' },
  ),
}));

const OBJECT_PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
const RENAMED = '\u0000renamed';

/** The value with every key named like an Object.prototype member renamed, at any depth. */
function renamePrototypeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renamePrototypeKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      OBJECT_PROTOTYPE_NAMES.has(k) ? k + RENAMED : k,
      renamePrototypeKeys(v),
    ]),
  );
}

// Sampled once: every format is checked on the same values.
const values: unknown[] = fc
  .sample(jsonValue, { numRuns: SAMPLE_COUNT, seed })
  .map((generated) => JSON.parse(JSON.stringify(generated)));
// Every fifth sample with a small depth limit, so `unknown` parts are checked too.
const maxDepthOf = (index: number): number => (index % 5 === 0 ? 2 : 64);

/**
 * decisions.md's one exception: an optional member named like an Object.prototype member cannot accept
 * an object literal that lacks it (TypeScript compares Object.prototype's member instead). Judged on the
 * model after map detection, which merges a map's values and so can make such a member optional.
 */
const hitsException = (value: unknown, maxDepth: number, extra: Extra): boolean => {
  const inferred = infer(value, maxDepth, inferOptionsOf(resolveGenerateOptions({ name: 'x', ...extra })));
  const model = inferred.mapsDetected ? inferred.model : detectMaps(inferred.model);
  return (
    optionalPrototypeMembers(model).size > 0 ||
    optionalPrototypeMembers(detectMaps(infer(value, maxDepth).model)).size > 0
  );
};

type Extra = Omit<GenerateTypesOptions, 'name'>;
/** The new precision flags, all on. */
const PRECISE: Extra = { enums: true, taggedUnions: true, integers: true };

type Generate = (value: unknown, index: number) => string;

/**
 * Compiles `generate`'s text for the first `count` values in one program, with the checker line
 * assigning each value to the type `typeName`. A sample that hits the exception is checked twice: as
 * it is, where the text must compile but the checker line may fail (inside a union TypeScript may word
 * that failure as TS2322 or TS2741 against another member), and with those keys renamed, where
 * everything must pass; so only the exception itself is skipped. Returns the failures and how many
 * samples were renamed.
 */
function compileAll(
  generate: Generate,
  mode: CheckMode,
  count: number,
  extraOf: (index: number) => Extra = () => ({}),
): { failures: string[]; renamed: number } {
  const typeName = 'Sample';
  const samples: CheckSample[] = [];
  const exceptions = new Set<string>();
  values.slice(0, count).forEach((value, index) => {
    samples.push({ id: `s${index}`, declaration: generate(value, index), typeName, value });
    if (hitsException(value, maxDepthOf(index), extraOf(index))) {
      exceptions.add(`s${index}`);
      const renamed = renamePrototypeKeys(value);
      samples.push({ id: `s${index}r`, declaration: generate(renamed, index), typeName, value: renamed });
    }
  });
  const results = typecheckSamples(samples, mode);
  const failures: string[] = [];
  for (const result of results) {
    if (result.anyCount > 0) failures.push(`${result.id}: ${result.anyCount} any\n${result.source}`);
    const checkerLine = result.source.split('\n').length - 1;
    const unexpected = exceptions.has(result.id)
      ? result.diagnostics.filter((d) => !d.startsWith(`${checkerLine}:`))
      : result.diagnostics;
    if (unexpected.length > 0) failures.push(`${result.id}: ${unexpected.join('\n')}\n${result.source}`);
  }
  expect(results).toHaveLength(count + exceptions.size);
  return { failures, renamed: exceptions.size };
}

const options = (index: number, extra: Extra = {}): GenerateTypesOptions => ({
  name: 'Sample',
  maxDepth: maxDepthOf(index),
  ...extra,
});

describe('generated types for random JSON', () => {
  it(`compile, accept their JSON and hold no any (${SAMPLE_COUNT} samples, one program)`, () => {
    const { failures, renamed } = compileAll(
      (v, i) => generateTypes(v, options(i)),
      'declarations',
      SAMPLE_COUNT,
    );
    console.info(
      `typegen property: seed ${seed}, ${SAMPLE_COUNT} samples type-checked, ` +
        `${renamed} of them also renamed for the Object.prototype-member exception`,
    );
    expect(failures).toEqual([]);
  });

  it(`named TypeScript with formats, enums, tagged unions and integers, with and without maps, compiles, accepts its JSON, holds no any (${SAMPLE_COUNT} samples)`, () => {
    // Odd samples without maps, so the named records that maps would replace are checked too.
    const extraOf = (i: number): Extra => ({ named: true, formats: true, maps: i % 2 === 0, ...PRECISE });
    const generate: Generate = (v, i) => generateTypes(v, options(i, extraOf(i)));
    const { failures } = compileAll(generate, 'declarations', SAMPLE_COUNT, extraOf);
    console.info(`typegen property (named typescript): seed ${seed}, ${SAMPLE_COUNT} samples pass`);
    expect(failures).toEqual([]);
  });

  it(`zod schemas parse their JSON and z.infer accepts it (${ZOD_SAMPLE_COUNT} samples, inline and named)`, () => {
    const extraOf = (i: number): Extra => ({
      format: 'zod',
      named: i % 2 === 1,
      formats: i % 3 === 0,
      ...(i % 4 < 2 ? PRECISE : {}),
    });
    const generate: Generate = (v, i) => generateTypes(v, options(i, extraOf(i)));
    const runtime: string[] = [];
    values.slice(0, ZOD_SAMPLE_COUNT).forEach((value, index) => {
      // At run time there is no exception: the schema reads only own properties.
      const text = generate(value, index);
      const result = schemaOf(loadZodModule(text), schemaName('Sample')).safeParse(value);
      if (!result.success) runtime.push(`s${index}: ${JSON.stringify(result.error?.issues)}\n${text}`);
    });
    expect(runtime).toEqual([]);
    const { failures } = compileAll(generate, 'modules', ZOD_SAMPLE_COUNT, extraOf);
    console.info(`typegen property (zod): seed ${seed}, ${ZOD_SAMPLE_COUNT} samples pass`);
    expect(failures).toEqual([]);
  });

  it(`JSON Schemas compile in ajv (2020-12, strict) and their JSON validates (${SAMPLE_COUNT} samples)`, () => {
    const ajv = createAjv();
    const failures: string[] = [];
    values.forEach((value, index) => {
      const text = generateTypes(
        value,
        options(index, {
          format: 'json-schema',
          named: index % 2 === 1,
          formats: index % 3 === 0,
          ...(index % 4 < 2 ? PRECISE : {}),
        }),
      );
      const validate = ajv.compile(parseInFreshRealm(text));
      if (!validate(value)) failures.push(`s${index}: ${JSON.stringify(validate.errors)}\n${text}`);
    });
    console.info(`typegen property (json-schema): seed ${seed}, ${SAMPLE_COUNT} samples pass`);
    expect(failures).toEqual([]);
  });
});
