import { defineProject } from 'vitest/config';

export default defineProject({
  define: {
    'process.env.SQ_SITE_NAME': JSON.stringify('사이드퀘스트'),
    'process.env.SQ_ANALYTICS_ENDPOINT': JSON.stringify(''),
  },
  test: {
    name: 'shell',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
