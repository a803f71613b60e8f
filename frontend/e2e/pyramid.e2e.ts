import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DESKTOP,
  LINES,
  PHONE,
  accepted,
  card,
  everySizeClean,
  launch,
  openPage,
  ready,
  rejected,
  shot,
  switchLang,
  tapLoc,
} from './helpers';

// Pyramid deal 1, solved (API.md move format).
const SOLUTION = LINES.pyramid1 as Record<string, string>[];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('pyramid', () => {
  test('play by tapping, rejections, undo, keyboard, reload', async () => {
    const page = await openPage(browser, '/play/pyramid-1', { viewport: DESKTOP });
    await page.waitForURL(/\/game\/[\w-]+$/);
    const status = page.getByTestId('status');
    await expect.poll(() => status.textContent()).toContain('0 of 28 removed');
    expect(await status.textContent()).toContain('Pass 1/3');
    expect(await card(page, 'p21').getAttribute('aria-label')).toBe('king of spades');

    // A king goes with one tap.
    await accepted(page, () => tapLoc(page, 'p21'));
    expect(await status.textContent()).toContain('1 of 28 removed');

    // Select 5♦ (p15 is uncovered once… no: it is covered) — select 8♣: 5♦ is not available,
    // so nothing lights up; select 10♦ and tap 10♣: refused with the server's reason.
    await tapLoc(page, 'p23');
    await expect.poll(() => card(page, 'p23').getAttribute('class')).toContain('selected');
    const notThirteen = await rejected(page, () => tapLoc(page, 'p24'));
    expect(notThirteen).toBe('These two cards do not sum to 13');
    expect(await status.textContent()).toContain('1 of 28 removed');

    // A covered card: the server says why.
    expect(await rejected(page, () => tapLoc(page, 'p0'))).toBe('This card is still covered');

    // Selecting a card lights up every card that makes 13 with it (from legal_moves).
    await accepted(page, () => tapLoc(page, 'p22')); // K♦
    await tapLoc(page, 'p27'); // 8♣ ↔ 5♦ (p15, now uncovered)
    await expect.poll(() => card(page, 'p15').getAttribute('class')).toContain('target');
    await shot(page, 'pyramid-desktop-selected');
    await accepted(page, () => tapLoc(page, 'p15'));
    expect(await status.textContent()).toContain('4 of 28 removed');

    // Keyboard: D draws, U undoes, R is refused while the stock has cards, Esc deselects.
    await accepted(page, () => page.keyboard.press('d'));
    expect(await status.textContent()).toContain('Stock 23');
    await accepted(page, () => page.keyboard.press('u'));
    expect(await status.textContent()).toContain('Stock 24');
    expect(await rejected(page, () => page.keyboard.press('r'))).toBe(
      'Recycle is possible once the stock is used up',
    );
    await tapLoc(page, 'p26');
    await page.keyboard.press('Escape');
    await expect.poll(() => card(page, 'p26').getAttribute('class')).not.toContain('selected');

    // Arrow keys move focus among playable cards; Enter selects.
    await card(page, 'p23').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-loc'))).toBe('p24');
    await page.keyboard.press('Enter');
    await expect.poll(() => card(page, 'p24').getAttribute('class')).toContain('selected');
    await page.keyboard.press('Escape');

    // The live region announced something; the undo button has its accessible name.
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Draw' }).count()).toBe(1);

    // Reload: the same game, from the URL.
    const url = page.url();
    const v = await page.getAttribute('.app', 'data-version');
    await page.reload();
    await ready(page);
    await page.waitForSelector('[data-loc="p23"]');
    expect(page.url()).toBe(url);
    expect(await page.getAttribute('.app', 'data-version')).toBe(v);
    expect(await status.textContent()).toContain('4 of 28 removed');
    await shot(page, 'pyramid-desktop');

    // Hint: H asks (and counts); the hinted cards glow; Esc closes.
    await accepted(page, () => page.keyboard.press('h'));
    expect(await page.getByTestId('hint-text').textContent()).toMatch(/^Hint: /);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('hint-text').count()).toBe(0);

    // The clock pauses while the tab is hidden and resumes on return (on the server).
    const serverGame = () =>
      page.evaluate(async () => {
        const token = localStorage.getItem('patience.token');
        const id = location.pathname.split('/').pop();
        const r = await fetch(`/api/v1/games/${id}`, { headers: { Authorization: `Bearer ${token}` } });
        return (await r.json()) as { clock_running: boolean; version: number };
      });
    const setVisibility = (state: string) =>
      page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await expect.poll(async () => (await serverGame()).clock_running).toBe(false);
    await setVisibility('visible');
    await expect.poll(async () => (await serverGame()).clock_running).toBe(true);

    // A change made elsewhere (another tab) wins: the stale action gets 409 and the
    // current game is shown.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await ready(other);
    await other.waitForSelector('[data-loc="p23"]');
    await accepted(other, () => other.keyboard.press('d'));
    const newer = await other.getAttribute('.app', 'data-version');
    expect(await rejected(page, () => page.keyboard.press('u'))).toContain('The game changed elsewhere');
    expect(await page.getAttribute('.app', 'data-version')).toBe(newer);
    expect(await status.textContent()).toContain('Stock 23');
    await other.close();

    // Japanese: reasons and names are localised, and the choice is remembered.
    await switchLang(page, '日本語');
    expect(await card(page, 'p23').getAttribute('aria-label')).toBe('ダイヤの10');
    await tapLoc(page, 'p23');
    expect(await rejected(page, () => tapLoc(page, 'p24'))).toBe('この 2 枚は合計 13 になりません');
    await page.reload();
    await ready(page);
    await page.waitForSelector('[data-loc="p23"]');
    expect(await page.getByTestId('status').textContent()).toContain('28 枚中 4 枚');
    await shot(page, 'pyramid-desktop-ja');
    await page.getByRole('button', { name: 'ルール' }).click();
    expect(await page.getByTestId('rules').textContent()).toContain('合計 13');
    await shot(page, 'pyramid-desktop-ja-rules');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('rules').count()).toBe(0);
    await page.context().close();
  });

  test('home: pick a game, the new game lands on /game/<id>', async () => {
    const page = await openPage(browser, '/', { viewport: PHONE });
    await page.getByRole('button', { name: 'Play Pyramid', exact: true }).waitFor();
    await shot(page, 'home-phone');
    await page.getByRole('button', { name: 'Play Pyramid', exact: true }).click();
    await page.waitForURL(/\/game\/[\w-]+$/);
    await page.waitForSelector('[data-loc="p27"]');
    // Rules for every game, from the always-visible Rules button.
    await page.getByRole('button', { name: 'Rules' }).click();
    expect(await page.getByTestId('rules').textContent()).toContain('makes 13');
    await page.getByRole('tab', { name: 'Forty Thieves' }).click();
    expect(await page.getByTestId('rules').textContent()).toContain('empty column');
    await shot(page, 'rules-phone');
    await page.context().close();
  });

  test('dead end: the panel offers undo, replay and a new deal', async () => {
    // Deal 3 drawn through all three passes without a single pair leaves no legal move.
    const page = await openPage(browser, '/play/pyramid-3', { viewport: PHONE });
    await page.waitForSelector('[data-loc="p27"]');
    for (let pass = 0; pass < 3; pass++) {
      for (let i = 0; i < 24; i++) await accepted(page, () => page.keyboard.press('d'));
      if (pass < 2) await accepted(page, () => page.keyboard.press('r'));
    }
    expect(await rejected(page, () => page.keyboard.press('r'))).toBe('No recycles left');
    const panel = page.getByTestId('deadend');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('No moves left');
    await shot(page, 'pyramid-phone-deadend');
    await accepted(page, () => panel.getByRole('button', { name: 'Undo' }).click());
    // No longer stuck (the position may still be proven unwinnable: that panel may follow).
    await expect.poll(() => page.locator('[data-testid="deadend"][data-kind="stuck"]').count()).toBe(0);
    expect(await page.getByTestId('status').textContent()).toContain('Stock 1');
    await page.context().close();
  });

  test('phone layout: no horizontal scrolling, readable', async () => {
    const page = await openPage(browser, '/play/pyramid-8153', { viewport: PHONE });
    await page.waitForSelector('[data-loc="p27"]');
    await shot(page, 'pyramid-phone');
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 780 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.context().close();
  });

  test('win deal 1 by tapping: results panel and leaderboard entry', async () => {
    const page = await openPage(browser, '/play/pyramid-1', { viewport: PHONE });
    await page.waitForSelector('[data-loc="p21"]');
    let i = 0;
    for (const m of SOLUTION) {
      i++;
      if (m.type === 'king') {
        await accepted(page, () => tapLoc(page, m.at!));
      } else if (m.type === 'pair') {
        await tapLoc(page, m.a!);
        await page.waitForSelector(`[data-loc="${m.a}"].selected`);
        await page.waitForSelector(`[data-loc="${m.b}"].target`);
        await accepted(page, () => tapLoc(page, m.b!));
      } else if (m.type === 'draw') {
        await accepted(page, () => (i % 2 ? page.keyboard.press('d') : page.click('[data-action="draw"]')));
      } else if (m.type === 'recycle') {
        await accepted(page, () => page.click('[data-action="recycle"]'));
      }
    }
    const results = page.getByTestId('results');
    await results.waitFor();
    // A win is celebrated (motion is on here).
    expect(await page.getByTestId('celebrate').count()).toBe(1);
    expect(await page.getByRole('dialog').locator('h2').textContent()).toBe('Solved!');
    const text = (await results.textContent()) ?? '';
    expect(text).toContain('pyramid-1');
    expect(text).toContain('56'); // moves
    await page.waitForSelector('[data-testid="leaderboard"] tbody tr');
    const row = await page.locator('[data-testid="leaderboard"] tbody tr').first().textContent();
    expect(row).toContain('56');
    await shot(page, 'pyramid-phone-won');
    expect(await everySizeClean(page, 'pyramid-won')).toEqual([]);
    await page.setViewportSize(PHONE);
    // Exits: view the board, then the personal bests list has the deal.
    await page.getByRole('button', { name: 'View the board' }).first().click();
    expect(await everySizeClean(page, 'pyramid-won-board')).toEqual([]);
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('menu').getByRole('button', { name: 'Personal bests' }).click();
    await page.waitForSelector('[data-testid="bests"]');
    expect(await page.getByTestId('bests').textContent()).toContain('pyramid-1');
    await page.keyboard.press('Escape');
    // The statistics screen: per game played, won, rate, streaks, with the personal bests.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('menu').getByRole('button', { name: 'Statistics' }).click();
    const pyramidFigures = page.getByTestId('stats').locator('td[data-game="pyramid"]');
    await pyramidFigures.first().waitFor();
    expect((await pyramidFigures.allTextContents()).slice(0, 3)).toEqual(['1', '1', '100%']);
    expect(await page.getByRole('dialog').getByTestId('bests').textContent()).toContain('pyramid-1');
    await shot(page, 'stats-phone');
    await page.context().close();
  });
});
