import { describe, expect, it } from 'vitest';
import { FORMAT_FILES, outputFileName } from '../../src/shared/output-file.js';

describe('outputFileName', () => {
  it.each([
    ['typescript', 'users.ts'],
    ['zod', 'users.ts'],
    ['json-schema', 'users.json'],
  ] as const)('%s -> %s', (format, file) => {
    expect(outputFileName('users', format)).toBe(file);
  });

  it('gives a comment header to the TypeScript modules only', () => {
    expect(Object.entries(FORMAT_FILES).map(([format, { header }]) => [format, header])).toEqual([
      ['typescript', true],
      ['zod', true],
      ['json-schema', false],
    ]);
  });
});
