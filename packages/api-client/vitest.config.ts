import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api-client',
    environment: 'jsdom',
    // A page deep in the site, so redirects carry a real "to" path.
    environmentOptions: { jsdom: { url: 'http://localhost:3000/mypage/info?tab=1' } },
    include: ['src/**/*.test.ts'],
  },
});
