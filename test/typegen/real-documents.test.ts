// Dictionaries in real documents from data packages (devDependencies): mime-db's MIME types,
// world-countries' countries, MDN's browser-compat-data (20 MB). The outcomes are read through the
// TypeScript compiler (the type at a path has an index signature, or named members, or literals), and
// every output is checked by the real tools: it compiles under strict TypeScript and accepts the
// document, zod parses it, ajv validates it; with and without enums, tagged unions and integers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { schemaName } from '../../src/typegen/emit-zod.js';
import { type GenerateTypesOptions, generateTypes } from '../../src/typegen/generate.js';
import { createAjv } from './helpers/ajv.js';
import { typesAt } from './helpers/type-at.js';
import { typecheckSamples } from './helpers/typecheck.js';
import { loadZodModule, schemaOf } from './helpers/zod-module.js';

const require = createRequire(import.meta.url);
const read = (path: string): unknown => JSON.parse(readFileSync(require.resolve(path), 'utf8'));
const mimeDb = read('mime-db/db.json') as Record<string, unknown>;
const countries = read('world-countries/countries.json') as Array<{ region: string; cca3: string }>;
// The package exports only its JS entry; the JSON sits beside it.
const bcdPath = require.resolve('@mdn/browser-compat-data').replace(/[^/\\]+$/, 'data.json');

const PRECISE = { enums: true, taggedUnions: true, integers: true } as const;
const VARIANTS: ReadonlyArray<Omit<GenerateTypesOptions, 'name' | 'format'>> = [{}, PRECISE];

/** Compiles and accepts in TypeScript, parses in zod, validates in ajv: the failures, empty when all pass. */
function checkEveryFormat(
  value: unknown,
  name: string,
  typeName: string,
  { compileValue = true, named = false, variants = VARIANTS } = {},
): string[] {
  const failures: string[] = [];
  for (const precision of variants) {
    const extra = { ...precision, named };
    const label = `${name} ${JSON.stringify(extra)}`;
    const declaration = generateTypes(value, { name, ...extra });
    const [result] = compileValue
      ? typecheckSamples([{ id: 'doc', declaration, typeName, value }])
      : typecheckSamples([{ id: 'doc', declaration, typeName, value: null }]).map((r) => ({
          ...r,
          // Without the value, only the declaration is compiled: the checker line assigns null.
          diagnostics: r.diagnostics.filter((d) => !d.includes('null')),
        }));
    if (result!.diagnostics.length > 0 || result!.anyCount > 0) {
      failures.push(`${label} typescript: ${result!.diagnostics.slice(0, 3).join('\n')}`);
    }
    const zod = generateTypes(value, { name, format: 'zod', ...extra });
    const parsed = schemaOf(loadZodModule(zod), schemaName(typeName)).safeParse(value);
    if (!parsed.success) failures.push(`${label} zod: ${JSON.stringify(parsed.error?.issues).slice(0, 300)}`);
    const validate = createAjv().compile(
      JSON.parse(generateTypes(value, { name, format: 'json-schema', ...extra })),
    );
    if (!validate(value))
      failures.push(`${label} json-schema: ${JSON.stringify(validate.errors).slice(0, 300)}`);
  }
  return failures;
}

describe('mime-db (2,500 MIME types)', () => {
  it('is Record<string, ...> at the top level, its value an interface', () => {
    const [top, value] = typesAt(generateTypes(mimeDb, { name: 'mime' }), 'Mime', [[], ['{}']]);
    expect(top!.index).toBe(true);
    expect(top!.members).toEqual([]);
    expect(value!.index).toBe(false);
    expect([...value!.members].sort()).toEqual(['charset', 'compressible', 'extensions', 'source']);
  });

  it('compiles and accepts the document in TypeScript, zod and JSON Schema, with and without the new flags', () => {
    expect(checkEveryFormat(mimeDb, 'mime', 'Mime')).toEqual([]);
  });

  it('stays one member per MIME type with maps: false', () => {
    const [top] = typesAt(generateTypes(mimeDb, { name: 'mime', maps: false }), 'Mime', [[]]);
    expect(top!.index).toBe(false);
    expect(top!.members).toHaveLength(Object.keys(mimeDb).length);
  });
});

