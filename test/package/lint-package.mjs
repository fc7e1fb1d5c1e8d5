#!/usr/bin/env node
// `npm run lint:package`: packs the package exactly as `npm publish` would, then lints that tarball with
// publint (--strict: warnings fail too) and @arethetypeswrong/cli (types for ESM and CJS under node16,
// which is also nodenext's resolution, and bundler). Exit status: 0 clean, 1 otherwise.
//
// attw's `node16` profile leaves out `node10` (TypeScript's legacy `moduleResolution: "node"`), which
// cannot see `exports` at all, so no subpath such as `typefetch/undici` can resolve there without extra
// stub folders in the package. The root entry still resolves under node10 through the top-level `types`
// field; attw prints that column anyway.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const work = mkdtempSync(path.join(tmpdir(), 'typefetch-lint-package-'));

/** Runs a command in the repository root, its output passed through; returns its exit status. */
function step(title, command, args, stdio = 'inherit') {
  console.log(`\n> ${title}: ${[path.basename(command), ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio, encoding: 'utf8' });
  if (result.error) throw result.error;
  return result;
}

let failed = false;
try {
  const packed = step(
    'pack',
    'npm',
    ['pack', '--json', '--pack-destination', work],
    ['ignore', 'pipe', 'inherit'],
  );
  if (packed.status !== 0) throw new Error(`npm pack exited with ${packed.status}`);
  const [{ filename, files }] = JSON.parse(packed.stdout);
  console.log(files.map((file) => `  ${file.path}`).join('\n'));
  const tarball = path.join(work, filename);
  for (const [title, command, args] of [
    ['publint', bin('publint'), ['--strict', tarball]],
    ['attw', bin('attw'), ['--profile', 'node16', tarball]],
  ]) {
    const { status } = step(title, command, args);
    if (status !== 0) {
      console.error(`${title} reported problems (exit ${status})`);
      failed = true;
    }
  }
} catch (error) {
  console.error(`lint:package: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(failed ? '\nlint:package: FAILED' : '\nlint:package: publint and attw found no problems');
process.exitCode = failed ? 1 : 0;
