// Real JSON (quicktype's test inputs, Apache-2.0, see test/fixtures/corpus/README.md): every file's
// generated type compiles under strict TypeScript, accepts the file's own JSON and holds no `any`.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../src/typegen/generate.js';
import { infer } from '../../src/typegen/infer.js';
import { type CheckSample, optionalPrototypeMembers, typecheckSamples } from './helpers/typecheck.js';

const corpus = join(import.meta.dirname, '../fixtures/corpus');
const jsonFiles = readdirSync(corpus, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.json'))
  .sort();

describe('corpus of real JSON', () => {
  it('has its files and the README carrying their licence', () => {
    expect(jsonFiles.length).toBeGreaterThanOrEqual(38);
    expect(readFileSync(join(corpus, 'README.md'), 'utf8')).toContain('Apache License 2.0');
  });

  it('gives every file a type that compiles, accepts the file and holds no any', () => {
    const samples: CheckSample[] = [];
    const exceptions: string[] = [];
    for (const [index, file] of jsonFiles.entries()) {
      const value: unknown = JSON.parse(readFileSync(join(corpus, file), 'utf8'));
      const name = basename(file, '.json');
      const warnings: string[] = [];
      const declaration = generateTypes(value, { name, onWarning: (m) => warnings.push(m) });
      expect([file, warnings]).toEqual([file, []]);
      if (optionalPrototypeMembers(infer(value, 64).model).size > 0) exceptions.push(file);
      const typeName = /^export (?:interface|type) (\w+)/.exec(declaration)?.[1] ?? '';
      samples.push({ id: `f${index}`, declaration, typeName, value });
    }
    // No corpus file hits decisions.md's Object.prototype-member exception, so nothing is skipped.
    expect(exceptions).toEqual([]);

    const results = typecheckSamples(samples);
    const failures = results
      .filter((result) => result.diagnostics.length > 0 || result.anyCount > 0)
      .map(
        (result) =>
          `${jsonFiles[Number(result.id.slice(1))]}: ${result.diagnostics.join('\n')} any=${result.anyCount}`,
      );
    expect(failures).toEqual([]);
    console.info(`typegen corpus: ${results.length} of ${jsonFiles.length} .json files type-checked`);
    expect(results).toHaveLength(jsonFiles.length);
  });
});
