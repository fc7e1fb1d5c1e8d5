// `--check` against the files on disk: the existing file read, compared with what a run would write.
import path from 'node:path';
import { readIfExists } from '../../node/read-if-exists.js';
import { comparableText } from '../../shared/file-header.js';
import type { OutputFormat } from '../../typegen/options.js';
import { RunError } from '../errors.js';
import { type Comparison, compareGenerated } from './compare.js';
import { diffLines } from './line-diff.js';
import { readsAsDeclarations } from './mode.js';

/** Compares `file` with `content`; a missing file is an error that says how to create it. */
export async function checkFile(file: string, content: string, format: OutputFormat): Promise<Comparison> {
  const existing = await readIfExists(file);
  if (existing === undefined) {
    throw new RunError(`${file} does not exist yet; run without --check to create it`);
  }
  return compareGenerated(existing, content, readsAsDeclarations(format));
}

/** Compares the existing `index.ts` with what a run would write; a missing file differs in every line. */
export async function checkIndexFile(outDir: string, name: string, content: string): Promise<Comparison> {
  const existing = (await readIfExists(path.join(outDir, `${name}.ts`))) ?? '';
  const comparison = compareGenerated(existing, content);
  if (comparison.kind === 'match') return comparison;
  // An index holds no declarations: compare lines, without the note about the file's format.
  const lines = (text: string) => comparableText(text).split('\n');
  return { kind: 'lines', hunks: diffLines(lines(existing), lines(content)), reason: 'plain' };
}
