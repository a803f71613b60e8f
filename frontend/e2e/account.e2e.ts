// Issue 30 and 26 in the browser, against the real API: a player on two devices (a code made on
// one, redeemed on the other, whose statistics, bests and games are then the first's), signing a
// device out, a finished game's record copied, saved and checked, the player's data downloaded
// and the account deleted; the fair-play marks and the open-deal line; the analysis asked for
// when it was never started.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DESKTOP,
  LINES,
  PHONE,
  axe,
  everySizeClean,
  launch,
  openPage,
  playThroughApi,
  ready,
  shot,
  switchLang,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function menu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByTestId('menu').getByRole('button', { name: item }).click();
}

/** Pyramid deal 1 won through the API (its solver line), the results panel shown. */
async function wonPyramid(page: Page): Promise<string> {
  await page.goto('/play/pyramid-1');
  await page.waitForURL(/\/game\/[\w-]+$/);
  await ready(page);
  expect(await playThroughApi(page, LINES.pyramid1)).toBe(LINES.pyramid1.length);
  await page.getByTestId('results').waitFor();
  return new URL(page.url()).pathname.split('/').pop()!;
}

const api = (page: Page, path: string, init: { method?: string; body?: string } = {}) =>
  page.evaluate(
    async ([path, init]) => {
      const r = await fetch(`/api/v1${path}`, {
        ...init,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('patience.token')}`,
          'Content-Type': 'application/json',
        },
      });
      return { status: r.status, text: await r.text() };
    },
    [path, init] as const,
  );

describe('another device', () => {
  test('a code made on A signs B in as A; B sees A’s games; B signs A out', async () => {
    const a = await openPage(browser, '/', { viewport: PHONE });
    await a.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const gameId = await wonPyramid(a);
    const name = JSON.parse((await api(a, '/players/me')).text).name as string;

    // The record of the win: copied, then saved as a .txt file.
    await a.getByRole('button', { name: 'Copy the record' }).click();
    await expect.poll(() => a.getByTestId('toast').textContent()).toBe('Record copied');
    const copied = await a.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('[DealId "pyramid-1"]');
    expect(copied).toContain('[Result "won"]');
    expect(copied).toContain(`[Moves "${LINES.pyramid1.length}"]`);
    const [file] = await Promise.all([
      a.waitForEvent('download'),
      a.getByRole('button', { name: 'Download the record' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`pyramid-1-${gameId}.txt`);
    expect(readFileSync((await file.path())!, 'utf8')).toBe(copied);

    // A makes a code: the code, its expiry and the QR code of the link.
    await a.keyboard.press('Escape');
    await menu(a, 'Devices and data');
    const dialog = a.getByTestId('devices-dialog');
    await dialog.getByRole('button', { name: 'Make a code' }).click();
    const code = (await dialog.getByTestId('link-code').textContent())!;
    expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(await dialog.getByTestId('link-expires').textContent()).toMatch(/^Use it by .+, once\.$/);
    const qr = dialog.getByRole('img', { name: 'QR code of the link' });
    await qr.waitFor();
    expect((await qr.locator('path').getAttribute('d'))!.length).toBeGreaterThan(200);
    await expect.poll(() => dialog.getByTestId('devices').locator('li').count()).toBe(1);
    expect((await axe(a, 'devices dialog phone')).serious).toEqual([]);
    await shot(a, 'devices-phone');
    await a.setViewportSize(DESKTOP);
    await shot(a, 'devices-desktop');
    await a.setViewportSize(PHONE);

    // B opens the QR code's address: the code waits in "I have a code" until B says so.
    const b = await openPage(browser, `/link/${code}`, { viewport: DESKTOP });
    const bDialog = b.getByTestId('devices-dialog');
    expect(await bDialog.getByRole('textbox', { name: 'Code' }).inputValue()).toBe(code);
    expect(new URL(b.url()).pathname).toBe('/');
    await bDialog.getByRole('button', { name: 'Sign in with this code' }).click();
    await expect.poll(() => b.getByTestId('toast').textContent()).toBe(`Signed in as ${name}`);
    // A used code is refused with the server's reason in words.
    await menu(b, 'Devices and data');
    await bDialog.getByRole('textbox', { name: 'Code' }).fill(code);
    await bDialog.getByRole('button', { name: 'Sign in with this code' }).click();
    await expect
      .poll(() => bDialog.getByTestId('acct-note').textContent())
      .toBe('That code is wrong, used or expired.');
    // B's devices: two, B's marked; B's statistics and bests are A's.
    const items = bDialog.getByTestId('devices').locator('li');
    await expect.poll(() => items.count()).toBe(2);
    expect(await bDialog.locator('li[data-current="true"]').count()).toBe(1);
    await b.keyboard.press('Escape');
    await menu(b, 'Statistics');
    const stats = b.getByTestId('stats');
    await expect.poll(() => stats.locator('td[data-game="pyramid"]').nth(1).textContent()).toBe('1');
    const best = b.getByTestId('bests').locator('tbody tr').first();
    expect(await best.textContent()).toContain('pyramid-1');
    expect(await best.getByTestId('replay-link').getAttribute('href')).toBe(`/replay/${gameId}`);
    await b.keyboard.press('Escape');
    // A's game is B's own: it opens at its address.
    await b.goto(`/game/${gameId}`);
    await ready(b);
    await b.getByTestId('results').waitFor();

    // B signs A out: A's token is refused from then on, and A plays on as a new player.
    await b.keyboard.press('Escape');
    await menu(b, 'Devices and data');
    await expect.poll(() => items.count()).toBe(2);
    await bDialog
      .locator('li:not([data-current])')
      .getByRole('button', { name: /^Sign out / })
      .click();
    await expect.poll(() => items.count()).toBe(1);
    expect(await bDialog.getByTestId('acct-note').textContent()).toMatch(/^Signed out: /);
    expect((await api(a, '/players/me')).status).toBe(401);
    await a.goto('/play/pyramid-2');
    await ready(a);
    await a.getByTestId('deal-tag').waitFor();
    const fresh = JSON.parse((await api(a, '/players/me')).text) as {
      id: string;
      stats: Record<string, { won: number }>;
    };
    expect(fresh.stats.pyramid?.won ?? 0).toBe(0);

    // B signs itself out (the dialog is still open): a new anonymous player at home.
    await bDialog
      .locator('li[data-current="true"]')
      .getByRole('button', { name: 'Sign out this device' })
      .click();
    await expect
      .poll(() => b.getByTestId('toast').textContent())
      .toBe('This device is signed out: you play as a new player.');
    const bNow = JSON.parse((await api(b, '/players/me')).text) as {
      name: string;
      stats: Record<string, { won: number }>;
    };
    expect(bNow.stats.pyramid?.won ?? 0).toBe(0);
    await a.context().close();
    await b.context().close();
  });
});

describe('records and a player’s own data', () => {
  test('a pasted record is checked; the data downloads; the account is deleted', async () => {
    const page = await openPage(browser, '/', { viewport: PHONE });
    const gameId = await wonPyramid(page);
    const record = (await api(page, `/games/${gameId}/record`)).text;
    await page.keyboard.press('Escape');

    await menu(page, 'Check a record');
    const dlg = page.getByTestId('record-dialog');
    const field = dlg.getByRole('textbox', { name: 'Record' });
    await field.fill(record);
    await dlg.getByRole('button', { name: 'Check' }).click();
    const verdict = dlg.getByTestId('record-verdict');
    await expect.poll(() => verdict.getAttribute('class')).toBe('verdict good');
    const said = await verdict.textContent();
    expect(said).toContain('Valid: every move is legal.');
    expect(said).toContain('Result: won');
    expect(said).toContain(`Moves replayed: ${LINES.pyramid1.length}`);
    expect((await axe(page, 'record checked phone')).serious).toEqual([]);
    await shot(page, 'record-valid-phone');
    // A record whose claimed result is false, and one that cannot be read.
    await field.fill(
      record.replace('[Result "won"]', '[Result "resigned"]').replace(/ won\s*$/, ' resigned\n'),
    );
    await dlg.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => verdict.getAttribute('class')).toBe('verdict bad');
    expect(await dlg.getByTestId('record-error').textContent()).toMatch(/line \d+/);
    await shot(page, 'record-invalid-phone');
    await field.fill('[Game "pyramid"\n');
    await dlg.getByRole('button', { name: 'Check' }).click();
    await expect
      .poll(() => verdict.textContent())
      .toMatch(/^This is not a record this site can read \(line 1, column \d+\)\. Paste the whole text/);
    // The valid record again: watched move by move in the replay viewer.
    await field.fill(record);
    await dlg.getByRole('button', { name: 'Check' }).click();
    await dlg.getByTestId('record-watch').click();
    await page.waitForURL(new RegExp(`/replay/${gameId}$`));
    await page.getByTestId('replay').waitFor();

    // The player's data, then the account deleted with their name.
    const me = JSON.parse((await api(page, '/players/me')).text) as { name: string };
    await menu(page, 'Devices and data');
    const data = page.getByTestId('devices-dialog');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      data.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    const lines = readFileSync((await file.path())!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: 'player', name: me.name });
    expect(lines.some((l: { type: string; id?: string }) => l.type === 'game' && l.id === gameId)).toBe(true);
    const confirm = data.getByRole('textbox', { name: `Type your name, ${me.name}, to confirm` });
    const go = data.getByRole('button', { name: 'Delete my account' });
    await confirm.fill('someone else');
    expect(await go.isDisabled()).toBe(true);
    await confirm.fill(me.name);
    expect((await axe(page, 'devices and data dialog phone')).serious).toEqual([]);
    await shot(page, 'data-phone');
    await go.click();
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toBe('Account deleted: you play as a new player.');
    const now = JSON.parse((await api(page, '/players/me')).text) as {
      name: string;
      stats: Record<string, { played: number }>;
    };
    expect(now.stats.pyramid?.played ?? 0).toBe(0);
    // The finished game stays public, as an anonymous player's.
    const replay = JSON.parse((await api(page, `/games/${gameId}/replay`)).text) as { player: string };
    expect(replay.player).toBe('Anonymous');
    await page.context().close();
  });
});

describe('issue 26 on the leaderboard and the analysis', () => {
  test('open deal, under review and checking marks; an analysis never started is asked for', async () => {
    const page = await openPage(browser, '/', { viewport: DESKTOP });
    await page.route('**/api/v1/deals/pyramid/1/leaderboard*', async (route) => {
      const r = await route.fetch();
      const body = (await r.json()) as { open?: boolean; entries: Record<string, unknown>[] };
      body.open = true;
      body.entries.forEach((e, i) => (e.fair_play = i === 0 ? 'review' : 'pending'));
      await route.fulfill({ response: r, json: body });
    });
    await wonPyramid(page);
    const results = page.getByTestId('results');
    await expect
      .poll(() => results.getByTestId('lb-open').textContent())
      .toBe('Open deal: anyone can compute its cards');
    const review = results.getByTestId('fair-review').first();
    expect(await review.getAttribute('title')).toBe(
      'Choices that show knowledge of unseen cards; an operator decides',
    );
    expect((await axe(page, 'leaderboard fair play desktop')).serious).toEqual([]);
    await shot(page, 'leaderboard-fairplay-desktop');

    // A position whose analysis was never started (as after a worker outage): the client asks
    // for it with POST, once.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/analysis')) posts.push(r.url());
    });
    await page.route('**/api/v1/games/*/analysis', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const r = await route.fetch();
      const body = (await r.json()) as { state: string; reason: string };
      await route.fulfill({
        response: r,
        json: { ...body, state: 'unavailable', reason: 'not_started', verdict: null },
      });
    });
    await page.goto('/play/pyramid-3');
    await ready(page);
    await expect.poll(() => posts.length, { timeout: 8000 }).toBe(1);
    await page.waitForTimeout(2000);
    expect(posts.length).toBe(1);
    await page.context().close();
  });

  test('Gaps with a redeal left: why there is no verdict, in words, at every size and in Japanese', async () => {
    const page = await openPage(browser, '/', { viewport: PHONE });
    // The honest analysis of issue 26 (its backend may not have landed): the answer's reason.
    await page.route('**/api/v1/games/*/analysis', async (route) => {
      const r = await route.fetch();
      const body = (await r.json()) as Record<string, unknown>;
      const json = { ...body, state: 'not_applicable', reason: 'unseen_shuffle', verdict: null };
      await route.fulfill({ response: r, json });
    });
    await page.goto('/play/gaps-77');
    await page.waitForURL(/\/game\/[\w-]+$/);
    await ready(page);
    // Nothing is said until the player asks for a hint: then why there is no verdict, in words.
    const note = page.getByTestId('no-verdict');
    await page.waitForFunction(() => document.querySelector('[data-testid="checking"]') === null);
    expect(await note.count()).toBe(0);
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect
      .poll(() => note.textContent())
      .toMatch(
        /^A redeal shuffles the cards again, so whether this deal can still be won is known only after/,
      );
    expect(await everySizeClean(page, 'gaps-no-verdict')).toEqual([]);
    await page.setViewportSize(PHONE);
    await switchLang(page, '日本語');
    await expect.poll(() => note.textContent()).toMatch(/^配り直しでカードが混ざるため/);
    await menuJa(page);
    expect((await axe(page, 'devices dialog phone ja')).serious).toEqual([]);
    await shot(page, 'devices-phone-ja');
    await page.context().close();
  });
});

async function menuJa(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'メニュー' }).click();
  await page.getByTestId('menu').getByRole('button', { name: '端末とデータ' }).click();
  await page.getByTestId('devices-dialog').getByRole('heading', { name: 'あなたの端末' }).waitFor();
}
