import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'standalone', environment: 'node', include: ['src/**/*.test.ts'] },
});
