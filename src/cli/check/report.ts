// What --check prints: the drift report of a file (member by member or line by line), the one-line
// summary of a comparison, and the lines that end a check.
import type { Painter } from '../terminal/paint.js';
import type { Comparison } from './compare.js';

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

/** The heading and the report of one file that differs, as printed on stdout. */
export function driftReport(shown: string, comparison: Comparison, paint: Painter): string[] {
  return [`📋 ${shown} differs from the response (- file, + response):`, ...reportLines(comparison, paint)];
}

/** The last line of a `--check` of one file that differs (stderr). */
export function outOfDateLine(shown: string, comparison: Comparison): string {
  return `❌ ${shown} is out of date: ${summarize(comparison)}. Run without --check to update it.`;
}

/**
 * The summary of a `--check` of a config run: every file matches, or which are out of date and which
 * endpoints failed. `drifted` holds file names (`users.json`), or stems of `.ts` files (`users`).
 */
export function checkSummary(
  total: string,
  drifted: readonly string[],
  failed: readonly string[],
  outDir: string,
): string {
  if (drifted.length === 0 && failed.length === 0)
    return `✅ ${total} checked: every file in ${outDir} matches`;
  const parts = [
    drifted.length > 0
      ? `out of date: ${drifted.map((name) => (name.includes('.') ? name : `${name}.ts`)).join(', ')}`
      : '',
    failed.length > 0 ? `failed: ${failed.join(', ')}` : '',
  ].filter((part) => part !== '');
  return `❌ Check of ${total}: ${parts.join('; ')}. Run without --check to update.`;
}
