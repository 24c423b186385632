import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { root: import.meta.dirname, include: ['tests/multi-instance.e2e.ts'], testTimeout: 90_000, hookTimeout: 900_000 } });
