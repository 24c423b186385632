import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'stack', environment: 'node', include: ['test/**/*.test.ts'], testTimeout: 120_000 },
});
