import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mfe-itskill', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
