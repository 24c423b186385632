import { defineConfig } from 'vitest/config';

/**
 * The README's start, driven as a person runs it (`.ci/run` after `npm test`): `npm start` on its fixed ports
 * with the default `.data`, one business flow through the gateway, then Ctrl+C. No global setup: the test
 * starts the site itself, and nothing else may hold its ports.
 */
export default defineConfig({
  test: {
    name: 'readme-start',
    root: import.meta.dirname,
    include: ['*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 120_000,
  },
});
