// Dailies, par and replays in the browser: today's deals, par after a win (never in play), the daily rank, a
// solver-assisted entry, the replay viewer (buttons, keys, words in both languages, share) and
// back to the last winnable point. Real API and worker.
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  DESKTOP,
  LINES,
  PHONE,
  accepted,
  axe,
  launch,
  openPage,
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

type Move = Record<string, string>;

/** Today's Pyramid daily (a ranked deal: its ID names the day) and the winning line the
 *  server's pool proved for it, read from the database the way only the server can: not
 *  through POST /solve (which would mark the win solver-assisted). */
async function solveDaily(page: Page): Promise<{ dealId: string; solution: Move[] }> {
  const dealId = await page.evaluate(async () => {
    const daily = (await (await fetch('/api/v1/daily')).json()) as {
      items: { game: string; deal_id: string; date: string }[];
    };
    return daily.items.find((i) => i.game === 'pyramid')!.deal_id;
  });
  const python = resolve(dirname(inject('patience')), 'python');
  const read = [
    'import datetime as dt, json, sys',
    'from patience.store import make_engine, session_factory',
    'from patience.store.ranked_pool import daily_of',
    'with session_factory(make_engine(sys.argv[1]))() as s:',
    '    print(json.dumps(daily_of(s, "pyramid", dt.date.fromisoformat(sys.argv[2])).solution))',
  ].join('\n');
  const date = dealId.slice('pyramid-daily-'.length);
  const out = execFileSync(python, ['-c', read, inject('database'), date], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { dealId, solution: JSON.parse(out) as Move[] };
}

async function lastMoveByTaps(page: Page, move: Move): Promise<void> {
  if (move.type === 'king') await accepted(page, () => tapLoc(page, move.at!));
  else if (move.type === 'pair') {
    await tapLoc(page, move.a!);
    await accepted(page, () => tapLoc(page, move.b!));
  } else await accepted(page, () => page.keyboard.press(move.type === 'draw' ? 'd' : 'r'));
}

describe('daily deals, par, replay', () => {
  test("home leads with today's deals; a daily won shows par, rank and its replay", async () => {
    const page = await openPage(browser, '/', { viewport: PHONE });
    const daily = page.getByTestId('daily');
    await expect.poll(() => daily.getByRole('heading', { level: 2 }).textContent()).toBe("Today's deals");
    await expect
      .poll(() => page.getByTestId('daily-pyramid').getByTestId('daily-status').textContent())
      .toBe('Win today to start a daily streak');
    expect(await page.locator('.daily-card').count()).toBe(3);
    expect((await axe(page, 'home daily phone')).serious).toEqual([]);
    await shot(page, 'daily-home-phone');
    await switchLang(page, '日本語');
    await expect.poll(() => daily.getByRole('heading', { level: 2 }).textContent()).toBe('今日の一局');
    expect(await page.getByRole('button', { name: '今日のピラミッドを遊ぶ' }).count()).toBe(1);
    expect((await axe(page, 'home daily phone ja')).serious).toEqual([]);
    await shot(page, 'daily-home-phone-ja');
    await switchLang(page, 'English');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'daily-home-desktop');
    await page.setViewportSize(PHONE);

    const { dealId, solution } = await solveDaily(page);
    await page.getByRole('button', { name: "Play today's Pyramid" }).click();
    await page.waitForURL(/\/game\/[\w-]+$/);
    await ready(page);
    expect(await page.getByTestId('deal-tag').getAttribute('aria-label')).toContain(dealId);
    const played = await playThroughApi(page, solution.slice(0, -1));
    expect(played).toBe(solution.length - 1);
    // Par is never shown while the game is in play, not even on the deal's leaderboard.
    expect(await page.getByTestId('par').count()).toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('menu').getByRole('button', { name: 'Leaderboard' }).click();
    await page.getByTestId('leaderboard').locator('table, p:not(.par)').first().waitFor();
    expect(await page.getByTestId('lb-par').count()).toBe(0);
    await page.keyboard.press('Escape');

    await lastMoveByTaps(page, solution[solution.length - 1]!);
    const results = page.getByTestId('results');
    await expect
      .poll(() => results.getByTestId('par').textContent(), { timeout: 15_000 })
      .toMatch(
        new RegExp(`^${solution.length} moves · par \\d+ \\((the proven minimum|the shortest win known)\\)`),
      );
    await expect
      .poll(() => results.getByTestId('daily-rank').textContent())
      .toBe('Daily deal: rank 1 of 1 today');
    // A win without the solution fetched is not marked solver-assisted.
    await results.locator('.entries tbody tr').first().waitFor();
    expect(await results.getByTestId('assisted').count()).toBe(0);
    expect((await axe(page, 'results daily phone')).serious).toEqual([]);
    await shot(page, 'daily-results-phone');

    await results.getByRole('link', { name: 'Watch your replay' }).click();
    await page.waitForURL(/\/replay\/[\w-]+$/);
    await replayChecks(page, solution);

    // Home again: the daily card shows the result and the streak.
    await page.getByRole('link', { name: 'Patience' }).click();
    const card = page.getByTestId('daily-pyramid');
    await expect
      .poll(() => card.getByTestId('daily-status').textContent())
      .toMatch(new RegExp(`^Won in ${solution.length} moves, \\d+:\\d\\d · Rank 1 today$`));
    expect(await card.textContent()).toContain('Daily streak: 1 (best 1)');
    await shot(page, 'daily-home-won-phone');
    // Today's leaderboard: the win with its replay. An entry the server marks solver-assisted
    // (a player who fetched the solution first; the mark is set here on the answer, as the
    // solve queue is no place for a timed test) shows the icon and the words.
    await page.route('**/api/v1/daily/pyramid/*/leaderboard*', async (route) => {
      const r = await route.fetch();
      const body = (await r.json()) as { entries: { solver_assisted: boolean }[] };
      body.entries.forEach((e) => {
        e.solver_assisted = true;
      });
      await route.fulfill({ response: r, json: body });
    });
    await card.getByRole('button', { name: "Today's leaderboard of Pyramid" }).click();
    const board = page.getByTestId('daily-leaderboard');
    await expect.poll(() => board.locator('tbody tr').count()).toBe(1);
    expect(await board.getByTestId('assisted').textContent()).toBe('solver-assisted');
    expect(await board.getByTestId('assisted').getAttribute('title')).toBe(
      'The player fetched the solution before winning',
    );
    expect((await axe(page, 'daily leaderboard phone')).serious).toEqual([]);
    await shot(page, 'daily-leaderboard-phone');
    await board.getByRole('link', { name: /^Watch .*'s replay$/ }).click();
    await page.waitForURL(/\/replay\/[\w-]+$/);
    await expect
      .poll(() => page.getByTestId('replay-step').textContent())
      .toBe(`Move 0 of ${solution.length}: the deal as dealt`);
    await page.context().close();
  });

  test('back to the last winnable point from a proven dead end', async () => {
    const line = LINES.pyramidDeadEnd;
    const page = await openPage(browser, `/play/pyramid-${line.deal}`, { viewport: DESKTOP });
    await page.waitForURL(/\/game\/[\w-]+$/);
    await ready(page);
    expect(await playThroughApi(page, line.moves)).toBe(line.moves.length);
    const panel = page.getByTestId('deadend');
    const back = line.moves.length - line.lastWinnable;
    const exit = panel.getByRole('button', { name: `Back to the last winnable point (${back} moves back)` });
    await exit.waitFor({ timeout: 20_000 });
    expect(await panel.getAttribute('data-kind')).toBe('unwinnable');
    expect(await panel.locator('[data-exit]').count()).toBe(5);
    expect((await axe(page, 'rewind desktop')).serious).toEqual([]);
    await shot(page, 'rewind-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'rewind-phone');
    await accepted(page, exit.click.bind(exit));
    await expect.poll(() => page.getByTestId('moves').textContent()).toBe(`Moves ${line.lastWinnable}`);
    expect(await panel.count()).toBe(0);
    // A game in play has no replay yet (its line would show what only its player has seen).
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.goto(`/replay/${id}`);
    await expect
      .poll(() => page.getByTestId('replay-missing').textContent())
      .toContain('This replay is not available');
    await page.context().close();
  });
});

/** The viewer: step by buttons and keys, the move in words (both languages), play/pause, share. */
async function replayChecks(page: Page, solution: Move[]): Promise<void> {
  const step = page.getByTestId('replay-step');
  const n = solution.length;
  await expect.poll(() => step.textContent()).toBe(`Move 0 of ${n}: the deal as dealt`);
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(() => step.textContent())
    .toMatch(new RegExp(`^Move 1 of ${n}: (pair the|remove the|draw a card)`));
  await page.getByRole('button', { name: 'Forward one move' }).click();
  await expect.poll(() => page.getByTestId('replay').getAttribute('data-step')).toBe('2');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => page.getByTestId('replay').getAttribute('data-step')).toBe('1');
  expect((await axe(page, 'replay phone')).serious).toEqual([]);
  await shot(page, 'replay-phone');
  // Space plays (fast), Space pauses.
  await page.getByLabel('Speed').selectOption('fast');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Space');
  await expect
    .poll(async () => Number(await page.getByTestId('replay').getAttribute('data-step')), { timeout: 8000 })
    .toBeGreaterThan(3);
  await page.keyboard.press('Space');
  const paused = await page.getByTestId('replay').getAttribute('data-step');
  await page.waitForTimeout(800);
  expect(await page.getByTestId('replay').getAttribute('data-step')).toBe(paused);
  await page.keyboard.press('End');
  await expect.poll(() => page.getByTestId('replay').getAttribute('data-step')).toBe(String(n));
  await page.getByTestId('replay-share').click();
  await expect.poll(() => page.getByTestId('toast').textContent()).toBe('Replay link copied');
  await page.setViewportSize(DESKTOP);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await shot(page, 'replay-desktop');
  await switchLang(page, '日本語');
  await expect.poll(() => step.textContent()).toMatch(new RegExp(`^${n}手中 1手目: `));
  await shot(page, 'replay-desktop-ja');
  await switchLang(page, 'English');
  await page.setViewportSize(PHONE);
}
