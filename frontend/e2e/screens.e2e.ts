// Every screen passes axe-core (0 critical, 0 serious) in both languages and both colour
// schemes: home, the dialogs, the results panel after a win, the dead-end panel, the paused
// cover. Wins and dead ends are saved as screenshots at every size.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  LINES,
  SIZES,
  accepted,
  axe,
  everySizeClean,
  openPage,
  launch,
  playThroughApi,
  ready,
  shot,
  switchLang,
  tapLoc,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function clean(page: Page, screen: string): Promise<void> {
  const { serious } = await axe(page, screen);
  expect(serious, screen).toEqual([]);
}

/** Axe and a screenshot at every size. */
async function everySize(page: Page, name: string): Promise<void> {
  expect(await everySizeClean(page, name)).toEqual([]);
}

async function openDialog(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: /^(Menu|メニュー)$/ }).click();
  await page.getByTestId('menu').getByRole('button', { name: item }).click();
  await page.getByRole('dialog').waitFor();
}

describe('screens', () => {
  test("home with each game's options, then every dialog, in English, Japanese and dark", async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPage(browser, '/', { viewport: SIZES['phone-360x740'], colorScheme: scheme });
      // The options come from the catalog, behind each game's "Rules and options", in players'
      // words: Gaps redeals and aces, Forty Thieves rules, …
      for (const more of await page.getByText('Rules and options').all()) await more.click();
      await page.getByRole('combobox', { name: /^Redeals when you are stuck/ }).waitFor();
      expect(await page.getByLabel('Shuffle the aces back in at a redeal').count()).toBe(1);
      expect(await page.getByLabel('Which cards may move').inputValue()).toBe('classic');
      expect(await page.getByLabel('Only deals that can be won').first().isChecked()).toBe(true);
      await clean(page, `home ${scheme}`);
      await shot(page, `home-${scheme}-phone-360x740`);
      await page.setViewportSize(SIZES['desktop-1366x768']);
      await clean(page, `home ${scheme} desktop`);
      await shot(page, `home-${scheme}-desktop-1366x768`);
      await page.getByRole('button', { name: 'Play Gaps' }).click();
      await page.waitForSelector('[data-loc="r0c0"]');
      // Gaps: a grid of rows of cells, each holding its card.
      expect(await page.getByRole('grid').getByRole('row').count()).toBe(4);
      expect(await page.getByRole('gridcell').count()).toBe(52);
      expect(await page.locator('h1').textContent()).toBe('Gaps');
      for (const [item, name] of [
        ['New deal', 'new'],
        ['Rules', 'rules'],
        ['Statistics', 'stats'],
        ['Settings', 'settings'],
        ['Personal bests', 'bests'],
        ['Leaderboard', 'leaderboard'],
      ]) {
        await openDialog(page, item!);
        await clean(page, `${name} dialog ${scheme}`);
        await shot(page, `dialog-${name}-${scheme}-desktop`);
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: 'Menu' }).click();
      await clean(page, `menu ${scheme}`);
      await page.keyboard.press('Escape');
      await switchLang(page, '日本語');
      expect(await page.locator('h1').textContent()).toBe('ギャップ');
      await clean(page, `gaps ja ${scheme}`);
      await openDialog(page, '設定');
      await clean(page, `settings ja ${scheme}`);
      await shot(page, `dialog-settings-ja-${scheme}`);
      await page.context().close();
    }
  });

  test.each(['gaps', 'forty-thieves'])(
    '%s won by tapping the last move: results at every size',
    async (game) => {
      const cases = [
        {
          path: '/play/gaps-1',
          options: ['gaps', { redeals: 'unlimited' }],
          line: LINES.gaps1Unlimited,
          name: 'gaps',
          count: 'Cards in place',
        },
        {
          path: '/play/forty-thieves-60',
          options: ['forty-thieves', { rules: 'classic' }],
          line: LINES.fortyThieves60,
          name: 'forty-thieves',
          count: 'On foundations',
        },
      ] as const;
      for (const c of cases.filter((x) => x.name === game)) {
        const page = await openPage(browser, '/', { viewport: SIZES['phone-360x640'] });
        await page.evaluate(
          ([g, o]) => localStorage.setItem(`patience.options.${g as string}`, JSON.stringify(o)),
          c.options,
        );
        await page.goto(c.path);
        await ready(page);
        await page.waitForURL(/\/game\//);
        expect(await playThroughApi(page, c.line.slice(0, -1))).toBe(c.line.length - 1);
        const last = c.line[c.line.length - 1] as Record<string, string>;
        await lastMoveByTapping(page, last);
        const results = page.getByTestId('results');
        await results.waitFor();
        expect(await results.textContent()).toContain(c.count);
        expect(await results.textContent()).not.toContain('Removed');
        await everySize(page, `${c.name}-won`);
        await page.getByRole('button', { name: 'View the board' }).first().click();
        await everySize(page, `${c.name}-won-board`);
        await page.context().close();
      }
    },
  );

  test('pyramid dead end at every size: drawn through three passes', async () => {
    const page = await openPage(browser, '/play/pyramid-3', { viewport: SIZES['phone-360x640'] });
    await page.waitForURL(/\/game\//);
    const draws = (n: number) => Array.from({ length: n }, () => ({ type: 'draw' }));
    await playThroughApi(page, [
      ...draws(24),
      { type: 'recycle' },
      ...draws(24),
      { type: 'recycle' },
      ...draws(24),
    ]);
    await page.getByTestId('deadend').waitFor();
    // Recycle can do nothing now: disabled, and it says why.
    const recycle = page.locator('[data-action="recycle"]');
    expect(await recycle.getAttribute('aria-disabled')).toBe('true');
    expect(await recycle.textContent()).toContain('No recycles left');
    await everySize(page, 'pyramid-deadend');
    await page.context().close();
  });

  test('gaps dead end at every size: a line without redeals that leaves no move', async () => {
    const gaps = await openPage(browser, '/', { viewport: SIZES['phone-360x640'] });
    await gaps.evaluate(() =>
      localStorage.setItem('patience.options.gaps', JSON.stringify({ redeals: 0, difficulty: 'any' })),
    );
    await gaps.goto(`/play/gaps-${LINES.gapsStuck.deal}`);
    await ready(gaps);
    await gaps.waitForURL(/\/game\//);
    expect(await playThroughApi(gaps, LINES.gapsStuck.moves)).toBe(LINES.gapsStuck.moves.length);
    await gaps.locator('[data-testid="deadend"][data-kind="stuck"]').waitFor();
    expect(await gaps.locator('[data-action="redeal"]').getAttribute('aria-disabled')).toBe('true');
    await everySize(gaps, 'gaps-deadend');
    await gaps.context().close();
  });

  test('forty thieves dead end at every size (a drawn-up "stuck" view)', async () => {
    const ft = await openPage(browser, '/play/forty-thieves-3', { viewport: SIZES['phone-360x640'] });
    await ft.waitForURL(/\/game\//);
    // No legal move at all is rare in Forty Thieves; the panel is shown on a drawn-up "stuck" view.
    await ft.route(/\/api\/v1\/games\/(?!catalog)[\w-]+(\/clock)?$/, async (route) => {
      const res = await route.fetch();
      const v = (await res.json()) as { notices: string[]; legal_moves: unknown[] };
      v.notices = ['stuck'];
      v.legal_moves = [];
      await route.fulfill({ response: res, json: v });
    });
    await ft.reload();
    await ft.getByTestId('deadend').waitFor();
    await everySize(ft, 'forty-thieves-deadend');
    await ft.context().close();
  });

  test('a paused game hides the board behind "Paused"; Resume brings it back', async () => {
    const page = await openPage(browser, '/play/pyramid-2', { viewport: SIZES['phone-360x640'] });
    await page.waitForURL(/\/game\//);
    // The tab counts as hidden (else a paused game shown runs again at once).
    await page.addInitScript(() =>
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true }),
    );
    let pausedOnce = true;
    // As the server sends it while the clock is paused: no board, no legal moves.
    await page.route(/\/api\/v1\/games\/(?!catalog)[\w-]+$/, async (route) => {
      const res = await route.fetch();
      const v = (await res.json()) as { board: unknown; legal_moves: unknown[]; clock_running: boolean };
      if (pausedOnce) {
        v.board = null;
        v.legal_moves = [];
        v.clock_running = false;
        pausedOnce = false;
      }
      await route.fulfill({ response: res, json: v });
    });
    await page.reload();
    await page.getByTestId('paused').waitFor();
    expect(await page.locator('[data-card]').count()).toBe(0);
    await clean(page, 'paused');
    await shot(page, 'paused-phone-360x640');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.waitForSelector('[data-loc="p27"]');
    await page.context().close();
  });
});

/** The winning move by tapping, as a player would. */
async function lastMoveByTapping(page: Page, m: Record<string, string>): Promise<void> {
  if (m.type === 'collect') {
    await accepted(page, () => page.click('[data-action="collect"]'));
    return;
  }
  if (m.card) {
    // gaps: the card, then the gap
    const from = await page.locator(`[data-card="${m.card}"]`).getAttribute('data-loc');
    await tapLoc(page, from!);
    await accepted(page, () => tapLoc(page, m.to!));
    return;
  }
  // forty thieves: the card tapped; one destination moves at once, else tap the destination
  const top =
    m.from === 'waste'
      ? 'waste'
      : await page.locator(`.stack [data-loc^="${m.from}."]`).last().getAttribute('data-loc');
  await accepted(page, async () => {
    await tapLoc(page, top!);
    if (!(await page.locator('.selected').count())) return;
    const dest =
      m.to === 'foundation' || /^f/.test(m.to!)
        ? 'f0'
        : await page.locator(`.stack [data-loc^="${m.to}"]`).last().getAttribute('data-loc');
    await tapLoc(page, dest!);
  });
}
