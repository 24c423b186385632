import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mfe-programs', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
