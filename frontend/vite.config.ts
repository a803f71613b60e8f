import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// The API lives under /api/v1 on the same origin. In dev and in the e2e run, /api (and the
// health checks) are proxied to the Flask service: PATIENCE_API=http://127.0.0.1:<port>.
const api = process.env.PATIENCE_API ?? 'http://127.0.0.1:8000';
const proxy = { '/api': { target: api, changeOrigin: false } };

/** Every text file of the build also as `<file>.br` and `<file>.gz`, compressed once here at
 *  their strongest, for the servers to send as they are (the API's static route, nginx's
 *  gzip_static) with the right Content-Encoding. */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) =>
      statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)],
    );
  return {
    name: 'patience-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk('dist').filter((f) => /\.(js|css|html|svg|json|webmanifest|txt)$/.test(f))) {
        const body = readFileSync(file);
        if (body.length < 512) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: quality }));
      }
    },
  };
}

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [precompress()],
  server: { proxy },
  preview: { proxy },
  // No public source map: the served client is the built bundle only.
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
} as never);
