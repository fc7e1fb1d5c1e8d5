import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library: ESM + CJS + declarations. The client entry must stay free of Node-only imports.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    target: 'es2022',
    platform: 'neutral',
    sourcemap: false,
    clean: false,
    treeshake: true,
  },
  {
    // The Node-only subpaths, each its own entry so the client never loads them:
    // typefetch/undici, the opt-in transport (undici is a peer dependency, so its import stays external),
    // and typefetch/capture, the development helper that writes inferred types to files (the type
    // generator is bundled in; it imports Node builtins only).
    entry: { undici: 'src/undici/index.ts', capture: 'src/capture/index.ts' },
    external: ['undici'],
    // Each subpath is one self-contained file: code both use (src/shared/) is not split into a chunk.
    splitting: false,
    format: ['esm', 'cjs'],
    dts: true,
    target: 'node20',
    platform: 'node',
    sourcemap: false,
    clean: false,
    treeshake: true,
  },
  {
    // The CLI: one ESM file for Node, bundled so start-up loads a single module.
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    sourcemap: false,
    clean: false,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
