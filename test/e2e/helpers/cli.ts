import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEntryBuilt } from '../../helpers/build.js';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The built binary the e2e tests spawn. */
export const CLI_PATH = path.join(ROOT, 'dist', 'cli.js');

/** Builds the `cli` entry of tsup.config.ts when it is missing or older than its sources. */
export function ensureBuilt(): Promise<void> {
  return ensureEntryBuilt({
    entry: 'cli',
    outputs: ['dist/cli.js'],
    sources: [
      'src/cli',
      'src/typegen',
      'src/shared',
      'src/traffic',
      'src/node',
      'src/client/logging/redact.ts',
      'src/client/response.ts',
      'package.json',
      'tsup.config.ts',
    ],
  });
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
