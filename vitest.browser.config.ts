import { defineConfig } from 'vitest/config';

// `npm run test:browser`: the built client in headless Chromium. Kept out of `npm test` so that
// `npm test` needs no browser; `.ci/run` runs both.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
