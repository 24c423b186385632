import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Jobs run when a test drains them (app.jobs.drain), so every assertion sees a known state.
    env: { PROGRAMS_JOB_WORKERS: 'false' },
  },
});
