import { execFile } from 'node:child_process';
import { mkdir, readdir, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The built ES module client: what browsers, Deno and Bun load. */
export const DIST_ESM = path.join(ROOT, 'dist', 'index.js');

const OUTPUTS = ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts'].map((file) =>
  path.join(ROOT, 'dist', file),
);
// Inputs of the library build (the client, the type generator, the public surface, the build config).
const SOURCES = ['src/client', 'src/typegen', 'src/index.ts', 'package.json', 'tsup.config.ts'];
const LOCK = path.join(tmpdir(), `typefetch-lib-build-${Buffer.from(ROOT).toString('hex').slice(-32)}.lock`);

/**
 * Builds dist/index.{js,cjs,d.ts,d.cts} when one is missing or older than its sources. `npm test` builds
 * first, so this only runs when a test file is run alone. Only the library entry of tsup.config.ts is
 * built; a lock folder keeps parallel test files from building at the same time.
 */
export async function ensureLibraryBuilt(): Promise<void> {
  if (!(await isStale())) return;
  await withLock(async () => {
    if (!(await isStale())) return;
    const { build } = await import('tsup');
    const { default: config } = await import('../../../tsup.config.js');
    const configs = (Array.isArray(config) ? config : [config]) as Array<Record<string, unknown>>;
    const library = configs.find(
      (each) => typeof each['entry'] === 'object' && 'index' in (each['entry'] as object),
    );
    if (library === undefined) throw new Error('tsup.config.ts has no `index` entry');
    await build({ ...library, config: false, silent: true, outDir: path.join(ROOT, 'dist') });
  });
}

async function isStale(): Promise<boolean> {
  const built = await Promise.all(OUTPUTS.map((file) => stat(file).catch(() => undefined)));
  if (built.some((info) => info === undefined)) return true;
  const oldest = Math.min(...built.map((info) => info?.mtimeMs ?? 0));
  return (await newestMtime(SOURCES.map((each) => path.join(ROOT, each)))) > oldest;
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

async function withLock(work: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await mkdir(LOCK);
      break;
    } catch {
      // A lock left by a killed run would block forever; no build takes two minutes.
      const held = await stat(LOCK).catch(() => undefined);
      if (held !== undefined && Date.now() - held.mtimeMs > 120_000) await rmdir(LOCK).catch(() => {});
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the build lock ${LOCK}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    await work();
  } finally {
    await rmdir(LOCK);
  }
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program to completion and collects its output; never rejects, so a test can assert the exit
 * code and the streams together. Killed after `timeoutMs`.
 */
export function runProgram(
  file: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd ?? ROOT,
        env: options.env ?? process.env,
        encoding: 'utf8',
        timeout: options.timeoutMs ?? 20_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
