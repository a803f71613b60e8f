// Measures the web client against the real backend (the e2e set-up: a fresh
// SQLite database, Redis db PATIENCE_E2E_REDIS_DB (13), one worker, `vite preview`) in Debian's Chromium:
//   - first card visible: from navigation start to the first card on screen, median of 5 cold
//     loads (a new browser context each time: no cache, no service worker, a new player),
//   - JS+CSS gzipped (the built dist/assets, gzip level 9),
//   - requests of a cold load (app shell and API, counted apart),
//   - axe-core violations by impact on the main screens, and the totals of the last e2e run
//     (e2e/screenshots/axe.jsonl) when there is one.
// Run: `npm run measure` (builds, then runs this file under Vitest with the e2e global set-up).
// It prints the figures; it asserts only the budgets that are not timings (a cold load's JS+CSS at most
// 60 KB gzipped, no critical or serious axe violation). Timings depend on the machine.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { bundle, COLD_LOAD_BUDGET } from './bundle';

const here = dirname(fileURLToPath(import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type Counts = Record<string, number>;

async function coldLoad(browser: Browser, base: string): Promise<{ ms: number; shell: number; api: number }> {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  let shell = 0;
  let api = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) api++;
    else shell++;
  });
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (document.querySelector('[data-card]')) {
        (window as unknown as { firstCard: number }).firstCard = performance.now();
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${base}/play/pyramid-1`);
  await page.waitForFunction(() => 'firstCard' in window, null, { timeout: 20_000 });
  const ms = await page.evaluate(() => (window as unknown as { firstCard: number }).firstCard);
  await page.waitForLoadState('networkidle');
  await ctx.close();
  return { ms, shell, api };
}

async function axeOn(page: Page): Promise<Counts> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (c: unknown, o: object) => Promise<{ violations: { impact: string }[] }> };
    };
    const rule = 'label-content-name-mismatch';
    const a = await w.axe.run(document, {
      resultTypes: ['violations'],
      rules: { [rule]: { enabled: false } },
    });
    const b = await w.axe.run(
      { exclude: [['.card']] },
      { resultTypes: ['violations'], runOnly: { type: 'rule', values: [rule] } },
    );
    const c: Record<string, number> = {};
    for (const v of [...a.violations, ...b.violations]) {
      c[v.impact] = (c[v.impact] ?? 0) + 1;
      c[`${v.impact}:${(v as unknown as { id: string }).id}`] = 1;
    }
    return c;
  });
}

async function screens(browser: Browser, base: string): Promise<[string, Counts][]> {
  const out: [string, Counts][] = [];
  const page = await browser.newPage({ viewport: { width: 360, height: 640 }, hasTouch: true });
  await page.goto(base);
  await page.waitForSelector('.app[data-ready="1"]');
  out.push(['home', await axeOn(page)]);
  for (const game of ['pyramid-1', 'gaps-1', 'forty-thieves-1']) {
    await page.goto(`${base}/play/${game}`);
    await page.waitForSelector('[data-card]');
    for (const [w, h] of [
      [360, 640],
      [740, 360],
      [1366, 768],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      out.push([`${game} ${w}x${h}`, await axeOn(page)]);
    }
  }
  for (const item of ['New deal', 'Rules', 'Statistics', 'Settings', 'Personal bests', 'Leaderboard']) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('menu').getByRole('button', { name: item }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(300);
    out.push([`dialog: ${item}`, await axeOn(page)]);
    await page.keyboard.press('Escape');
  }
  await page.close();
  return out;
}

/** "critical 0, serious 0, moderate 1, minor 0" */
const counts = (c: Counts): string =>
  ['critical', 'serious', 'moderate', 'minor'].map((k) => `${k} ${c[k] ?? 0}`).join(', ');

function lastE2e(): Counts & { screens: number } {
  const file = resolve(here, 'screenshots/axe.jsonl');
  const total: Counts & { screens: number } = { screens: 0 };
  if (!existsSync(file)) return total;
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const r = JSON.parse(line) as { counts: Counts };
    total.screens++;
    for (const [k, n] of Object.entries(r.counts)) total[k] = (total[k] ?? 0) + n;
  }
  return total;
}

test('figures of the web client', async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const base = inject('baseURL');
    await coldLoad(browser, base); // warm the server (imports, first SQL), not the browser
    const loads = [];
    for (let i = 0; i < 5; i++) loads.push(await coldLoad(browser, base));
    const ms = loads.map((l) => l.ms).sort((a, b) => a - b);
    const b = bundle();
    const all = ms.map((x) => x.toFixed(0)).join(', ');
    console.log(
      `first card visible (cold load of /play/pyramid-1, 360x740): median ${ms[2]!.toFixed(0)} ms of 5 [${all}]`,
    );
    console.log(`requests of a cold load: ${loads[0]!.shell} app shell + ${loads[0]!.api} API`);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const cold = `a cold load: ${kb(b.entryGz)}; the rest on demand`;
    console.log(`JS+CSS: ${b.files} files, ${kb(b.raw)} raw, ${kb(b.gz)} gzipped (${cold})`);
    const rows = await screens(browser, base);
    const sum: Counts = {};
    for (const [name, c] of rows) {
      const ids = Object.keys(c)
        .filter((k) => k.includes(':'))
        .join(' ');
      console.log(`axe ${name.padEnd(26)} ${counts(c)}${ids ? ` (${ids})` : ''}`);
      for (const [k, n] of Object.entries(c)) if (!k.includes(':')) sum[k] = (sum[k] ?? 0) + n;
    }
    console.log(`axe total over ${rows.length} screens: ${counts(sum)}`);
    const e2e = lastE2e();
    if (e2e.screens) console.log(`axe in the last e2e run, ${e2e.screens} screens: ${counts(e2e)}`);
    expect(b.entryGz).toBeLessThanOrEqual(COLD_LOAD_BUDGET); // the budget is a cold load's
    expect((sum.critical ?? 0) + (sum.serious ?? 0)).toBe(0);
  } finally {
    await browser.close();
  }
}, 300_000);
