// Property: for any JSON, the generated file compiles under strict TypeScript, accepts that JSON, and
// holds no `any`. All samples are checked in one TypeScript program (one lib load, one checker).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../src/typegen/generate.js';
import { infer } from '../../src/typegen/infer.js';
import { type CheckSample, optionalPrototypeMembers, typecheckSamples } from './helpers/typecheck.js';

const SAMPLE_COUNT = 600;
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

const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: 'grapheme' }) },
);
const primitive = fc.oneof(
  fc.string({ maxLength: 6, unit: 'binary' }),
  fc.constantFrom(...SPECIAL_KEYS),
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
}>((tie) => ({
  value: fc.oneof(
    { maxDepth: 5, depthIdentifier: 'json' },
    primitive,
    tie('array'),
    tie('object'),
    tie('records'),
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

describe('generated types for random JSON', () => {
  it(`compile, accept their JSON and hold no any (${SAMPLE_COUNT} samples, one program)`, () => {
    const values = fc.sample(jsonValue, { numRuns: SAMPLE_COUNT, seed });
    const samples: CheckSample[] = [];
    const exceptions = new Set<string>();
    values.forEach((generated, index) => {
      const value: unknown = JSON.parse(JSON.stringify(generated));
      // Every fifth sample with a small depth limit, so `unknown` parts are checked too.
      const maxDepth = index % 5 === 0 ? 2 : 64;
      const generate = (v: unknown) => generateTypes(v, { name: 'Sample', maxDepth });
      samples.push({ id: `s${index}`, declaration: generate(value), typeName: 'Sample', value });
      // decisions.md's one exception: an optional member named like an Object.prototype member cannot
      // accept an object literal that lacks it (TypeScript compares Object.prototype's member instead).
      // Such a sample is checked twice: as it is, where the declaration must compile but the checker line
      // may fail (inside a union TypeScript may word that failure as TS2322 or TS2741 against another
      // member), and with those keys renamed, where everything must pass; so only the exception itself is
      // skipped.
      if (optionalPrototypeMembers(infer(value, maxDepth).model).size > 0) {
        exceptions.add(`s${index}`);
        const renamed = renamePrototypeKeys(value);
        samples.push({
          id: `s${index}r`,
          declaration: generate(renamed),
          typeName: 'Sample',
          value: renamed,
        });
      }
    });

    const results = typecheckSamples(samples);
    const failures: string[] = [];
    for (const result of results) {
      if (result.anyCount > 0) failures.push(`${result.id}: ${result.anyCount} any\n${result.source}`);
      const checkerLine = result.source.split('\n').length - 1;
      const unexpected = exceptions.has(result.id)
        ? result.diagnostics.filter((d) => !d.startsWith(`${checkerLine}:`))
        : result.diagnostics;
      if (unexpected.length > 0) failures.push(`${result.id}: ${unexpected.join('\n')}\n${result.source}`);
    }
    console.info(
      `typegen property: seed ${seed}, ${SAMPLE_COUNT} samples type-checked, ` +
        `${exceptions.size} of them also renamed for the Object.prototype-member exception`,
    );
    expect(failures).toEqual([]);
    expect(results).toHaveLength(SAMPLE_COUNT + exceptions.size);
  });
});
