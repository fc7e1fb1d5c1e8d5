import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CliIO } from '../../../src/cli/run.js';

/** A fixed clock value for the `Generated at` line. */
export const FIXED_NOW = new Date('2024-05-06T07:08:09.123Z');

/**
 * CliIO that collects output in memory; real fetch, fixed clock, no TTY, empty environment, empty stdin,
 * an 80x24 terminal. `sleep` does not wait: it counts the waits, and `stop()` aborts the stop signal.
 */
export function memoryIO(cwd: string, overrides: Partial<CliIO> = {}) {
  let stdout = '';
  let stderr = '';
  const stop = new AbortController();
  const sleeps: number[] = [];
  const io: CliIO = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd,
    env: {},
    fetch: globalThis.fetch,
    now: () => FIXED_NOW,
    isTTY: { stdout: false, stderr: false },
    readStdin: async () => '',
    terminalSize: () => ({ columns: 80, rows: 24 }),
    stopSignal: () => stop.signal,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
    ...overrides,
  };
  return { io, stdout: () => stdout, stderr: () => stderr, stop: () => stop.abort(), sleeps };
}

/** A fresh empty folder; remove it with {@link removeDir}. */
export function makeTempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'typefetch-cli-'));
}

export function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

/** Every file and folder under `dir`, as sorted relative paths with `/` separators. */
export async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.map((entry) => entry.split(path.sep).join('/')).sort();
}
