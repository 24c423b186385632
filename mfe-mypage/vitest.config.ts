import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mfe-mypage', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
