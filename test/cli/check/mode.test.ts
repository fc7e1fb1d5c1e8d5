import { describe, expect, it } from 'vitest';
import { jobMode, readsAsDeclarations } from '../../../src/cli/check/mode.js';

describe('jobMode', () => {
  it('--check never writes; otherwise the first or only run writes and later --watch runs update', () => {
    expect(
      (['once', 'first', 'again'] as const).map((cycle) => [jobMode(true, cycle), jobMode(false, cycle)]),
    ).toEqual([
      ['check', 'write'],
      ['check', 'update'],
      ['check', 'update'],
    ]);
  });
});

describe('readsAsDeclarations', () => {
  it('is true for TypeScript declarations only', () => {
    expect((['typescript', 'zod', 'json-schema'] as const).map(readsAsDeclarations)).toEqual([
      true,
      false,
      false,
    ]);
  });
});
