import { defineConfig } from 'vitest/config';

// The API lives under /api/v1 on the same origin. In dev and in the e2e run, /api (and the
// health checks) are proxied to the Flask service: PATIENCE_API=http://127.0.0.1:<port>.
const api = process.env.PATIENCE_API ?? 'http://127.0.0.1:8000';
const proxy = { '/api': { target: api, changeOrigin: false } };

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  server: { proxy },
  preview: { proxy },
  // No public source map: the served client is the built bundle only.
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
} as never);
