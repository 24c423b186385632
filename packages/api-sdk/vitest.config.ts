import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'api-sdk', environment: 'node', include: ['src/**/*.test.ts'] },
});
