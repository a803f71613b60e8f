// Every game fits every size without scrolling, with what the player needs in view, and
// axe-core finds nothing critical or serious on each board. Screenshots
// of each game at every size land in e2e/screenshots/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { LINES, SIZES, axe, hidden, launch, openPage, playThroughApi, shot, type SizeName } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const COMMON = ['[data-testid="status"]', '[data-testid="clock"]', '[data-testid="moves"]', '.tools button'];
const MUST_SEE: Record<string, string[]> = {
  pyramid: ['.pcard', '[data-loc="stock"]', '[data-loc="waste"]', ...COMMON],
  gaps: ['.gcard', ...COMMON],
  'forty-thieves': [
    '.stack > .card:last-child',
    '.fcard',
    '[data-loc="stock"]',
    '[data-loc="waste"]',
    ...COMMON,
  ],
};

/** Forty Thieves on a phone in portrait: every overlapped card shows at least 16 px of its
 *  face, the columns in two rows of five when both rows can show that much (`rows`: 2), in
 *  one row when long columns in both halves could not (`rows`: 1). */
async function phoneFaces(page: Page, rows: 1 | 2): Promise<void> {
  for (const size of ['phone-360x640', 'phone-360x740'] as const) {
    await page.setViewportSize(SIZES[size]);
    await page.waitForTimeout(150);
    const { tops, fan } = await page.evaluate(() => {
      const cols = [...document.querySelectorAll('.column')];
      const fans = cols.flatMap((c) => {
        const ys = [...c.querySelectorAll('.tcard')].map((e) => e.getBoundingClientRect().top);
        return ys.slice(1).map((y, i) => y - ys[i]!);
      });
      return { tops: cols.map((c) => Math.round(c.getBoundingClientRect().top)), fan: Math.min(...fans) };
    });
    expect(new Set(tops.slice(0, 5)).size, size).toBe(1);
    expect(new Set(tops.slice(5)).size, size).toBe(1);
    expect(tops[5]! > tops[0]! ? 2 : 1, size).toBe(rows);
    expect(fan, size).toBeGreaterThanOrEqual(16);
  }
}

/** At every size: nothing needed is hidden, axe is clean, and a screenshot is saved. */
async function everySize(page: Page, game: string, name: string): Promise<void> {
  for (const size of Object.keys(SIZES) as SizeName[]) {
    await page.setViewportSize(SIZES[size]);
    await page.waitForTimeout(150);
    expect(await hidden(page, MUST_SEE[game]!), `${name} at ${size}`).toEqual([]);
    const { serious } = await axe(page, `${name} ${size}`);
    expect(serious, `${name} at ${size}`).toEqual([]);
    await shot(page, `${name}-${size}`);
  }
}

