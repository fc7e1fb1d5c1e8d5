import { execFile } from 'node:child_process';
import { mkdir, readdir, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The built binary the e2e tests spawn. */
export const CLI_PATH = path.join(ROOT, 'dist', 'cli.js');

// Inputs of dist/cli.js: the CLI, the type generator it bundles, the version and the build config.
const SOURCES = ['src/cli', 'src/typegen', 'package.json', 'tsup.config.ts'];
const LOCK = path.join(tmpdir(), `typefetch-cli-build-${Buffer.from(ROOT).toString('hex').slice(-32)}.lock`);

/**
 * Builds dist/cli.js when it is missing or older than its sources (`npm test` builds first, so this only
 * runs for `vitest run test/cli/`). Only the CLI entry of tsup.config.ts is built, which is fast and does
 * not depend on the rest of the package compiling. A lock folder keeps parallel test files from building
 * at the same time.
 */
export async function ensureBuilt(): Promise<void> {
  if (!(await isStale())) return;
  await withLock(async () => {
    if (!(await isStale())) return;
    const { build } = await import('tsup');
    const { default: config } = await import('../../../tsup.config.js');
    const configs = (Array.isArray(config) ? config : [config]) as Array<Record<string, unknown>>;
    const cli = configs.find(
      (each) => typeof each['entry'] === 'object' && 'cli' in (each['entry'] as object),
    );
    if (cli === undefined) throw new Error('tsup.config.ts has no `cli` entry');
    await build({ ...cli, config: false, silent: true, outDir: path.join(ROOT, 'dist') });
  });
}

async function isStale(): Promise<boolean> {
  const built = await stat(CLI_PATH).catch(() => undefined);
  if (built === undefined) return true;
  return (await newestMtime(SOURCES.map((each) => path.join(ROOT, each)))) > built.mtimeMs;
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
  const deadline = Date.now() + 60_000;
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

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Spawns `node dist/cli.js ...args` in `cwd` with a minimal environment (PATH plus `env`), so no colour
 * setting of the test runner leaks in. stdout and stderr are pipes, not terminals; stdin gets `input`
 * and is then closed.
 */
export function runCli(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  input = '',
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI_PATH, ...args],
      { cwd, env: { PATH: process.env['PATH'] ?? '', ...env }, encoding: 'utf8', timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}
