import { defineConfig } from 'vitest/config';

/**
 * One test run for the whole repository: each package has its own vitest.config.ts (environment, setup);
 * the database for the back-end suites is prepared once here (embedded PostgreSQL unless DATABASE_URL).
 */
export default defineConfig({
  test: {
    // e2e/ has its own run (it starts the whole site): npm test runs it after these.
    projects: ['packages/*/vitest.config.ts', 'services/*/vitest.config.ts', 'shell/vitest.config.ts', 'mfe-*/vitest.config.ts', 'api-gateway/vitest.config.ts'],
    globalSetup: ['packages/stack/src/test-database.ts'],
  },
});
