import { defineConfig } from 'vitest/config';
import bundles from './packages/contracts/src/remotes.json' with { type: 'json' };

/**
 * One test run for the whole repository: each package has its own vitest.config.ts (environment, setup);
 * the remotes' projects are those of the one list of remotes (each a call of @sq/remote-kit/vitest), so a
 * listed remote without one fails the run. The database for the back-end suites is prepared once here
 * (embedded PostgreSQL unless DATABASE_URL).
 */
export default defineConfig({
  test: {
    // e2e/ has its own run (it starts the whole site): npm test runs it after these.
    projects: [
      'packages/*/vitest.config.ts',
      'services/*/vitest.config.ts',
      'shell/vitest.config.ts',
      ...bundles.remotes.map((remote) => `${remote.folder}/vitest.config.ts`),
      'api-gateway/vitest.config.ts',
    ],
    globalSetup: ['packages/stack/src/test-database.ts'],
  },
});
