import { comparableText, declarationsOf } from '../../shared/file-header.js';
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
  const before = comparableText(existing);
  const after = comparableText(generated);
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
