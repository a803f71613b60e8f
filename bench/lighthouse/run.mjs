// Lighthouse 12.2.3 (mobile preset: simulated slow 4G and a 4x slower CPU) against `make run`'s
// server: the built client served by the API's own static route (pre-compressed assets) on a
// throwaway SQLite database, with a solver worker, as `patience run` starts them. Prints, per
// page, the median of RUNS runs: performance score, cumulative layout shift, first and largest
// contentful paint, total blocking time; and what the server sends: each asset's
// Content-Encoding and size, robots.txt. Figures are also written to bench/results/.
//
//   cd bench/lighthouse && npm ci && cd ../.. && make web
//   PATIENCE_TEST_REDIS=redis://127.0.0.1:6379/<db> node bench/lighthouse/run.mjs [runs]
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const RUNS = Number(process.argv[2] ?? 3);
const PAGES = Object.fromEntries(
  Object.entries({ home: '/', game: '/play/pyramid-1' }).filter(([k]) => !process.env.LH_PAGE || process.env.LH_PAGE === k),
);
const CHROME = process.env.CHROMIUM ?? '/usr/bin/chromium';

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitFor(url, ms = 90_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** `patience run` on a free port and a throwaway database; resolves its base URL and a stop. */
async function startService() {
  const port = await freePort();
  const db = `/tmp/patience-lighthouse-${process.pid}.db`;
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:///${db}`,
    REDIS_URL: process.env.PATIENCE_TEST_REDIS ?? 'redis://127.0.0.1:6379/0',
    // Every Lighthouse run is a new visitor (a new player and game): looser limits.
    RATE_LIMIT_PLAYERS: '1000/minute',
    RATE_LIMIT_ACTIONS: '20000/minute',
  };
  const patience = resolve(repo, '.venv/bin/patience');
  const proc = spawn(patience, ['run', '--host', '127.0.0.1', '--port', String(port)], {
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const log = [];
  proc.stderr.on('data', (b) => log.push(b.toString()));
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-proc.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
  };
  try {
    await waitFor(`${base}/healthz`);
  } catch (err) {
    stop();
    console.error(log.join(''));
    throw err;
  }
  return { base, stop };
}

/** One response as it comes over the wire (not decoded): status, headers, bytes. */
function raw(url, headers) {
  return new Promise((ok, fail) => {
    get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (b) => (bytes += b.length));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, bytes }));
    }).on('error', fail);
  });
}

/** Each asset of the page as the server sends it to a browser that accepts br and gzip. */
async function served(base) {
  const html = await (await fetch(`${base}/`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const out = [];
  for (const path of ['/', ...assets, '/robots.txt']) {
    const r = await raw(`${base}${path}`, { 'Accept-Encoding': 'br, gzip' });
    out.push({
      path,
      status: r.status,
      type: r.headers['content-type'],
      encoding: r.headers['content-encoding'] ?? 'identity',
      bytes: r.bytes,
    });
  }
  return out;
}

async function audit(url, port) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] };
  const { lhr } = await lighthouse(url, flags);
  const a = lhr.audits;
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    cls: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
    fcpMs: Math.round(a['first-contentful-paint'].numericValue),
    lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(a['total-blocking-time'].numericValue),
    robotsTxt: a['robots-txt'].score === 1 ? 'valid' : `invalid (${a['robots-txt'].score})`,
    textCompression: a['uses-text-compression']?.score === 0 ? 'missing' : 'in place',
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function main() {
  const { base, stop } = await startService();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const assets = await served(base);
    for (const s of assets) console.log(`served ${s.path}: ${s.status} ${s.type}, ${s.encoding}, ${s.bytes} B`);
    const pages = {};
    for (const [name, path] of Object.entries(PAGES)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${base}${path}`, chrome.port));
      const perf = runs.map((r) => r.performance);
      const mid = runs.find((r) => r.performance === median(perf));
      pages[name] = { path, median: mid, performance: perf, cls: runs.map((r) => r.cls) };
      console.log(
        `lighthouse ${name} (${path}), median of ${RUNS}: performance ${mid.performance} ` +
          `[${perf.join(', ')}], CLS ${mid.cls} [${pages[name].cls.join(', ')}], FCP ${mid.fcpMs} ms, ` +
          `LCP ${mid.lcpMs} ms, TBT ${mid.tbtMs} ms, robots.txt ${mid.robotsTxt}, ` +
          `text compression ${mid.textCompression} (benchmark index ${mid.benchmarkIndex})`,
      );
    }
    const day = new Date().toISOString().slice(0, 10);
    mkdirSync(resolve(repo, 'bench/results'), { recursive: true });
    const file = resolve(repo, `bench/results/lighthouse-${day}.json`);
    writeFileSync(file, `${JSON.stringify({ lighthouse: '12.2.3', preset: 'mobile', assets, pages }, null, 2)}\n`);
    console.log(`written ${file}`);
  } finally {
    await chrome.kill();
    stop();
  }
}

await main();
