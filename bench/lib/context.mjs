/** Paths and settings shared by the benchmarks. */
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BENCH = fileURLToPath(new URL('../', import.meta.url));
export const NODE = process.execPath;
export const CLI = `${ROOT}dist/cli.js`;
export const DATA_SERVER = `${BENCH}lib/data-server.mjs`;
export const JSON_SERVER = `${BENCH}lib/json-server.mjs`;

/** Progress lines go to stderr, so stdout holds only the tables. */
export function log(message) {
  process.stderr.write(`  ${message}\n`);
}

/** A target line: `- PASS typefetch CLI wall time on 20 MB: 1.08x floor (target <= 1.2x)`. */
export function targetLine({ ok, label, measured, target }) {
  return `- ${ok ? 'PASS' : 'FAIL'} ${label}: ${measured} (target ${target})`;
}
