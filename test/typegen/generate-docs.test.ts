// docs/formats.md shows real output: every example there is what generateTypes returns for the
// documented sample, character for character.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type GenerateTypesOptions, generateTypes } from '../../src/typegen/generate.js';

const doc = readFileSync(join(import.meta.dirname, '../../docs/formats.md'), 'utf8');
const blocks = [...doc.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((match) => ({
  language: match[1],
  text: match[2] ?? '',
}));
const sample: unknown = JSON.parse(blocks.find((block) => block.language === 'json')?.text ?? 'null');
const stats = {
  temperatures: { '2024-01-30': 3.5, '2024-01-31': -1 },
  byId: { '17': { name: 'a' }, '42': { name: 'b', admin: true } },
};

const shown = (text: string): boolean => blocks.some((block) => block.text === text);

describe('docs/formats.md', () => {
  it('documents the sample every example is generated from', () => {
    expect(Array.isArray(sample) && sample.length).toBe(2);
  });

  it.each<[string, Omit<GenerateTypesOptions, 'name'>]>([
    ['typescript', {}],
    ['named', { named: true }],
    ['zod', { format: 'zod' }],
    ['zod named', { format: 'zod', named: true }],
    ['json-schema', { format: 'json-schema' }],
    ['formats', { formats: true }],
  ])('shows the exact %s output', (_, options) => {
    expect(shown(generateTypes(sample, { name: 'users', ...options }))).toBe(true);
  });

  it('shows the exact output of enums, tagged unions and integers, in TypeScript and zod', () => {
    const tickets = [1, 2, 3, 4, 5, 6].map((id) =>
      id % 2 === 1
        ? { id, status: 'open', kind: 'bug', body: { stack: `at ${id}` } }
        : { id, status: 'closed', kind: 'question', body: { text: `why ${id}?` } },
    );
    const precise = { name: 'inbox', enums: true, taggedUnions: true, integers: true } as const;
    expect(shown(generateTypes({ tickets }, precise))).toBe(true);
    expect(shown(generateTypes({ tickets }, { ...precise, format: 'zod' }))).toBe(true);
  });

  it('shows the exact maps output, with and without maps', () => {
    const withMaps = generateTypes(stats, { name: 'stats' });
    expect(doc).toContain(
      `//   "byId": { "17": { "name": "a" }, "42": { "name": "b", "admin": true } } }\n${withMaps}`,
    );
    expect(shown(generateTypes(stats, { name: 'stats', maps: false }))).toBe(true);
  });
});
