import { rmSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Each e2e run records its axe-core findings afresh (e2e/screenshots/axe.jsonl).
rmSync(new URL('./e2e/screenshots/axe.jsonl', import.meta.url), { force: true });

// End-to-end: e2e/setup.ts starts the real backend (throwaway SQLite) and `vite preview`
// with the /api proxy; the tests drive Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/setup.ts'],
    testTimeout: 150_000,
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
    maxWorkers: 3,
    fileParallelism: true,
  },
});
