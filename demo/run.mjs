// `npm run demo`: starts the sample API, runs the built CLI against a few endpoints in a temporary folder,
// lets the CLI's own output show, then cleans up. Exits 0 when every run ended as expected.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from './server.mjs';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run demo` (it builds first) or `npm run build`.');
  process.exit(1);
}

// [path, extra flags, expected exit status]: the last one shows what a failure looks like.
const RUNS = [
  ['/users', [], 0],
  ['/users/1', [], 0],
  ['/posts/3', [], 0],
  ['/todos', [], 0],
  ['/products', [], 0],
  ['/products', ['--name=Catalog', '--out=src/api'], 0],
  ['/orders', [], 1],
];

function runCli(args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

const server = await startDemoServer();
const work = await mkdtemp(path.join(tmpdir(), 'typefetch-demo-'));
let unexpected = 0;
try {
  console.log(`Demo API listening on ${server.url}; working folder ${work}\n`);
  for (const [endpoint, flags, expected] of RUNS) {
    const args = ['--type', ...flags, `${server.url}${endpoint}`];
    console.log(`\n$ typefetch ${args.join(' ')}${expected === 0 ? '' : '   # fails on purpose'}`);
    const code = await runCli(args, work);
    if (code !== expected) {
      unexpected++;
      console.error(`(exit status ${code}, expected ${expected})`);
    }
  }
  const files = (await readdir(work, { recursive: true })).filter((file) => file.endsWith('.ts')).sort();
  console.log(`\nFiles written: ${files.join(', ')}`);
} finally {
  await server.close();
  await rm(work, { recursive: true, force: true });
}
process.exitCode = unexpected === 0 ? 0 : 1;
