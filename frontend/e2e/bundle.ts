// What the built client weighs (dist/, gzip level 9): every JS and CSS file, and those a cold
// load fetches, read from what dist/index.html links (the entry, its CSS and any chunk it
// preloads), so that a chunk split off the entry still counts against the budget.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');

/** A cold load's JS and CSS, gzipped: at most 60 KB. */
export const COLD_LOAD_BUDGET = 60 * 1024;

export function bundle(): { files: number; raw: number; gz: number; entryGz: number; entry: string[] } {
  const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/\/assets\/([^"'?#]+\.(?:js|css))/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  let entryGz = 0;
  const files = readdirSync(resolve(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f));
  for (const f of files) {
    const b = readFileSync(resolve(dist, 'assets', f));
    const z = gzipSync(b, { level: 9 }).length;
    raw += b.length;
    gz += z;
    if (entry.includes(f)) entryGz += z;
  }
  return { files: files.length, raw, gz, entryGz, entry };
}
