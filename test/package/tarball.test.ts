// The package as users get it: `npm pack`, unpacked into a consumer's node_modules, then imported by
// name from ESM and CommonJS, its bin run, and its types compiled under every module resolution.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { ensureLibraryBuilt, ROOT, runProgram } from './helpers/dist.js';
import { compileConsumer } from './helpers/typescript.js';

const PUBLIC_RUNTIME_EXPORTS = [
  'ApiError',
  'CircuitOpenError',
  'DEFAULT_REDACT_HEADER_KEYS',
  'ValidationError',
  'createApiClient',
  'createLogger',
  'generateTypes',
];

let work: string;
let packageDir: string;
let packedFiles: string[];
let server: TestServer;

beforeAll(async () => {
  await ensureLibraryBuilt();
  work = await mkdtemp(path.join(tmpdir(), 'typefetch-pack-'));
  const packed = await runProgram('npm', ['pack', '--json', '--pack-destination', work], {
    timeoutMs: 60_000,
  });
  expect(packed.code, packed.stderr).toBe(0);
  const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (info === undefined) throw new Error(`npm pack printed no package: ${packed.stdout}`);
  packedFiles = info.files.map((file) => file.path).sort();
  // Unpacked the way npm installs it: the tarball's `package/` folder becomes node_modules/typefetch.
  packageDir = path.join(work, 'consumer', 'node_modules', 'typefetch');
  await mkdir(packageDir, { recursive: true });
  const untar = await runProgram('tar', [
    '-xzf',
    path.join(work, info.filename),
    '-C',
    packageDir,
    '--strip-components=1',
  ]);
  expect(untar.code, untar.stderr).toBe(0);
  server = await createTestServer((req, res) => {
    if (req.url === '/users/1') sendJson(res, 200, { id: 1, name: 'Ada' });
    else sendJson(res, 404, { error: 'no such thing' });
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('contains only the built library, the CLI, the README, the LICENSE and package.json', () => {
    expect(packedFiles).toEqual([
      'LICENSE',
      'README.md',
      'dist/cli.js',
      'dist/index.cjs',
      'dist/index.d.cts',
      'dist/index.d.ts',
      'dist/index.js',
      'package.json',
    ]);
  });

  it('declares no runtime dependency of any kind', async () => {
    const manifest = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as object;
    const kinds = ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies'];
    expect(kinds.filter((kind) => kind in manifest)).toEqual([]);
  });

  it('ships client bundles that import nothing: no package, no node: builtin', async () => {
    for (const file of ['index.js', 'index.cjs']) {
      const code = await readFile(path.join(packageDir, 'dist', file), 'utf8');
      const imports = code.match(/^\s*import\s.*$|\bimport\s*\(|\brequire\s*\(|['"]node:[a-z_/]+['"]/gm);
      expect({ file, imports }).toEqual({ file, imports: null });
    }
  });

  it('ships client bundles that use no Node-only global (process, Buffer, __dirname, global)', async () => {
    for (const file of ['index.js', 'index.cjs']) {
      const code = await readFile(path.join(packageDir, 'dist', file), 'utf8');
      const nodeOnly = code.match(/\bprocess\s*\.|\bBuffer\b|\b__dirname\b|\b__filename\b|\bglobal\s*\./g);
      expect({ file, nodeOnly }).toEqual({ file, nodeOnly: null });
    }
  });
});

describe('the installed package', () => {
  // Each consumer imports the package by name, does a GET and a failing GET against the loopback server.
  const consumerBody = (load: string) => `${load}
const api = createApiClient({ baseUrl: process.argv[2], locale: 'es' });
const user = await api.get('/users/1');
let message;
try { await api.get('/missing'); } catch (error) {
  message = \`\${error instanceof ApiError} \${error.name} \${error.status} \${error.message}\`;
}
console.log(JSON.stringify({ exports: Object.keys(typefetch).sort(), user, message }));`;

  const expected = () => ({
    exports: PUBLIC_RUNTIME_EXPORTS,
    user: { id: 1, name: 'Ada' },
    message: 'true ApiError 404 El recurso solicitado no fue encontrado.',
  });

  it('works when an ES module imports it by name', async () => {
    const file = path.join(work, 'consumer', 'esm.mjs');
    await writeFile(
      file,
      consumerBody(
        `import * as typefetch from 'typefetch';\nconst { createApiClient, ApiError } = typefetch;`,
      ),
    );
    const result = await runProgram(process.execPath, [file, server.url]);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(expected());
  });

  it('works when CommonJS requires it by name', async () => {
    const file = path.join(work, 'consumer', 'cjs.cjs');
    const body = consumerBody(
      `const typefetch = require('typefetch');\nconst { createApiClient, ApiError } = typefetch;`,
    );
    // CommonJS has no top-level await: the same steps inside an async function.
    const [load, ...steps] = body.split('\n');
    await writeFile(file, `${load}\n${steps[0]}\n(async () => {\n${steps.slice(1).join('\n')}\n})();`);
    const result = await runProgram(process.execPath, [file, server.url]);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(expected());
  });

  it('resolves `require` to the CommonJS build and `import` to the ES module build', async () => {
    const file = path.join(work, 'consumer', 'resolve.mjs');
    await writeFile(
      file,
      `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
console.log(JSON.stringify([require.resolve('typefetch'), import.meta.resolve('typefetch')]));`,
    );
    const result = await runProgram(process.execPath, [file]);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([
      path.join(packageDir, 'dist', 'index.cjs'),
      `file://${path.join(packageDir, 'dist', 'index.js')}`,
    ]);
  });

  it('runs its bin: a node shebang, and --version prints the package version', async () => {
    const cli = path.join(packageDir, 'dist', 'cli.js');
    const firstLine = (await readFile(cli, 'utf8')).split('\n')[0];
    expect(firstLine).toBe('#!/usr/bin/env node');
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
      bin: Record<string, string>;
    };
    expect(manifest.bin).toEqual({ typefetch: './dist/cli.js' });
    const result = await runProgram(process.execPath, [cli, '--version']);
    expect(result).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: '' });
  });

  it.each([
    ['node16', 'esm.mts', 'dist/index.d.ts'],
    ['node16', 'cjs.cts', 'dist/index.d.cts'],
    ['nodenext', 'esm.mts', 'dist/index.d.ts'],
    ['nodenext', 'cjs.cts', 'dist/index.d.cts'],
    ['bundler', 'app.ts', 'dist/index.d.ts'],
  ] as const)(
    'gives TypeScript its types under moduleResolution %s (%s -> %s)',
    (resolution, file, types) => {
      const result = compileConsumer(path.join(work, 'consumer'), resolution, file);
      expect(result).toEqual({ resolvedTypes: [path.join(packageDir, types)], diagnostics: [] });
    },
  );
});
