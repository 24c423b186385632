import { defineConfig } from 'vitest/config';

/**
 * One test run for the whole repository: each package has its own vitest.config.ts (environment, setup);
 * the database for the back-end suites is prepared once here (embedded PostgreSQL unless DATABASE_URL).
 */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'services/*/vitest.config.ts', '*/vitest.config.ts'],
    globalSetup: ['packages/stack/src/test-database.ts'],
  },
});
