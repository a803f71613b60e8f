import { defineConfig } from 'vitest/config';

// End-to-end: e2e/setup.ts starts the real backend (throwaway SQLite) and `vite preview`
// with the /api proxy; the tests drive Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
    maxWorkers: 3,
    fileParallelism: true,
  },
});