describe('every game at every size', () => {
  test('pyramid mid-game', async () => {
    const page = await openPage(browser, '/play/pyramid-1', { viewport: SIZES['phone-360x640'] });
    await page.waitForURL(/\/game\//);
    expect(await playThroughApi(page, LINES.pyramid1.slice(0, 20))).toBe(20);
    await everySize(page, 'pyramid', 'pyramid-midgame');
    await page.context().close();
  });

  test('gaps mid-game: tiles at least 40 px wide in portrait', async () => {
    const page = await openPage(browser, '/play/gaps-1', { viewport: SIZES['phone-360x640'] });
    await page.waitForURL(/\/game\//);
    expect(await playThroughApi(page, LINES.gaps1Unlimited.slice(0, 12))).toBe(12);
    for (const size of ['phone-360x640', 'phone-360x740'] as const) {
      await page.setViewportSize(SIZES[size]);
      const widths = await page
        .locator('.gcard')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
      expect(Math.min(...widths)).toBeGreaterThanOrEqual(40);
    }
    await everySize(page, 'gaps', 'gaps-midgame');
    await page.context().close();
  });

  test('forty thieves past 100 moves: the header stays on one line, in Japanese too', async () => {
    const page = await openPage(browser, '/', { viewport: SIZES['phone-360x640'] });
    await page.evaluate(() =>
      localStorage.setItem('patience.options.forty-thieves', JSON.stringify({ rules: 'classic' })),
    );
    await page.goto('/play/forty-thieves-60');
    await page.waitForURL(/\/game\//);
    expect(await playThroughApi(page, LINES.fortyThieves60.slice(0, 110))).toBe(110);
    await phoneFaces(page, 2);
    await everySize(page, 'forty-thieves', 'forty-thieves-midgame');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('menu').getByRole('button', { name: '日本語' }).click();
    expect(await page.getByTestId('moves').textContent()).toBe('110 手');
    for (const size of Object.keys(SIZES) as SizeName[]) {
      await page.setViewportSize(SIZES[size]);
      expect(await headerLines(page), size).toBe(1);
    }
    await page.setViewportSize(SIZES['phone-360x640']);
    await shot(page, 'forty-thieves-midgame-ja-phone-360x640');
    await page.context().close();
  });

  test('forty thieves with a 13-card column', async () => {
    const page = await openPage(browser, '/', { viewport: SIZES['phone-360x640'] });
    await page.evaluate(() =>
      localStorage.setItem(
        'patience.options.forty-thieves',
        JSON.stringify({ rules: 'classic', auto_safe: false, winnable_only: false }),
      ),
    );
    await page.goto(`/play/forty-thieves-${LINES.longColumn.deal}`);
    await page.waitForURL(/\/game\//);
    const line = LINES.longColumn.moves;
    expect(await playThroughApi(page, line)).toBe(line.length);
    const longest = await page
      .locator('.stack')
      .evaluateAll((els) => Math.max(...els.map((e) => e.querySelectorAll('.card').length)));
    expect(longest).toBe(LINES.longColumn.longest);
    await phoneFaces(page, 1); // 13 and 12 cards in the two halves
    await everySize(page, 'forty-thieves', 'forty-thieves-long');
    await page.context().close();
  });

  test('forty thieves with 24-card columns (a drawn-up view): every top card still in sight', async () => {
    const page = await openPage(browser, '/play/forty-thieves-2', { viewport: SIZES['phone-360x640'] });
    await page.waitForURL(/\/game\//);
    const id = page.url().split('/').pop()!;
    // The rules cap a column at 16 cards (3 dealt under a king, then K…A); the squeeze is
    // checked further, on a view drawn up by hand with ten 24-card columns.
    await page.route(new RegExp(`/api/v1/games/${id}(/clock)?$`), async (route) => {
      const res = await route.fetch();
      const v = (await res.json()) as { board: { tableau: string[][] } | null; legal_moves: unknown[] };
      if (!v.board) return route.fulfill({ response: res, json: v }); // a paused view: nothing to draw up
      const ranks = 'KQJT98765432A';
      v.board.tableau = v.board.tableau.map((_, c) =>
        Array.from({ length: 24 }, (_, i) => `${ranks[(i + c) % 13]}${'SHDC'[(i + c) % 4]}`),
      );
      v.legal_moves = [];
      await route.fulfill({ response: res, json: v });
    });
    await page.reload();
    await page.waitForSelector('.stack .card >> nth=239');
    await everySize(page, 'forty-thieves', 'forty-thieves-24');
    await page.context().close();
  });
});

/** How many lines the header's items take (their distinct vertical centres, ±6 px). */
async function headerLines(page: Page): Promise<number> {
  return page.locator('.topbar').evaluate((bar) => {
    const ys = [...bar.querySelectorAll('.brand, .gamename, .dealtag, .clock, .moves, .menu-btn')]
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => {
        const r = e.getBoundingClientRect();
        return r.top + r.height / 2;
      });
    return ys.filter((y, i) => ys.findIndex((z) => Math.abs(z - y) < 6) === i).length;
  });
}

/** The page's cumulative layout shift so far (the browser's own layout-shift entries). */
async function layoutShift(page: Page): Promise<{ cls: number; shifted: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ cls: number; shifted: string[] }>((ok) => {
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node }[];
        };
        new PerformanceObserver((list) => {
          const shifts = (list.getEntries() as Shift[]).filter((e) => !e.hadRecentInput);
          const shifted = shifts.flatMap((e) =>
            (e.sources ?? []).map((s) => {
              const el = s.node instanceof Element ? s.node : s.node?.parentElement;
              return `${el?.tagName.toLowerCase() ?? '?'}.${el?.className ?? ''} ${e.value.toFixed(3)}`;
            }),
          );
          ok({ cls: shifts.reduce((n, e) => n + e.value, 0), shifted });
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => ok({ cls: 0, shifted: [] }), 1000);
      }),
  );
}

describe('the first second', () => {
  test('a cold load shifts nothing: home and a game, on a phone and a desktop', async () => {
    for (const size of ['phone-360x740', 'desktop-1366x768'] as const) {
      for (const path of ['/', '/play/forty-thieves-5']) {
        const ctx = await browser.newContext({ viewport: SIZES[size], baseURL: inject('baseURL') });
        const page = await ctx.newPage();
        // The API answers late, as on a slow network: the page waits for it in place.
        await page.route('**/api/v1/**', async (route) => {
          await new Promise((ok) => setTimeout(ok, 400));
          await route.continue();
        });
        await page.goto(path);
        await page.waitForSelector(path === '/' ? '[data-testid="daily-status"]' : '.stack .card');
        await page.waitForTimeout(500);
        const { cls, shifted } = await layoutShift(page);
        expect(cls, `${path} at ${size}: ${shifted.join(', ')}`).toBeLessThanOrEqual(0.01);
        await ctx.close();
      }
    }
  });
});
