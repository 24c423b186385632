import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mfe-careercard', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
