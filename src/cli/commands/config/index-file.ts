import path from 'node:path';
import { writeTypesFile } from '../../../node/atomic-write.js';
import { indexHeader, withoutTimestamp } from '../../../shared/file-header.js';
import type { Comparison } from '../../check/compare.js';
import { compareGenerated } from '../../check/compare.js';
import { diffLines } from '../../check/line-diff.js';
import { readExisting } from '../../job/job.js';

export const INDEX_NAME = 'index';

/** `index.ts`: re-exports every listed file, in the config's order. */
export function indexContent(endpoints: readonly string[], now: Date): string {
  return indexHeader(now) + endpoints.map((name) => `export * from './${name}.js';\n`).join('');
}

/**
 * Writes `index.ts` (`onlyIfChanged`: unless only the timestamp would change). Returns the path, or
 * `undefined` when nothing was written.
 */
export async function writeIndex(
  outDir: string,
  content: string,
  onlyIfChanged: boolean,
): Promise<string | undefined> {
  if (onlyIfChanged) {
    const existing = await readExisting(path.join(outDir, `${INDEX_NAME}.ts`));
    if (existing !== undefined && withoutTimestamp(existing) === withoutTimestamp(content)) return undefined;
  }
  return writeTypesFile(outDir, INDEX_NAME, content);
}

/** Compares the existing `index.ts` with what a run would write; a missing file differs in every line. */
export async function checkIndex(outDir: string, content: string): Promise<Comparison> {
  const existing = (await readExisting(path.join(outDir, `${INDEX_NAME}.ts`))) ?? '';
  const comparison = compareGenerated(existing, content);
  if (comparison.kind === 'match') return comparison;
  // An index holds no declarations: compare lines, without the note about the file's format.
  const lines = (text: string) => withoutTimestamp(text).split('\n');
  return { kind: 'lines', hunks: diffLines(lines(existing), lines(content)), reason: 'plain' };
}
