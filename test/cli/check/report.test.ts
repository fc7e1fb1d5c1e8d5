import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../../src/cli/check/compare.js';
import { checkSummary, driftReport, outOfDateLine, summarize } from '../../../src/cli/check/report.js';
import { painter } from '../../../src/cli/terminal/paint.js';

const CHANGED: Comparison = {
  kind: 'members',
  changes: [
    { change: 'changed', path: 'Users.id', before: 'id: number;', after: 'id: string;' },
    { change: 'added', path: 'Users.zip', after: 'zip: string;' },
  ],
};

describe('the drift output of --check', () => {
  it('driftReport: the heading, then each member with its - and + lines', () => {
    expect(driftReport('src/types/users.ts', CHANGED, painter(false))).toEqual([
      '📋 src/types/users.ts differs from the response (- file, + response):',
      '  Users.id: changed',
      '    - id: number;',
      '    + id: string;',
      '  Users.zip: added',
      '    + zip: string;',
    ]);
  });

  it('outOfDateLine and summarize count the changes', () => {
    expect(summarize(CHANGED)).toBe('1 changed, 1 added');
    expect(outOfDateLine('src/types/users.ts', CHANGED)).toBe(
      '❌ src/types/users.ts is out of date: 1 changed, 1 added. Run without --check to update it.',
    );
  });

  it('checkSummary: every file matches, or what is out of date and what failed', () => {
    expect(checkSummary('2 endpoints', [], [], 'src/types')).toBe(
      '✅ 2 endpoints checked: every file in src/types matches',
    );
    expect(checkSummary('3 endpoints', ['users', 'index'], ['posts'], 'src/types')).toBe(
      '❌ Check of 3 endpoints: out of date: users.ts, index.ts; failed: posts. Run without --check to update.',
    );
  });
});
