// `npm run demo`: starts the sample API, runs the built CLI against a few endpoints in a temporary folder,
// lets the CLI's own output show, then goes from traffic to a typed client (docs/traffic.md): records the
// sample API's traffic through the client into a HAR, writes the endpoint map and the OpenAPI document
// with `--har`, and type-checks a call by path. Cleans up; exits 0 when every step ended as expected.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { createApiClient } from '../dist/index.js';
import { createHarRecorder } from './record-har.mjs';
import { startDemoServer } from './server.mjs';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
// Sent with every recorded request, so the HAR holds a credential as a browser's would; no output may.
const DEMO_TOKEN = 'demo-token-5f3a9c1e7b';
// The session recorded into the HAR: [path, expected status].
const SESSION = [
  ['/users', 200],
  ['/users/1', 200],
  ['/users/2', 200],
  ['/posts', 200],
  ['/posts/1', 200],
  ['/posts/3', 200],
  ['/todos', 200],
  ['/orders', 404],
];
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

  console.log('\n--- From traffic to a typed client (docs/traffic.md) ---');
  unexpected += await recordSession(server.url, work);
  for (const flags of [[], ['--format=openapi']]) {
    const args = ['--type', '--har', 'demo.har', ...flags, '--out=src/endpoints'];
    console.log(`\n$ typefetch ${args.join(' ')}`);
    const code = await runCli(args, work);
    if (code !== 0) {
      unexpected++;
      console.error(`(exit status ${code}, expected 0)`);
    }
  }
  const api = (await readdir(path.join(work, 'src/endpoints'))).sort();
  console.log(`\nFiles in src/endpoints: ${api.join(', ')}`);
  const leaks = [];
  for (const file of api) {
    if ((await readFile(path.join(work, 'src/endpoints', file), 'utf8')).includes(DEMO_TOKEN))
      leaks.push(file);
  }
  console.log(
    leaks.length === 0 ? 'No secret of the HAR in any file.' : `SECRET LEAKED in ${leaks.join(', ')}`,
  );
  unexpected += leaks.length;
  unexpected += await typedCall(server.url, work);
} finally {
  await server.close();
  await rm(work, { recursive: true, force: true });
}
process.exitCode = unexpected === 0 ? 0 : 1;

/** Sends the session through the client, recording it; writes `demo.har`. Returns the count of surprises. */
async function recordSession(baseUrl, folder) {
  const recorder = createHarRecorder();
  const client = createApiClient({
    baseUrl,
    fetchImpl: recorder.fetch,
    defaultHeaders: { Authorization: `Bearer ${DEMO_TOKEN}` },
  });
  let surprises = 0;
  for (const [endpoint, expected] of SESSION) {
    const status = await client.get(endpoint).then(
      () => 200,
      (error) => error.status,
    );
    if (status !== expected) surprises++;
  }
  const har = recorder.har();
  await writeFile(path.join(folder, 'demo.har'), `${JSON.stringify(har, null, 2)}\n`);
  console.log(`Recorded ${har.log.entries.length} requests through createApiClient into demo.har`);
  return surprises;
}

/**
 * Type-checks a call by path through `createApiClient<Api>()` against the map `--har` wrote, then makes
 * the same call at runtime (the client fills `{id}` from `params`). Returns the count of surprises.
 */
async function typedCall(baseUrl, folder) {
  const pkg = path.relative(folder, path.join(root, 'dist/index.js'));
  const source = [
    `import { createApiClient } from '${pkg.split(path.sep).join('/')}';`,
    "import type { Api } from './src/endpoints/index.js';",
    "const api = createApiClient<Api>({ baseUrl: 'http://127.0.0.1' });",
    "const user = await api.get('/users/{id}', { params: { id: 1 } });",
    'export const city: string = user.address.city;',
    '// @ts-expect-error userId is not a parameter of /users/{id}',
    "await api.get('/users/{id}', { params: { userId: 1 } });",
    '// @ts-expect-error /usres is not a path of Api',
    "await api.get('/usres');",
    '',
  ].join('\n');
  const file = path.join(folder, 'typed-call.ts');
  await writeFile(file, source);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  console.log(`\n${source.split('\n').slice(3, 5).join('\n')}`);
  if (errors.length > 0) {
    console.error(`The typed call does not compile:\n${errors.join('\n')}`);
    return 1;
  }
  console.log('✅ Typed by path: user is GetUsersId; a wrong parameter name or path does not compile.');
  const api = createApiClient({ baseUrl });
  const user = await api.get('/users/{id}', { params: { id: 1 } });
  console.log(`✅ At runtime: GET /users/{id} with params { id: 1 } -> ${user.name}, ${user.address.city}`);
  return 0;
}
