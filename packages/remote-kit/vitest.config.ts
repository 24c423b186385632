import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'remote-kit', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
