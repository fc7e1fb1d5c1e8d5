// The package as users get it: `npm pack`, unpacked into a consumer's node_modules, then imported by
// name from ESM and CommonJS, its bin run, and its types compiled under every module resolution.

import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_RUNTIME_EXPORTS } from '../helpers/public-exports.js';
import { createTestServer, sendJson, type TestServer } from '../helpers/server.js';
import { ensureLibraryBuilt, ROOT, runProgram } from './helpers/dist.js';
import { TYPED_CONSUMER } from './helpers/typed-consumer.js';
import { compileConsumer } from './helpers/typescript.js';

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

/** The packed package.json, as far as these tests read it. */
interface Manifest {
  version: string;
  exports: Record<string, unknown>;
  bin: Record<string, string>;
  dependencies?: unknown;
  optionalDependencies?: unknown;
  bundleDependencies?: unknown;
  bundledDependencies?: unknown;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readManifest = async (): Promise<Manifest> =>
  JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as Manifest;

/** Every file an `exports` entry points at, without the leading `./`. */
function targets(value: unknown): string[] {
  if (typeof value === 'string') return [value.replace(/^\.\//, '')];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(targets);
}

/** The module specifiers a bundle imports or requires. */
function specifiers(code: string): string[] {
  const found = code.matchAll(
    /^\s*import\s[^'"]*?['"]([^'"]+)['"]|^\s*export\s[^'"]*?\sfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|\brequire\s*\(\s*['"]([^'"]+)['"]/gm,
  );
  return [...found].map((match) => match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
}

describe('npm pack', () => {
  it('contains exactly the files package.json points at (exports, bin), the README, the LICENSE and package.json', async () => {
    const manifest = await readManifest();
    const { './package.json': _, ...entries } = manifest.exports;
    const expected = new Set([
      ...targets(entries),
      ...targets(manifest.bin),
      'LICENSE',
      'README.md',
      'package.json',
    ]);
    expect([...expected].sort()).toEqual(packedFiles);
    // The client and the CLI are among them, for ESM and CommonJS, with declarations for each.
    for (const file of [
      'dist/index.js',
      'dist/index.cjs',
      'dist/index.d.ts',
      'dist/index.d.cts',
      'dist/cli.js',
    ]) {
      expect(packedFiles).toContain(file);
    }
  });

  it('declares no dependency; a peer dependency only as optional (for a Node-only subpath)', async () => {
    const manifest = await readManifest();
    const kinds = ['dependencies', 'optionalDependencies', 'bundleDependencies', 'bundledDependencies'];
    expect(kinds.filter((kind) => kind in manifest)).toEqual([]);
    const required = Object.keys(manifest.peerDependencies ?? {}).filter(
      (name) => manifest.peerDependenciesMeta?.[name]?.optional !== true,
    );
    expect(required).toEqual([]);
  });

  it('takes undici 6 or 7 as its optional peer, the two majors typefetch/undici is tested against', async () => {
    const manifest = await readManifest();
    expect(manifest.peerDependencies).toEqual({ undici: '^6.0.0 || ^7.0.0' });
    expect(manifest.peerDependenciesMeta).toEqual({ undici: { optional: true } });
  });

  it('the client entry imports nothing; a Node-only subpath imports only Node builtins and optional peers', async () => {
    const manifest = await readManifest();
    const peers = Object.keys(manifest.peerDependencies ?? {});
    const unexpected: Record<string, string[]> = {};
    for (const [subpath, entry] of Object.entries(manifest.exports)) {
      for (const file of targets(entry).filter((each) => /\.c?js$/.test(each))) {
        const imported = specifiers(await readFile(path.join(packageDir, file), 'utf8'));
        // `.` is the client: it runs in browsers, Deno and Bun, so it may import nothing at all.
        const allowed = (specifier: string) =>
          subpath !== '.' &&
          (specifier.startsWith('node:') ||
            builtinModules.includes(specifier) ||
            peers.some((peer) => specifier === peer || specifier.startsWith(`${peer}/`)));
        unexpected[file] = imported.filter((specifier) => !allowed(specifier));
      }
    }
    expect(unexpected).toMatchObject({ 'dist/index.js': [], 'dist/index.cjs': [] });
    expect(Object.values(unexpected).flat()).toEqual([]);
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

  it('resolves `require` to the CommonJS build and `import` to the ES module build, for every subpath', async () => {
    const manifest = await readManifest();
    const subpaths = Object.keys(manifest.exports).filter((subpath) => subpath !== './package.json');
    const names = subpaths.map((subpath) => `typefetch${subpath.slice(1)}`);
    const file = path.join(work, 'consumer', 'resolve.mjs');
    await writeFile(
      file,
      `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const names = ${JSON.stringify(names)};
console.log(JSON.stringify(names.map((name) => [require.resolve(name), import.meta.resolve(name)])));`,
    );
    const result = await runProgram(process.execPath, [file]);
    expect(result.stderr).toBe('');
    const inPackage = (target: string) => path.join(packageDir, target);
    expect(JSON.parse(result.stdout)).toEqual(
      subpaths.map((subpath) => {
        const entry = manifest.exports[subpath] as Record<'require' | 'import', { default: string }>;
        return [inPackage(entry.require.default), pathToFileURL(inPackage(entry.import.default)).href];
      }),
    );
    expect(JSON.parse(result.stdout)[0]).toEqual([
      path.join(packageDir, 'dist', 'index.cjs'),
      pathToFileURL(path.join(packageDir, 'dist', 'index.js')).href,
    ]);
  });

  it('runs its bin: a node shebang, and --version prints the package version', async () => {
    const cli = path.join(packageDir, 'dist', 'cli.js');
    const firstLine = (await readFile(cli, 'utf8')).split('\n')[0];
    expect(firstLine).toBe('#!/usr/bin/env node');
    const manifest = await readManifest();
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

  beforeAll(async () => {
    // The typed consumer uses zod, as a user's project would have it installed.
    const modules = path.join(work, 'consumer', 'node_modules');
    await symlink(path.join(ROOT, 'node_modules', 'zod'), path.join(modules, 'zod'), 'dir');
    await mkdir(path.join(modules, '@types'), { recursive: true });
    await symlink(
      path.join(ROOT, 'node_modules', '@types', 'node'),
      path.join(modules, '@types', 'node'),
      'dir',
    );
  });

  it.each([
    ['node16', 'typed-esm.mts', true],
    ['node16', 'typed-cjs.cts', false],
    ['bundler', 'typed-app.ts', true],
    ['bundler', 'typed-app-loose.ts', false],
  ] as const)(
    'types calls as documented under moduleResolution %s (%s, exactOptionalPropertyTypes %s)',
    (resolution, file, exactOptionalPropertyTypes) => {
      const result = compileConsumer(path.join(work, 'consumer'), resolution, file, {
        source: TYPED_CONSUMER,
        options: { exactOptionalPropertyTypes, noUncheckedIndexedAccess: true },
      });
      expect(result.diagnostics).toEqual([]);
    },
  );

  it('names the paths of the map when a call gives another path, or a plain string', () => {
    const source = `import { createApiClient } from 'typefetch';
interface Api {
  'GET /users': { params: never; query: never; body: never; response: unknown };
  'GET /users/{id}': { params: { id: number }; query: never; body: never; response: unknown };
  'POST /users': { params: never; query: never; body: never; response: unknown };
}
const api = createApiClient<Api>({ baseUrl: 'https://h.test' });
void api.get('/usres');
declare const path: string;
void api.get(path);
`;
    const result = compileConsumer(path.join(work, 'consumer'), 'bundler', 'wrong-path.ts', { source });
    expect(result.diagnostics).toEqual([
      `wrong-path.ts:8: Argument of type '"/usres"' is not assignable to parameter of type '"/users" | "/users/{id}"'.`,
      `wrong-path.ts:10: Argument of type 'string' is not assignable to parameter of type '"/users" | "/users/{id}"'.`,
    ]);
  });

  it('compiles in a Node project without the DOM lib (lib es2022, types node), its declarations checked', () => {
    // @types/node declares fetch's classes (Response, Headers, FormData...) but not BodyInit, HeadersInit
    // or RequestInfo, which only the DOM lib has.
    const result = compileConsumer(path.join(work, 'consumer'), 'node16', 'node-only.mts', {
      source: TYPED_CONSUMER,
      options: { lib: ['lib.es2022.d.ts'], types: ['node'], exactOptionalPropertyTypes: true },
    });
    expect(result.diagnostics).toEqual([]);
  });
});
