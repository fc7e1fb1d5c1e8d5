import { declarationsOf, withoutTimestamp } from '../../shared/file-header.js';
import type { Painter } from '../terminal/paint.js';
import { diffLines, type LineHunk } from './line-diff.js';
import { diffDeclarations, type MemberChange } from './member-diff.js';
import { ParseError, parseDeclarations } from './parse.js';

/** The result of comparing an existing generated file with what the response gives now. */
export type Comparison =
  | { readonly kind: 'match' }
  | { readonly kind: 'members'; readonly changes: readonly MemberChange[] }
  /**
   * `unreadable`: the file is not in the generator's format; `formatting`: same types, other text;
   * `plain`: a file that holds no declarations (index.ts).
   */
  | {
      readonly kind: 'lines';
      readonly hunks: readonly LineHunk[];
      readonly reason: 'unreadable' | 'formatting' | 'plain';
    };

/**
 * Compares two generated files, ignoring the `// Generated at:` line and CRLF line ends. When they differ,
 * the difference is given member by member when the existing file reads as generated declarations, and
 * line by line otherwise (a hand edit, a formatter, or a difference outside the members).
 *
 * `declarations: false` (zod and JSON Schema output, which the reader does not parse) compares lines only.
 */
export function compareGenerated(existing: string, generated: string, declarations = true): Comparison {
  const before = withoutTimestamp(existing);
  const after = withoutTimestamp(generated);
  if (before === after) return { kind: 'match' };
  if (!declarations) {
    return { kind: 'lines', hunks: diffLines(before.split('\n'), after.split('\n')), reason: 'plain' };
  }
  let changes: MemberChange[] = [];
  let reason: 'unreadable' | 'formatting' | 'plain' = 'unreadable';
  try {
    const old = parseDeclarations(declarationsOf(before).body);
    const now = parseDeclarations(declarationsOf(after).body);
    changes = diffDeclarations(old, now);
    // Only equal trees mean "same types"; anything else the member diff cannot place gets no note.
    reason = JSON.stringify(old) === JSON.stringify(now) ? 'formatting' : 'plain';
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
  }
  if (changes.length > 0) return { kind: 'members', changes };
  return { kind: 'lines', hunks: diffLines(before.split('\n'), after.split('\n')), reason };
}

/** `1 changed, 2 added, 1 removed` or `3 lines differ`. */
export function summarize(comparison: Comparison): string {
  if (comparison.kind === 'match') return 'no changes';
  if (comparison.kind === 'lines') {
    const count = comparison.hunks.reduce((sum, hunk) => sum + hunk.removed.length + hunk.added.length, 0);
    return `${count} ${count === 1 ? 'line differs' : 'lines differ'}`;
  }
  const counts = { changed: 0, added: 0, removed: 0 };
  for (const { change } of comparison.changes) counts[change]++;
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([change, count]) => `${count} ${change}`)
    .join(', ');
}

/**
 * The report lines: a heading per changed member (its path) or per hunk (its line), then `- ` lines of
 * the existing file and `+ ` lines of the new output, indented under it.
 */
export function reportLines(comparison: Comparison, paint: Painter): string[] {
  const minus = (text: string) => paint.error(`    - ${text}`);
  const plus = (text: string) => paint.success(`    + ${text}`);
  if (comparison.kind === 'match') return [];
  if (comparison.kind === 'members') {
    return comparison.changes.flatMap((each) => [
      `  ${each.path}: ${each.change}`,
      ...(each.before === undefined ? [] : [minus(each.before)]),
      ...(each.after === undefined ? [] : [plus(each.after)]),
    ]);
  }
  const note = {
    unreadable: ['  (the file does not read as generated declarations, so lines are compared)'],
    formatting: ['  (the types are the same; the text differs in formatting or comments)'],
    plain: [],
  }[comparison.reason];
  return [
    ...note,
    ...comparison.hunks.flatMap((hunk) => [
      `  line ${hunk.beforeLine}:`,
      ...hunk.removed.map(minus),
      ...hunk.added.map(plus),
    ]),
  ];
}