describe('world-countries', () => {
  const paths = [
    ['[]'],
    ['[]', 'name'],
    ['[]', 'name', 'native'],
    ['[]', 'languages'],
    ['[]', 'currencies'],
    ['[]', 'translations'],
    ['[]', 'currencies', '{}'],
  ] as const;

  it('types languages, currencies, translations and name.native as records; a country and its name stay interfaces', () => {
    for (const extra of VARIANTS) {
      const [country, name, native, languages, currencies, translations, currency] = typesAt(
        generateTypes(countries, { name: 'countries', ...extra }),
        'Countries',
        paths,
      );
      expect(country!.index).toBe(false);
      expect(country!.members).toEqual(expect.arrayContaining(['name', 'cca3', 'region', 'languages']));
      expect(name!.index).toBe(false);
      expect(name!.members).toEqual(['common', 'official', 'native']);
      for (const dictionary of [native, languages, currencies, translations]) {
        expect(dictionary!.index).toBe(true);
        expect(dictionary!.members).toEqual([]);
      }
      expect(currency!.members).toEqual(['name', 'symbol']);
    }
  });

  it('with enums, types region as the union of its continents while cca3 (all distinct) stays string', () => {
    const regions = [...new Set(countries.map((country) => country.region))];
    expect(new Set(countries.map((country) => country.cca3)).size).toBe(countries.length);
    const text = generateTypes(countries, { name: 'countries', enums: true });
    const [region, cca3] = typesAt(text, 'Countries', [
      ['[]', 'region'],
      ['[]', 'cca3'],
    ]);
    expect([...region!.literals!].sort()).toEqual(regions.sort());
    expect(cca3!.literals).toBeUndefined();
    expect(cca3!.string).toBe(true);
    // Without enums, region is a plain string too.
    const [plain] = typesAt(generateTypes(countries, { name: 'countries' }), 'Countries', [['[]', 'region']]);
    expect(plain!.string).toBe(true);
  });

  it('compiles and accepts the document in TypeScript, zod and JSON Schema, with and without the new flags', () => {
    expect(checkEveryFormat(countries, 'countries', 'Countries')).toEqual([]);
  });
});

describe('@mdn/browser-compat-data (20 MB)', () => {
  const bcd = JSON.parse(readFileSync(bcdPath, 'utf8')) as Record<string, Record<string, unknown>>;

  it('types the feature trees and release tables as records, the top level and __meta as interfaces', () => {
    const text = generateTypes(bcd, { name: 'bcd', named: true });
    expect(text.length).toBeLessThan(1_000_000);
    const [top, api, releases, meta] = typesAt(text, 'Bcd', [
      [],
      ['api'],
      ['browsers', 'chrome', 'releases'],
      ['__meta'],
    ]);
    expect(top!.index).toBe(false);
    expect(top!.members).toEqual(Object.keys(bcd));
    expect(api!.index).toBe(true);
    expect(releases!.index).toBe(true);
    expect(meta!.members).toEqual(Object.keys(bcd['__meta']!));
  });

  // A 20 MB object literal is beyond the compiler's patience: TypeScript compiles the declarations only.
  // Named, as for any document this size: inline, ajv's schema compiler recurses past the stack. Each
  // variant takes zod and ajv tens of seconds on this document.
  for (const precision of VARIANTS) {
    it(`zod parses and ajv validates the document, and the declarations compile (${JSON.stringify(precision)})`, () => {
      const options = { compileValue: false, named: true, variants: [precision] };
      expect(checkEveryFormat(bcd, 'bcd', 'Bcd', options)).toEqual([]);
    }, 240_000);
  }
});
