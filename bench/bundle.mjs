/**
 * Benchmark 5, bundle size: `import { createApiClient } from 'typefetch'` bundled for the browser by
 * esbuild (minify, tree shaking) from the built dist, gzipped (level 9). Target: at most 6 KB. Also checks
 * that the client bundle holds none of the type generator or the CLI, and prints the peers' sizes.
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { log, ROOT, targetLine } from './lib/context.mjs';
import { fmt, table } from './lib/stats.mjs';

const LIMIT_BYTES = 6 * 1024;
// Strings only the type generator (emit.ts) or the CLI print; none may reach the client bundle.
const FOREIGN_MARKERS = ['Record<string, unknown>', 'export interface ', 'Types generated successfully'];

/**
 * The modules of the features a client may leave unconfigured: pagination, response validation, the
 * circuit breaker, retry, logging and the Spanish messages. The reference row "without its optional
 * features" replaces each with a stub that exports the same names, to measure what an opt-in design
 * (features imported only when used) would weigh. It is not a build anyone can install.
 */
const OPTIONAL_MODULES =
  /src\/client\/(pagination|validation|circuit-breaker|request-log|retry\/\w[\w-]*|logging\/redact|messages\/es)\.ts$/;

const stubOptionalModules = {
  name: 'stub-optional-modules',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: OPTIONAL_MODULES }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const names = [...source.matchAll(/^export (?:async )?(?:function\*?|const|class) (\w+)/gm)].map(
        (match) => match[1],
      );
      return {
        contents: names.map((name) => `export const ${name}: any = undefined;`).join('\n'),
        loader: 'ts',
      };
    });
  },
};

async function bundle(contents, { metafile = false, plugins = [] } = {}) {
  const result = await build({
    plugins,
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    treeShaking: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return {
    code: Buffer.from(code).toString('utf8'),
    min: code.length,
    gz: gzipSync(code, { level: 9 }).length,
    metafile: result.metafile,
  };
}

export async function run() {
  log('bundle size: esbuild minify + gzip');
  const client = await bundle(`export { createApiClient } from './dist/index.js';`);
  const whole = await bundle(`export * from './dist/index.js';`);
  // The same import from the sources, to see which modules end up in the bundle and with how many bytes.
  const bySource = await bundle(`export { createApiClient } from './src/index.ts';`, { metafile: true });
  const core = await bundle(`export { createApiClient } from './src/index.ts';`, {
    plugins: [stubOptionalModules],
  });
  const inputs = Object.entries(Object.values(bySource.metafile.outputs)[0].inputs)
    .filter(([, v]) => v.bytesInOutput > 0)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
  const foreignModules = inputs.filter(([path]) => /src\/(typegen|cli)\//.test(path)).map(([path]) => path);
  const foreignStrings = FOREIGN_MARKERS.filter((marker) => client.code.includes(marker));
  const peers = [
    ['ky', `export { default } from 'ky';`],
    ['ofetch', `export { ofetch } from 'ofetch';`],
    ['axios', `export { default } from 'axios';`],
  ];
  const rows = [
    ['typefetch: `import { createApiClient }`', fmt(client.min), fmt(client.gz)],
    ['typefetch: whole entry (client + generateTypes)', fmt(whole.min), fmt(whole.gz)],
    [
      'typefetch without its optional features (reference: their modules stubbed out, not a shipping build)',
      fmt(core.min),
      fmt(core.gz),
    ],
  ];
  for (const [name, source] of peers) {
    const b = await bundle(source);
    rows.push([`${name} (reference)`, fmt(b.min), fmt(b.gz)]);
  }
  const targets = [
    {
      ok: client.gz <= LIMIT_BYTES,
      label: 'client entry, minified + gzipped',
      measured: `${fmt(client.gz)} B`,
      target: `<= ${fmt(LIMIT_BYTES)} B`,
    },
    {
      ok: foreignModules.length === 0 && foreignStrings.length === 0,
      label: 'client bundle free of the type generator and the CLI',
      measured:
        foreignModules.length + foreignStrings.length === 0
          ? 'no typegen/cli module or string'
          : `found ${[...foreignModules, ...foreignStrings].join(', ')}`,
      target: 'none',
    },
  ];
  const breakdown = table(
    ['module (createApiClient from src)', 'minified bytes in bundle'],
    inputs.map(([path, v]) => [path.replace(/^.*?src\//, 'src/'), fmt(v.bytesInOutput)]),
  );
  return {
    title: '5. Bundle size (esbuild, browser, minify, gzip -9)',
    markdown:
      `${table(['bundle', 'minified B', 'gzipped B'], rows)}\n\n${targets.map(targetLine).join('\n')}\n\n` +
      `<details><summary>Where the client's bytes are</summary>\n\n${breakdown}\n\n</details>`,
    targets,
  };
}
