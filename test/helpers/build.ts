import { mkdir, readdir, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface EntryBuild {
  /** Key of the entry in tsup.config.ts (`index`, `cli`, ...). */
  entry: string;
  /** Files of dist/ this entry writes, relative to the root. */
  outputs: readonly string[];
  /** Inputs (files or folders) relative to the root; any newer than an output means rebuild. */
  sources: readonly string[];
}

/**
 * Builds one tsup entry when an output is missing or older than its sources. `npm test` builds first,
 * so this only runs when a test file is run alone. A lock folder keeps parallel test files from
 * building at the same time.
 */
export async function ensureEntryBuilt(spec: EntryBuild): Promise<void> {
  const lock = path.join(
    tmpdir(),
    `typefetch-build-${spec.entry}-${Buffer.from(ROOT).toString('hex').slice(-32)}.lock`,
  );
  if (!(await isStale(spec))) return;
  await withLock(lock, async () => {
    if (!(await isStale(spec))) return;
    const { build } = await import('tsup');
    const { default: config } = await import('../../tsup.config.js');
    const configs = (Array.isArray(config) ? config : [config]) as Array<Record<string, unknown>>;
    const found = configs.find(
      (each) => typeof each['entry'] === 'object' && spec.entry in (each['entry'] as object),
    );
    if (found === undefined) throw new Error(`tsup.config.ts has no \`${spec.entry}\` entry`);
    await build({ ...found, config: false, silent: true, outDir: path.join(ROOT, 'dist') });
  });
}

async function isStale(spec: EntryBuild): Promise<boolean> {
  const built = await Promise.all(
    spec.outputs.map((file) => stat(path.join(ROOT, file)).catch(() => undefined)),
  );
  if (built.some((info) => info === undefined)) return true;
  const oldest = Math.min(...built.map((info) => info?.mtimeMs ?? 0));
  return (await newestMtime(spec.sources.map((each) => path.join(ROOT, each)))) > oldest;
}

async function newestMtime(paths: string[]): Promise<number> {
  let newest = 0;
  for (const each of paths) {
    const info = await stat(each);
    newest = Math.max(newest, info.mtimeMs);
    if (info.isDirectory()) {
      const entries = await readdir(each);
      newest = Math.max(newest, await newestMtime(entries.map((entry) => path.join(each, entry))));
    }
  }
  return newest;
}

async function withLock(lock: string, work: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      // A lock left by a killed run would block forever; no build takes two minutes.
      const held = await stat(lock).catch(() => undefined);
      if (held !== undefined && Date.now() - held.mtimeMs > 120_000) await rmdir(lock).catch(() => {});
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the build lock ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    await work();
  } finally {
    await rmdir(lock);
  }
}
