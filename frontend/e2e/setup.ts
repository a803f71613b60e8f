// Starts the backend (API + two solver workers on one Redis database) and `vite preview`, waits
// for them, hands the base URL to the tests and tears everything down afterwards. Bounded in
// time: each wait gives up after 60 s. Redis: the one at 127.0.0.1:6379, database
// PATIENCE_E2E_REDIS_DB (default 13; flushed before and after, so parallel runs on one machine
// each take their own), or — when none answers — a private `redis-server` on a free port.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const here = dirname(fileURLToPath(import.meta.url));
const frontend = resolve(here, '..');
const repo = resolve(frontend, '..');
const REDIS_DB = redisDb(process.env.PATIENCE_E2E_REDIS_DB);

/** The Redis database of this run: PATIENCE_E2E_REDIS_DB, else 13. */
function redisDb(raw: string | undefined): string {
  if (raw === undefined || raw === '') return '13';
  if (!/^\d{1,2}$/.test(raw)) throw new Error(`PATIENCE_E2E_REDIS_DB must be a database number, not ${raw}`);
  return raw;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    apiURL: string;
    patience: string;
    database: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? ok(addr.port) : fail(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, proc: ChildProcess, name: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not answer ${url} within ${ms} ms`);
}

function start(cmd: string, args: string[], env: NodeJS.ProcessEnv, log: string[]): ChildProcess {
  const p = spawn(cmd, args, {
    cwd: frontend,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    log.push(b.toString());
    if (log.length > 2000) log.shift();
  };
  p.stdout?.on('data', keep);
  p.stderr?.on('data', keep);
  return p;
}

function stop(p: ChildProcess | undefined): void {
  if (!p?.pid || p.exitCode !== null) return;
  try {
    process.kill(-p.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
  setTimeout(() => {
    try {
      process.kill(-p.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 3000).unref();
}

/** SIGTERM the process group, SIGKILL it if it has not gone within `ms` (an RQ worker waits
 * for its running job on SIGTERM). */
async function stopWait(p: ChildProcess | undefined, ms = 3000): Promise<void> {
  if (!p?.pid || p.exitCode !== null || p.signalCode !== null) return;
  const gone = new Promise<void>((r) => p.once('exit', () => r()));
  try {
    process.kill(-p.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = new Promise<boolean>((r) => setTimeout(() => r(false), ms));
  const exited = await Promise.race([gone.then(() => true), timer]);
  try {
    process.kill(-p.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
  if (!exited) await Promise.race([gone, new Promise((r) => setTimeout(r, 1000))]);
}

function redisCli(port: number, ...args: string[]): string | null {
  try {
    return execFileSync('redis-cli', ['-p', String(port), '-n', REDIS_DB, ...args], {
      timeout: 5000,
      encoding: 'utf8',
    }).trim();
  } catch {
    return null;
  }
}

async function until(what: string, ok: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const patience = process.env.PATIENCE_BIN ?? resolve(repo, '.venv/bin/patience');
  if (!existsSync(patience)) throw new Error(`${patience} not found: run \`make venv\` first`);
  if (!existsSync(resolve(frontend, 'dist/index.html')))
    throw new Error('dist/ missing: run `npm run build` first');
  const apiPort = await freePort();
  const webPort = await freePort();
  const db = `/tmp/patience-e2e-${process.pid}.db`;
  const apiURL = `http://127.0.0.1:${apiPort}`;
  const baseURL = `http://127.0.0.1:${webPort}`;
  const apiLog: string[] = [];
  const webLog: string[] = [];
  const workerLog: string[] = [];
  let redisPort = 6379;
  let redis: ChildProcess | undefined;
  if (redisCli(redisPort, 'ping') !== 'PONG') {
    redisPort = await freePort();
    redis = start(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {},
      workerLog,
    );
    await until('redis-server', () => redisCli(redisPort, 'ping') === 'PONG', 10_000);
  }
  redisCli(redisPort, 'flushdb');
  const REDIS_URL = `redis://127.0.0.1:${redisPort}/${REDIS_DB}`;
  // The ranked dailies: the suite's own secret, and today's proven before the API starts
  // (Forty Thieves' daily under relaxed rules, whose deals the solver proves at once).
  const ranked = {
    DATABASE_URL: `sqlite:///${db}`,
    DEAL_SECRET: 'e2e-deal-secret-not-for-production',
    PATIENCE_DAILY_RULESETS: 'forty-thieves=relaxed',
    PATIENCE_RANKED_SECONDS: '2',
    PATIENCE_RANKED_DAYS: '1',
  };
  execFileSync(patience, ['db', 'upgrade', '--fill-today'], {
    env: { ...process.env, ...ranked },
    timeout: 120_000,
  });
  const api = start(
    patience,
    ['serve', '--host', '127.0.0.1', '--port', String(apiPort), '--workers', '2'],
    // Many short-lived test players and fast API set-ups: looser limits than production's.
    // Par searches: 3 CPU-s each instead of 30 (Pyramid's proof takes well under one; the suite
    // deals dozens of new deals, and each queues one).
    {
      ...ranked,
      REDIS_URL,
      RATE_LIMIT_PLAYERS: '1000/minute',
      RATE_LIMIT_ACTIONS: '20000/minute',
      PATIENCE_PAR_SECONDS: '3',
    },
    apiLog,
  );
  // Two workers: a deal's par search (queued when the deal is first dealt) must not hold up the
  // analyses, hints and rewinds the tests wait for. They write pars to the API's database.
  const workerEnv = { ...ranked, REDIS_URL };
  const workers = [0, 1].map(() => start(patience, ['worker'], workerEnv, workerLog));
  const worker = workers[0]!;
  const vite = resolve(frontend, 'node_modules/vite/bin/vite.js');
  const web = start(
    process.execPath,
    [vite, 'preview', '--host', '127.0.0.1', '--port', String(webPort), '--strictPort'],
    { PATIENCE_API: apiURL },
    webLog,
  );
  const teardown = async () => {
    // The backend's last log lines, for a failure's server side (gitignored with the screenshots).
    mkdirSync(resolve(here, 'screenshots'), { recursive: true });
    writeFileSync(resolve(here, 'screenshots', 'backend.log'), [...apiLog, ...workerLog].join(''));
    stop(web);
    stop(api);
    await Promise.all(workers.map((w) => stopWait(w)));
    await new Promise((r) => setTimeout(r, 300));
    redisCli(redisPort, 'flushdb');
    await stopWait(redis);
    for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
  };
  try {
    await Promise.all([
      waitFor(`${apiURL}/healthz`, api, 'backend'),
      waitFor(`${baseURL}/`, web, 'vite preview'),
    ]);
    await waitFor(`${baseURL}/api/v1/games/catalog`, web, 'proxy');
    // The worker has registered with RQ (else analysis answers "unavailable").
    await until('worker', () => {
      if (worker.exitCode !== null) throw new Error(`worker exited with ${worker.exitCode}`);
      return Number(redisCli(redisPort, 'scard', 'rq:workers') ?? '0') > 0;
    });
  } catch (err) {
    await teardown();
    console.error(apiLog.join(''), webLog.join(''), workerLog.join(''));
    throw err;
  }
  project.provide('baseURL', baseURL);
  project.provide('apiURL', apiURL);
  project.provide('patience', patience);
  project.provide('database', `sqlite:///${db}`);
  return teardown;
}
