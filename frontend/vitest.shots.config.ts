import { defineConfig } from 'vitest/config';

// `npm run shots`: e2e/shots.ts against the e2e set-up (real backend, vite preview).
export default defineConfig({
  test: {
    include: ['e2e/shots.ts'],
    globalSetup: ['e2e/setup.ts'],
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
  },
});
