import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'typefetch',
          include: ['test/**/*.test.ts'],
          env: { TYPEFETCH_UNDICI: 'undici' },
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      // typefetch/undici supports undici 6 and 7: its tests run again with `undici` resolved to the
      // devDependency `undici-6` (an npm alias); test/undici/helpers/undici-package.ts does the same for
      // the child processes they spawn.
      {
        extends: true,
        resolve: { alias: { undici: 'undici-6' } },
        test: {
          name: 'undici-6',
          include: ['test/undici/**/*.test.ts'],
          env: { TYPEFETCH_UNDICI: 'undici-6' },
        },
      },
    ],
  },
});
