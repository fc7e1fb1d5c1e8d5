// --check's comparison: member-level changes with paths, the line-diff fallback, the report lines.
import { describe, expect, it } from 'vitest';
import { compareGenerated } from '../../../src/cli/check/compare.js';
import { reportLines, summarize } from '../../../src/cli/check/report.js';
import { painter } from '../../../src/cli/terminal/paint.js';
import { fileHeader } from '../../../src/shared/file-header.js';
import { generateTypes } from '../../../src/typegen/generate.js';

const PLAIN = painter(false);
const file = (value: unknown, name = 'users', at = '2024-01-01T00:00:00.000Z') =>
  fileHeader(new Date(at)) + generateTypes(value, { name });
const report = (before: string, after: string) => {
  const comparison = compareGenerated(before, after);
  return [...reportLines(comparison, PLAIN), summarize(comparison)];
};

describe('compareGenerated', () => {
  it('ignores the Generated at line and CRLF line ends', () => {
    const before = file({ id: 1 }, 'users', '2020-01-01T00:00:00.000Z').replace(/\n/g, '\r\n');
    expect(compareGenerated(before, file({ id: 2 }, 'users', '2030-05-05T05:05:05.555Z'))).toEqual({
      kind: 'match',
    });
  });

  it('lists changed, added and removed members with their paths, nested and in arrays', () => {
    const before = file([
      { id: 1, email: 'a', address: { geo: { lat: '1' } }, phone: '1', tags: [{ t: 1 }] },
    ]);
    const after = file([
      { id: 1, email: null, address: { zip: 'z', geo: { lat: 1 } }, tags: [{ t: 1, u: 'x' }] },
    ]);
    expect(report(before, after)).toEqual([
      '  Users[].email: changed',
      '    - email: string;',
      '    + email?: null;',
      '  Users[].address.zip: added',
      '    + zip: string;',
      '  Users[].address.geo.lat: changed',
      '    - lat: string;',
      '    + lat: number;',
      '  Users[].phone: removed',
      '    - phone: string;',
      '  Users[].tags[].u: added',
      '    + u: string;',
      '2 changed, 2 added, 1 removed',
    ]);
  });

  it('shows a field that was null and is now an object, with every member of the object', () => {
    const before = file([{ id: 1, company: null }]);
    const after = file([
      { id: 1, company: null },
      { id: 2, company: { name: 'Acme', 'legal-name': 'A' } },
    ]);
    expect(report(before, after)).toEqual([
      '  Users[].company: changed',
      '    - company?: null;',
      '    + company?: { … } | null;',
      '  Users[].company.name: added',
      '    + name: string;',
      '  Users[].company["legal-name"]: added',
      '    + "legal-name": string;',
      '1 changed, 2 added',
    ]);
  });

  it('reports the declaration itself when its name or form changed', () => {
    expect(report(file({ id: 1 }), file([{ id: 1 }], 'members'))).toEqual([
      '  Members: changed',
      '    - export interface Users { … }',
      '    + export type Members = { … }[];',
      '1 changed',
    ]);
  });

  it('follows dictionaries (Record<string, T>) into their value type, as [key]', () => {
    const byId = (extra: object) => ({
      '101': { name: 'a', ...extra },
      '102': { name: 'b' },
      '103': { name: 'c' },
    });
    expect(report(file({ users: byId({}) }), file({ users: byId({ admin: true }) }))).toEqual([
      '  Users.users[key].admin: added',
      '    + admin?: boolean;',
      '1 added',
    ]);
  });

  it('pairs named declarations (--named output) by name', () => {
    const named = (value: unknown) =>
      fileHeader(new Date(0)) + generateTypes(value, { name: 'users', named: true });
    expect(report(named({ address: { city: 'x' } }), named({ address: { city: 'x', zip: 1 } }))).toEqual([
      '  UsersAddress.zip: added',
      '    + zip: number;',
      '1 added',
    ]);
  });

  it('places a removed member after its old predecessor', () => {
    expect(report(file({ a: 1, b: 2, c: 3 }), file({ a: 1, c: 3, d: 4 }))).toEqual([
      '  Users.b: removed',
      '    - b: number;',
      '  Users.d: added',
      '    + d: number;',
      '1 added, 1 removed',
    ]);
  });

  it('falls back to lines, with a note, for a file that is not generated declarations', () => {
    const edited = file({ id: 1 }).replace(
      'export interface Users {',
      'export interface Users extends Base {',
    );
    expect(report(edited, file({ id: 1 }))).toEqual([
      '  (the file does not read as generated declarations, so lines are compared)',
      '  line 4:',
      '    - export interface Users extends Base {',
      '    + export interface Users {',
      '2 lines differ',
    ]);
  });

  it('falls back to lines when only the formatting differs', () => {
    const reformatted = file({ id: 1, name: 'a' }).replace('  id: number;\n', '  id: number\n');
    expect(report(reformatted, file({ id: 1, name: 'a' }))).toEqual([
      '  (the types are the same; the text differs in formatting or comments)',
      '  line 5:',
      '    -   id: number',
      '    +   id: number;',
      '2 lines differ',
    ]);
  });

  it('colours - lines red and + lines green on a terminal', () => {
    const comparison = compareGenerated(file({ id: 1 }), file({ id: 'x' }));
    expect(reportLines(comparison, painter(true))).toEqual([
      '  Users.id: changed',
      '\u001b[31m    - id: number;\u001b[39m',
      '\u001b[32m    + id: string;\u001b[39m',
    ]);
  });
});
