import { describe, expectTypeOf, it } from 'vitest';
import { defineConfig, type TypefetchConfig } from '../../../src/index.js';

describe('defineConfig (from the package root)', () => {
  it('takes and returns a TypefetchConfig', () => {
    expectTypeOf(defineConfig).parameter(0).toEqualTypeOf<TypefetchConfig>();
    expectTypeOf(defineConfig).returns.toEqualTypeOf<TypefetchConfig>();
  });

  it('rejects an unknown key, a wrong format and a config without endpoints', () => {
    defineConfig({ baseUrl: 'https://api.example.com', format: 'zod', endpoints: [{ url: '/users' }] });
    // @ts-expect-error `outDir` is not a key (the folder is `out`)
    defineConfig({ outDir: 'src/types', endpoints: [] });
    // @ts-expect-error no such format
    defineConfig({ format: 'yaml', endpoints: [] });
    // @ts-expect-error `endpoints` is required
    defineConfig({ out: 'src/types' });
  });
});
