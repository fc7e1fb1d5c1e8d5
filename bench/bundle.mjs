/**
 * Benchmark 5, bundle size: `import { createApiClient } from 'typefetch'` bundled for the browser by
 * esbuild (minify, tree shaking) from the built dist, gzipped (level 9). Target: at most 11 kB (11,000 B).
 * Then each optional feature's share: the same import from the sources with that feature's modules
 * replaced by stubs (bench/lib/client-features.mjs lists them), and the bytes the bundle loses. Also
 * checks that the client bundle holds none of the type generator or the CLI, prints the peers' sizes,
 * and checks the size figures of README.md and docs/why.md (the `<!-- bench:gzip:NAME -->` markers)
 * against the measurement: the docs' figures are measured, not typed by hand.
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { CLIENT_FEATURES, featuresOf } from './lib/client-features.mjs';
import { log, ROOT, targetLine } from './lib/context.mjs';
import { fmt, table } from './lib/stats.mjs';

const LIMIT_BYTES = 11_000;
// Strings only the type generator or the CLI hold; none may reach the client bundle. A top-level
// statement a bundler cannot prove pure (a call such as `.join()` or `Object.freeze()`) keeps its
// strings in a bundle of dist/index.js even when nothing uses them: annotate it `/* @__PURE__ */`.
const FOREIGN_MARKERS = [
  'Record<string, unknown>',
  'export interface ',
  'Types generated successfully',
  'const ownProperties',
  '\\0dictionary',
];
// The docs whose size figures (`<!-- bench:gzip:NAME -->10.7 kB<!-- /bench -->`) must be the measured ones.
const SIZE_DOCS = ['README.md', 'docs/why.md'];
const CLIENT_FROM_SOURCES = `export { createApiClient } from './src/index.ts';`;
const PEERS = [
  ['ky', `export { default } from 'ky';`],
  ['ofetch', `export { ofetch } from 'ofetch';`],
  ['axios', `export { default } from 'axios';`],
];

/** A module's path relative to src/client/, or undefined for a module outside it. */
function clientPath(path) {
  const rel = relative(`${ROOT}src/client`, path.startsWith('/') ? path : `${ROOT}${path}`);
  return rel.startsWith('..') ? undefined : rel.split('\\').join('/');
}

/**
 * An esbuild plugin that replaces the given source modules (paths relative to src/client/) by stubs
 * exporting the same names as `any`: what the bundle would weigh without them. Not a build that runs.
 */
function stubModules(paths) {
  const stubbed = new Set(paths);
  return {
    name: 'stub-modules',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        if (!stubbed.has(clientPath(path))) return undefined;
        const source = await readFile(path, 'utf8');
        const names = new Set(
          [
            ...source.matchAll(
              /^export (?:declare )?(?:async )?(?:abstract )?(?:function\*?|const|let|var|class|enum) (\w+)/gm,
            ),
          ].map((match) => match[1]),
        );
        for (const [, list] of source.matchAll(/^export \{([^}]*)\}(?! from)/gm)) {
          for (const item of list.split(',')) {
            const name = item
              .trim()
              .split(/\s+as\s+/)
              .pop();
            if (name !== undefined && name !== '' && !name.startsWith('type ')) names.add(name);
          }
        }
        const lines = [...names].map((name) => `export const ${name}: any = undefined;`);
        if (/^export default /m.test(source)) lines.push('export default undefined as any;');
        return { contents: lines.join('\n'), loader: 'ts' };
      });
    },
  };
}

async function bundle(contents, { metafile = false, plugins = [], minify = true } = {}) {
  const result = await build({
    plugins,
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify,
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

/** The names a bundle declares at its top level (`var NAME =`, `function NAME(`, `class NAME`). */
function topLevelNames(code) {
  return new Set(
    [...code.matchAll(/^(?:var|let|const|(?:async )?function\*?|class) ([\w$]+)/gm)].map((m) => m[1]),
  );
}

/**
 * What a bundle of dist/index.js keeps that the same import from the sources does not: top-level
 * statements of other modules that esbuild cannot prove pure (in dist/index.js every module shares one
 * file, so package.json's `sideEffects: false` no longer drops them). Compared unminified, by name.
 */
async function keptOnlyFromDist() {
  const fromDist = await bundle(`export { createApiClient } from './dist/index.js';`, { minify: false });
  const fromSources = await bundle(CLIENT_FROM_SOURCES, { minify: false });
  const own = topLevelNames(fromSources.code);
  return [...topLevelNames(fromDist.code)].filter((name) => !own.has(name));
}

/** `10,691 B` as the README writes it: `10.7 kB`. */
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

export async function run() {
  log('bundle size: esbuild minify + gzip');
  const client = await bundle(`export { createApiClient } from './dist/index.js';`);
  const whole = await bundle(`export * from './dist/index.js';`);
  // The same import from the sources: which modules end up in the bundle, with how many bytes.
  const bySource = await bundle(CLIENT_FROM_SOURCES, { metafile: true });
  const inputs = Object.entries(Object.values(bySource.metafile.outputs)[0].inputs)
    .filter(([, v]) => v.bytesInOutput > 0)
    .map(([path, v]) => ({ path, client: clientPath(path), bytes: v.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes);

  // Each feature's share: the gzipped bytes the bundle loses when its modules are stubs.
  const featureRows = [];
  const unmatched = [];
  const allFeatureModules = [];
  for (const feature of CLIENT_FEATURES) {
    const modules = inputs.filter(
      (input) => input.client !== undefined && featuresOf(input.client).includes(feature),
    );
    if (modules.length === 0) {
      if (!feature.optional) unmatched.push(feature.name);
      featureRows.push([feature.name, 'not in this build', '-', '-', '-']);
      continue;
    }
    allFeatureModules.push(...modules.map((m) => m.client));
    const without = await bundle(CLIENT_FROM_SOURCES, {
      plugins: [stubModules(modules.map((m) => m.client))],
    });
    const share = bySource.gz - without.gz;
    featureRows.push([
      feature.name,
      modules.map((m) => `\`${m.client}\``).join(', '),
      fmt(modules.reduce((sum, m) => sum + m.bytes, 0)),
      fmt(share),
      `${((share / bySource.gz) * 100).toFixed(1)}%`,
    ]);
  }
  const core = await bundle(CLIENT_FROM_SOURCES, { plugins: [stubModules(allFeatureModules)] });
  featureRows.push([
    '**core** (every feature above stubbed; a reference, not a build that runs)',
    '',
    '-',
    fmt(core.gz),
    `${((core.gz / bySource.gz) * 100).toFixed(1)}%`,
  ]);

  const foreignModules = inputs
    .filter(({ path }) => /src\/(typegen|cli)\//.test(path))
    .map(({ path }) => path);
  const foreignStrings = FOREIGN_MARKERS.filter((marker) => client.code.includes(marker));
  const rows = [
    ['typefetch: `import { createApiClient }`', fmt(client.min), fmt(client.gz)],
    ['typefetch: whole entry (client + generateTypes)', fmt(whole.min), fmt(whole.gz)],
  ];
  const measured = { typefetch: client.gz };
  for (const [name, source] of PEERS) {
    const b = await bundle(source);
    measured[name] = b.gz;
    rows.push([`${name} (reference)`, fmt(b.min), fmt(b.gz)]);
  }

  // The figures of the docs, each between `<!-- bench:gzip:NAME -->` and `<!-- /bench -->`.
  const wrong = [];
  for (const file of SIZE_DOCS) {
    const text = await readFile(`${ROOT}${file}`, 'utf8');
    const stated = Object.fromEntries(
      [...text.matchAll(/<!-- bench:gzip:(\w+) -->([^<]*)<!-- \/bench -->/g)].map((m) => [m[1], m[2].trim()]),
    );
    for (const [name, bytes] of Object.entries(measured)) {
      if (stated[name] !== kB(bytes)) {
        wrong.push(`${file} says ${stated[name] ?? 'nothing'} for ${name}, measured ${kB(bytes)}`);
      }
    }
  }

  const leftovers = await keptOnlyFromDist();
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
    {
      ok: leftovers.length === 0,
      label: 'declarations a bundle of dist/index.js keeps that the sources bundle drops',
      measured: leftovers.length === 0 ? 'none' : leftovers.join(', '),
      target: 'none',
    },
    {
      ok: unmatched.length === 0,
      label: 'every feature of bench/lib/client-features.mjs found in the bundle',
      measured: unmatched.length === 0 ? 'all found' : `no module matched: ${unmatched.join(', ')}`,
      target: 'all found',
    },
    {
      ok: wrong.length === 0,
      label: `the gzipped sizes stated in ${SIZE_DOCS.join(' and ')} (\`<!-- bench:gzip:NAME -->\`)`,
      measured: wrong.length === 0 ? 'as measured' : wrong.join('; '),
      target: 'as measured',
    },
  ];
  const breakdown = table(
    ['module (createApiClient from src)', 'minified bytes in bundle'],
    inputs.map(({ path, bytes }) => [path.replace(/^.*?src\//, 'src/'), fmt(bytes)]),
  );
  const shares = table(
    [
      'feature',
      'modules (under src/client/)',
      'minified B',
      'gzipped B it adds',
      'share of the gzipped entry',
    ],
    featureRows,
  );
  return {
    title: '5. Bundle size (esbuild, browser, minify, gzip -9)',
    markdown:
      `${table(['bundle', 'minified B', 'gzipped B'], rows)}\n\n${targets.map(targetLine).join('\n')}\n\n` +
      `Each optional feature's share of \`createApiClient\` built from the sources (${fmt(bySource.gz)} B ` +
      `gzipped): the bytes the bundle loses when the feature's modules are replaced by stubs ` +
      `(a feature's bytes that gzip shares with the rest are counted with the rest):\n\n${shares}\n\n` +
      `<details><summary>Where the client's bytes are</summary>\n\n${breakdown}\n\n</details>`,
    targets,
  };
}
