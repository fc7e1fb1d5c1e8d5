// The `index.ts` of a config run: it re-exports every TypeScript output (typescript and zod) and declares
// the endpoint map `export interface Api` of the endpoints fetched from a URL (docs/traffic.md); a JSON
// Schema file has nothing to export.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { writeTypesFile } from '../../../node/atomic-write.js';
import { readIfExists } from '../../../node/read-if-exists.js';
import { exportedNames } from '../../../shared/exported-names.js';
import { comparableText, indexHeader } from '../../../shared/file-header.js';
import { FORMAT_FILES } from '../../../shared/output-file.js';
import { emitEndpointMap } from '../../../traffic/endpoint-map.js';
import { checkIndexFile } from '../../check/check-file.js';
import type { Comparison } from '../../check/compare.js';
import type { JobMode } from '../../check/mode.js';
import type { EndpointResult } from './endpoint.js';
import { mapEntries } from './traffic.js';

export const INDEX_NAME = 'index';

/** What became of the index: the files it lists, and with --check its drift, or the error that stopped it. */
export interface IndexOutcome {
  readonly listed: readonly string[];
  /** Names two listed files both export: `export *` then makes them ambiguous and index.ts does not compile. */
  readonly clashes: readonly NameClash[];
  readonly drift: Comparison | undefined;
  readonly error: unknown;
}

/** A name exported by two files of the index (file stems, in the config's order). */
export interface NameClash {
  readonly name: string;
  readonly files: readonly [string, string];
}

/** `index.ts`: re-exports every listed file, in the config's order, then the endpoint map when given. */
export function indexContent(endpoints: readonly string[], now: Date, map?: string): string {
  const exports = endpoints.map((name) => `export * from './${name}.js';\n`).join('');
  return indexHeader(now) + exports + (map === undefined ? '' : `\n${map}`);
}

/**
 * Writes (or with --check compares) the index of `results`. It lists every TypeScript output whose
 * file exists: written now, or kept from an earlier run. With nothing to list there is no index.
 */
export async function updateIndex(
  results: readonly EndpointResult[],
  outDir: string,
  mode: JobMode,
  now: Date,
): Promise<IndexOutcome> {
  const listed: string[] = [];
  for (const result of results) {
    const name = result.endpoint.endpoint;
    if (FORMAT_FILES[result.endpoint.output.format].extension !== '.ts') continue;
    // With --check too: the index a run with the same outcomes would write (docs/cli.md, "Config file").
    if (result.outcome !== undefined || (await exists(path.join(outDir, `${name}.ts`)))) {
      listed.push(name);
    }
  }
  const entries = mapEntries(results, listed);
  const map =
    entries.length === 0
      ? undefined
      : emitEndpointMap(entries, { importFrom: (entry) => `./${entry.file}.js` });
  const content = indexContent(listed, now, map);
  const clashes = await nameClashes(results, listed, outDir);
  try {
    if (listed.length === 0) return { listed, clashes, drift: undefined, error: undefined };
    if (mode === 'check') {
      const comparison = await checkIndexFile(outDir, INDEX_NAME, content);
      return {
        listed,
        clashes,
        drift: comparison.kind === 'match' ? undefined : comparison,
        error: undefined,
      };
    }
    await writeIndex(outDir, content, mode === 'update');
    return { listed, clashes, drift: undefined, error: undefined };
  } catch (error) {
    return { listed, clashes, drift: undefined, error };
  }
}

/**
 * The names that two listed files export (with `named`, a nested `UsersAddress` of `users` and an endpoint
 * named `users-address`): the text written now, else the file kept from an earlier run.
 */
async function nameClashes(
  results: readonly EndpointResult[],
  listed: readonly string[],
  outDir: string,
): Promise<NameClash[]> {
  const owner = new Map<string, string>();
  const clashes: NameClash[] = [];
  for (const name of listed) {
    const outcome = results.find((result) => result.endpoint.endpoint === name)?.outcome;
    // A file that cannot be read (a folder at its path) exports nothing: its endpoint reports why.
    const text =
      outcome !== undefined && 'content' in outcome
        ? outcome.content
        : await readIfExists(path.join(outDir, `${name}.ts`)).catch(() => undefined);
    for (const exported of new Set(exportedNames(text ?? ''))) {
      const first = owner.get(exported);
      if (first === undefined) owner.set(exported, name);
      else clashes.push({ name: exported, files: [first, name] });
    }
  }
  return clashes;
}

/**
 * Writes `index.ts` (`onlyIfChanged`: unless only the timestamp would change). Returns the path, or
 * `undefined` when nothing was written.
 */
async function writeIndex(
  outDir: string,
  content: string,
  onlyIfChanged: boolean,
): Promise<string | undefined> {
  if (onlyIfChanged) {
    const existing = await readIfExists(path.join(outDir, `${INDEX_NAME}.ts`));
    if (existing !== undefined && comparableText(existing) === comparableText(content)) return undefined;
  }
  return writeTypesFile(outDir, INDEX_NAME, content);
}

/** A file is there to re-export: a folder at its path is not. */
async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (found) => found.isFile(),
    () => false,
  );
}
