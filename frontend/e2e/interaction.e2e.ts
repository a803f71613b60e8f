// Input, motion, the game menu, disabled controls and flaky connections (issue 20 items 3, 4, 6,
// 9 and the motion, menu, settings and offline wishes).
import { readdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  SIZES,
  accepted,
  card,
  launch,
  openPage,
  playThroughApi,
  ready,
  rejected,
  settled,
  shot,
  tapLoc,
  version,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const cardAnimations = (page: import('playwright-core').Page) =>
  page.evaluate(
    () => document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).length,
  );

describe('interaction', () => {
  test('settings: four-colour deck, card size, left-handed toolbar; kept across a reload', async () => {
    const page = await openPage(browser, '/play/forty-thieves-1', { viewport: SIZES['desktop-1366x768'] });
    await page.waitForSelector('[data-loc="t9.3"]');
    const colour = (c: string) =>
      page
        .locator(`[data-card="${c}"]`)
        .first()
        .evaluate((e) => getComputedStyle(e).color);
    const black = await colour('9C');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('menu').getByRole('button', { name: 'Settings' }).click();
    const width = () => card(page, 't0.0').evaluate((e) => e.getBoundingClientRect().width);
    const before = await width();
    await page.getByLabel('Four-colour deck (clubs green, diamonds blue)').check();
    await page.getByLabel('Card size').selectOption('s');
    await page.getByLabel('Left-handed toolbar').check();
    await page.keyboard.press('Escape');
    expect(await colour('9C')).not.toBe(black);
    expect(await colour('9C')).toBe('rgb(12, 107, 46)');
    expect(await width()).toBeLessThan(before);
    await page.reload();
    await ready(page);
    await page.setViewportSize(SIZES['landscape-740x360']);
    await settled(page);
    const tools = (await page.locator('.toolbar').boundingBox())!;
    const board = (await page.locator('.board').boundingBox())!;
    expect(tools.x).toBeLessThan(board.x); // the toolbar on the left
    expect(await colour('9C')).toBe('rgb(12, 107, 46)');
    await shot(page, 'settings-left-handed-four-colour-landscape-740x360');
    await page.context().close();
  });

  test('keyboard: a removed focused card hands focus to the nearest playable card', async () => {
    const page = await openPage(browser, '/play/pyramid-1', { viewport: SIZES['desktop-1366x768'] });
    await page.waitForSelector('[data-loc="p21"]');
    await card(page, 'p21').focus();
    await accepted(page, () => page.keyboard.press('Enter')); // the king goes alone
    await settled(page);
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-loc'));
    expect(focused).toMatch(/^p2[2-7]$|^stock$/);
    // And a pair by keyboard: 8♣ (p27) with 5♦ once free.
    await card(page, 'p22').focus();
    await accepted(page, () => page.keyboard.press('Enter'));
    await card(page, 'p27').focus();
    await page.keyboard.press('Enter');
    await card(page, 'p15').focus();
    await accepted(page, () => page.keyboard.press('Enter'));
    await settled(page);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-nav'))).toBe(true);
    await page.context().close();
  });

  test('cards slide; a tap during the slide acts on the position shown; motion off and reduced motion', async () => {
    const page = await openPage(browser, '/play/forty-thieves-1', { viewport: SIZES['phone-360x740'] });
    await page.waitForSelector('[data-loc="t9.3"]');
    await settled(page);
    // 6♥ goes to column 6 (its only place): it slides there, already in its new place in the DOM.
    const before = await version(page);
    await tapLoc(page, 't9.3');
    await page.waitForFunction(
      (b) => document.querySelector('.app')?.getAttribute('data-version') !== String(b),
      before,
    );
    // Mid-slide, the card under the finger where 6♥ is drawn is 6♥ in its new place (column
    // 6), not a card of the old position: a tap there acts on what the player sees.
    const hit = await page.evaluate(() => {
      const running = document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).length;
      const six = document.querySelector<HTMLElement>('[data-card="6H"]')!;
      const r = six.getBoundingClientRect();
      const el = (document.elementFromPoint(r.left + 8, r.top + 6) as HTMLElement).closest(
        '[data-loc]',
      ) as HTMLElement;
      el.click();
      return { running, loc: el.getAttribute('data-loc'), card: el.getAttribute('data-card') };
    });
    expect(hit).toEqual({ running: expect.any(Number), loc: 't5.4', card: '6H' });
    expect(hit.running).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.selected').first().getAttribute('data-loc')).toBe('t5.4');
    await page.keyboard.press('Escape');
    // Motion off in the settings: no card animation after a move.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('menu').getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Animations').uncheck();
    await page.keyboard.press('Escape');
    await accepted(page, () => page.keyboard.press('d'));
    expect(await cardAnimations(page)).toBe(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('patience.settings')!).motion)).toBe(
      false,
    );
    await page.context().close();

    const reduced = await openPage(browser, '/play/forty-thieves-1', {
      viewport: SIZES['phone-360x740'],
      reducedMotion: 'reduce',
    });
    await reduced.waitForSelector('[data-loc="t9.3"]');
    await accepted(reduced, () => tapLoc(reduced, 't9.3'));
    expect(await cardAnimations(reduced)).toBe(0);
    await reduced.context().close();
  });

  test('a control that can do nothing is disabled and says why', async () => {
    const page = await openPage(browser, '/', { viewport: SIZES['phone-360x640'] });
    await page.evaluate(() =>
      localStorage.setItem(
        'patience.options.forty-thieves',
        JSON.stringify({ rules: 'classic', winnable_only: false }),
      ),
    );
    await page.goto('/play/forty-thieves-4');
    await ready(page);
    await page.waitForURL(/\/game\//);
    await playThroughApi(
      page,
      Array.from({ length: 64 }, () => ({ type: 'draw' })),
    );
    const draw = page.locator('[data-action="draw"]');
    expect(await draw.getAttribute('aria-disabled')).toBe('true');
    expect(await draw.getAttribute('class')).not.toContain('accent');
    expect(await page.getByRole('button', { name: /Draw/ }).getAttribute('aria-describedby')).toBeTruthy();
    expect(await draw.textContent()).toContain('There is no card to draw');
    const v = await version(page);
    // aria-disabled keeps it reachable (Playwright counts it disabled, so the tap is forced).
    expect(await rejected(page, () => draw.click({ force: true }))).toBe('There is no card to draw');
    expect(await version(page)).toBe(v);
    await shot(page, 'forty-thieves-draw-disabled-phone-360x640');
    await page.context().close();
  });

  test('game menu: undo all and restart this deal (ordinary undos, a new game); deal ID copied on tap', async () => {
    const page = await openPage(browser, '/play/pyramid-1', { viewport: SIZES['phone-360x640'] });
    await page.waitForURL(/\/game\//);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    for (let i = 0; i < 4; i++) await accepted(page, () => page.keyboard.press('d'));
    expect(await page.getByTestId('moves').textContent()).toBe('Moves 4');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('menu').getByRole('button', { name: 'Undo all' }).click();
    await expect.poll(() => page.getByTestId('moves').textContent()).toBe('Moves 0');
    await page.waitForFunction(() => document.querySelector('.app')?.getAttribute('data-busy') === '0');
    const undos = await page.evaluate(async () => {
      const id = location.pathname.split('/').pop();
      const r = await fetch(`/api/v1/games/${id}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('patience.token')}` },
      });
      return ((await r.json()) as { undos: number }).undos;
    });
    expect(undos).toBe(4);
    const id = page.url();
    await accepted(page, () => page.keyboard.press('d'));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('menu').getByRole('button', { name: 'Restart this deal' }).click();
    await page.waitForFunction((u) => location.href !== u, id);
    expect(await page.getByTestId('deal-tag').getAttribute('aria-label')).toContain('pyramid-1');
    expect(await page.getByTestId('moves').textContent()).toBe('Moves 0');
    // The deal ID in play: tap to copy its link.
    await page.getByTestId('deal-tag').click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('Deal link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/play\/pyramid-1$/);
    await page.context().close();
  });

  test('options chosen on the home page start the game with them', async () => {
    const page = await openPage(browser, '/', { viewport: SIZES['phone-360x740'] });
    const tile = page.getByRole('region', { name: 'Forty Thieves' });
    await tile.getByText('Rules and options').click();
    await tile.getByLabel('Which cards may move').selectOption('relaxed');
    await tile.getByLabel('Only deals that can be won').uncheck();
    await page.getByRole('button', { name: 'Play Forty Thieves' }).click();
    await page.waitForURL(/\/game\//);
    const options = await page.evaluate(
      () => JSON.parse(localStorage.getItem('patience.view')!).options as Record<string, unknown>,
    );
    expect(options).toMatchObject({ rules: 'relaxed', winnable_only: false });
    // Pyramid: its options come from the catalog too (winnable deals by default once offered).
    await page.goto('/');
    await ready(page);
    const catalog = await page.evaluate(
      async () =>
        (await (await fetch('/api/v1/games/catalog')).json()) as {
          games: { game: string; options: { name: string; default: unknown }[] }[];
        },
    );
    const pyr = catalog.games.find((g) => g.game === 'pyramid')!;
    const pyrTile = page.getByRole('region', { name: 'Pyramid' });
    await pyrTile.getByText('Rules and options').click();
    expect(await pyrTile.locator('input, select').count()).toBe(pyr.options.length);
    const winnable = pyr.options.find((o) => o.name === 'winnable_only');
    if (winnable)
      expect(await pyrTile.getByLabel('Only deals that can be won').isChecked()).toBe(
        winnable.default === true,
      );
    await page.context().close();
  });

  test('offline: a reload shows the game and "reconnecting"; nothing is queued; it comes back', async () => {
    const page = await openPage(browser, '/play/gaps-1', { viewport: SIZES['phone-360x640'] });
    await page.waitForURL(/\/game\//);
    // Installable: a manifest with icons; no source map is served.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
      return (await fetch(href)).json() as Promise<{
        name: string;
        display: string;
        icons: { sizes: string }[];
      }>;
    });
    expect(manifest).toMatchObject({ name: 'Patience', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toContain('512x512');
    const script = await page.evaluate(async () =>
      (await fetch(document.querySelector<HTMLScriptElement>('script[type="module"]')!.src)).text(),
    );
    expect(script).not.toContain('sourceMappingURL');
    expect(readdirSync(new URL('../dist/assets', import.meta.url)).filter((f) => f.endsWith('.map'))).toEqual(
      [],
    );
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload(); // now under the service worker
    await ready(page);
    const v = await version(page);
    await page.context().setOffline(true);
    await page.reload();
    await ready(page);
    await page.getByTestId('reconnecting').waitFor();
    expect(await page.locator('[data-card]').count()).toBe(48);
    await shot(page, 'offline-reconnecting-phone-360x640');
    await tapLoc(page, 'r0c12');
    await tapLoc(page, 'r1c6');
    await expect
      .poll(() => page.getByTestId('live').textContent())
      .toContain('The server could not be reached');
    await page.context().setOffline(false);
    await expect.poll(() => page.getByTestId('reconnecting').count(), { timeout: 15_000 }).toBe(0);
    expect(await version(page)).toBe(v);
    expect(await card(page, 'r1c6').getAttribute('data-card')).toBeNull();
    await page.context().close();
  });
});
