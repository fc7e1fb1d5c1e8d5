import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEntryBuilt } from '../../helpers/build.js';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The built ES module client: what browsers, Deno and Bun load. */
export const DIST_ESM = path.join(ROOT, 'dist', 'index.js');

/** Builds the `index` entry of tsup.config.ts when it is missing or older than its sources. */
export function ensureLibraryBuilt(): Promise<void> {
  return ensureEntryBuilt({
    entry: 'index',
    outputs: ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts'],
    sources: ['src/client', 'src/typegen', 'src/index.ts', 'package.json', 'tsup.config.ts'],
  });
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
