import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DESKTOP,
  PHONE,
  accepted,
  card,
  launch,
  openPage,
  ready,
  rejected,
  shot,
  tapLoc,
  expectTwoRows,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('forty thieves', () => {
  test('play by tapping, selection bar, rejections, undo, keyboard, reload, phone layout', async () => {
    const page = await openPage(browser, '/play/forty-thieves-1', { viewport: DESKTOP });
    await page.waitForURL(/\/game\/[\w-]+$/);
    const status = page.getByTestId('status');
    await expect.poll(() => status.textContent()).toContain('Stock 64');
    // A fresh deal says nothing of its column moves (the nudge waits for a draw: phone-boards).
    expect(await page.getByTestId('nudge').count()).toBe(0);
    expect(await card(page, 't9.3').getAttribute('aria-label')).toContain('six of hearts, column 10');

    // 6♥ has exactly one destination (7♥ in column 6): it moves on the first tap, and the
    // safe aces go up on their own.
    await accepted(page, () => tapLoc(page, 't9.3'));
    expect(await card(page, 't5.4').getAttribute('data-card')).toBe('6H');
    await expect.poll(() => page.locator('.foundations [data-card]').count()).toBeGreaterThan(0);

    // Lifting four cards that are no run: the bar shows the limit, the server the reason.
    await tapLoc(page, 't2.0');
    const bar = page.getByTestId('selbar');
    await bar.waitFor();
    expect(await bar.textContent()).toContain('4 cards lifted');
    expect(await page.getByTestId('run-limit').textContent()).toBe('at most 1 card');
    await shot(page, 'forty-thieves-desktop-selected');
    expect(await rejected(page, () => tapLoc(page, 't5.4'))).toBe('These cards are not a same-suit run');
    await tapLoc(page, 't2.0');
    expect(await rejected(page, () => tapLoc(page, 'f0'))).toBe('Only one card can move there');

    // ▲/▼ adjust the lifted count.
    await tapLoc(page, 't2.1');
    expect(await bar.textContent()).toContain('3 cards lifted');
    await page.getByRole('button', { name: 'Lift one fewer card' }).click();
    expect(await bar.textContent()).toContain('2 cards lifted');
    await page.getByRole('button', { name: 'Lift one more card' }).click();
    expect(await bar.textContent()).toContain('3 cards lifted');
    await page.keyboard.press('Escape');
    await expect.poll(() => bar.count()).toBe(0);

    // Several destinations: the recommended one carries the arrow; tapping again sends it there.
    await accepted(page, () => page.keyboard.press('d'));
    expect(await status.textContent()).toContain('Stock 63');

    // Keyboard: U undoes the draw.
    await accepted(page, () => page.keyboard.press('u'));
    expect(await status.textContent()).toContain('Stock 64');
    // Tapping the stock draws too.
    await accepted(page, () => tapLoc(page, 'stock'));
    expect(await status.textContent()).toContain('Stock 63');

    // Reload finds the same game.
    const url = page.url();
    const version = await page.getAttribute('.app', 'data-version');
    await page.reload();
    await ready(page);
    await page.waitForSelector('[data-loc="t0.0"]');
    expect(page.url()).toBe(url);
    expect(await page.getAttribute('.app', 'data-version')).toBe(version);
    await shot(page, 'forty-thieves-desktop');

    // Eight more draws bring 2♥ to the waste: it fits on 3♥ (column 4) and on the foundation.
    for (let i = 0; i < 8; i++) await accepted(page, () => page.keyboard.press('d'));
    expect(await card(page, 'waste').getAttribute('data-card')).toBe('2H');
    await tapLoc(page, 'waste');
    await page.waitForSelector('[data-loc="t3.3"].target.recommended');
    expect(await page.locator('.foundations.target').count()).toBe(1);
    expect(await page.locator('.recommended').count()).toBe(1);
    await shot(page, 'forty-thieves-desktop-recommended');
    // Tapping the selected card again sends it to the recommended place.
    await accepted(page, () => tapLoc(page, 'waste'));
    expect(await card(page, 't3.4').getAttribute('data-card')).toBe('2H');

    // Phone portrait: two rows of five numbered columns, no scrolling.
    await page.setViewportSize(PHONE);
    await page.waitForSelector('.ft.rows2');
    await expectTwoRows(page);
    await tapLoc(page, 't0.3');
    await shot(page, 'forty-thieves-phone');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The new-game dialog: "winnable deals only" is on by default.
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText('Forty Thieves', { exact: true }).click();
    expect(await dialog.getByLabel('Only deals that can be won').isChecked()).toBe(true);
    expect(
      await dialog.getByLabel('Send cards no one needs to the foundations by themselves').isChecked(),
    ).toBe(true);
    await shot(page, 'forty-thieves-phone-options');
    await page.keyboard.press('Escape');
    await page.context().close();
  });
});
