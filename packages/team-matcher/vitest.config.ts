import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'team-matcher', environment: 'node', include: ['src/**/*.test.ts'] },
});
