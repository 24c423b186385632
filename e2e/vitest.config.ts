import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests of the composed site in Chromium: the global setup builds every bundle, starts the
 * whole stack (services, gateway, PostgreSQL with a fresh database) and tests share it, one file at a time.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 600_000,
  },
});
