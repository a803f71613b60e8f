import { defineConfig } from 'vitest/config';

// `npm run measure`: e2e/measure.ts against the e2e set-up (real backend, vite preview).
export default defineConfig({
  test: {
    include: ['e2e/measure.ts'],
    globalSetup: ['e2e/setup.ts'],
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
    silent: false,
  },
});
