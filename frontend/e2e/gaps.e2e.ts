import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, accepted, card, launch, openPage, ready, rejected, shot, tapLoc } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('gaps', () => {
  test('play by tapping, rejections, undo, redeal, keyboard, reload, options', async () => {
    const page = await openPage(browser, '/play/gaps-1', { viewport: DESKTOP });
    await page.waitForURL(/\/game\/[\w-]+$/);
    const status = page.getByTestId('status');
    await expect.poll(() => status.textContent()).toContain('Redeals left: 2');
    expect(await card(page, 'r1c6').getAttribute('aria-label')).toBe('gap, row 2 column 7');

    // A card lights up the gap it fits; tapping the gap moves it.
    await tapLoc(page, 'r0c12'); // 3♠ → right of 2♠
    await page.waitForSelector('[data-loc="r1c6"].target');
    await shot(page, 'gaps-desktop-selected');
    await accepted(page, () => tapLoc(page, 'r1c6'));
    expect(await card(page, 'r1c6').getAttribute('data-card')).toBe('3S');

    // A gap lights up the card that fits it.
    await tapLoc(page, 'r2c6');
    await page.waitForSelector('[data-loc="r3c7"].target');
    await accepted(page, () => tapLoc(page, 'r3c7'));
    expect(await card(page, 'r2c6').getAttribute('data-card')).toBe('8S');

    // Refusals carry the server's reason and change nothing.
    const v = await page.getAttribute('.app', 'data-version');
    await tapLoc(page, 'r0c0');
    expect(await rejected(page, () => tapLoc(page, 'r0c12'))).toBe('Nothing can follow a king');
    await tapLoc(page, 'r0c0');
    expect(await rejected(page, () => tapLoc(page, 'r2c8'))).toBe('That card does not fit there');
    expect(await page.getAttribute('.app', 'data-version')).toBe(v);

    // U undoes; R redeals (and U undoes that too).
    await accepted(page, () => page.keyboard.press('u'));
    expect(await card(page, 'r3c7').getAttribute('data-card')).toBe('8S');
    await accepted(page, () => page.keyboard.press('r'));
    expect(await status.textContent()).toContain('Redeals left: 1');
    await accepted(page, () => page.keyboard.press('u'));
    expect(await status.textContent()).toContain('Redeals left: 2');

    // Arrow keys move focus between places.
    await card(page, 'r0c0').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-loc'))).toBe('r0c1');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-loc'))).toBe('r1c1');

    // Reload finds the same game.
    const url = page.url();
    const version = await page.getAttribute('.app', 'data-version');
    await page.reload();
    await ready(page);
    await page.waitForSelector('[data-loc="r0c0"]');
    expect(page.url()).toBe(url);
    expect(await page.getAttribute('.app', 'data-version')).toBe(version);
    expect(await card(page, 'r1c6').getAttribute('data-card')).toBe('3S');
    await shot(page, 'gaps-desktop');

    // Phone: no horizontal scrolling.
    await page.setViewportSize(PHONE);
    await shot(page, 'gaps-phone');
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize(DESKTOP);

    // The new-game dialog offers the options; "show fits" writes the fitting cards in gaps.
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText('Gaps', { exact: true }).click();
    // Difficulty, in players' words: easy / medium (the default) / hard / any deal.
    const difficulty = dialog.getByLabel('Difficulty');
    expect(await difficulty.inputValue()).toBe('normal');
    expect(await difficulty.locator('option').allTextContents()).toEqual([
      'Easy',
      'Medium',
      'Hard',
      'Any deal',
    ]);
    await shot(page, 'gaps-desktop-options');
    await dialog.getByLabel('Show which card fits each gap').check();
    await dialog.getByLabel('Deal number (optional)').fill('1');
    await accepted(page, () => dialog.getByRole('button', { name: 'Deal' }).click());
    await page.waitForSelector('[data-loc="r1c6"] .fits');
    expect(await card(page, 'r1c6').textContent()).toContain('3♠');
    await page.context().close();
  });
});
