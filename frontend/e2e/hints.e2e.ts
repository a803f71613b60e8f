import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, accepted, card, launch, openPage, shot, switchLang, version } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('hints and analysis (API + Redis + worker)', () => {
  test('hint: H highlights the king at p21 and says so; Esc closes it', async () => {
    const page = await openPage(browser, '/play/pyramid-8153', { viewport: PHONE });
    await page.waitForSelector('[data-loc="p21"]');
    const before = await version(page);
    await accepted(page, () => page.getByRole('button', { name: 'Hint' }).click());
    expect(await version(page)).toBe(before + 1); // a hint counts and advances the version
    await page.waitForSelector('[data-loc="p21"].hinted');
    // The move in words beside the highlight.
    expect(await page.getByTestId('hint-text').textContent()).toBe('Hint: remove the K♥');
    expect(await page.locator('.hinted').count()).toBe(1); // a king goes alone
    await shot(page, 'hint-phone');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('hint-text').count()).toBe(0);
    expect(await page.locator('.hinted').count()).toBe(0);

    // The keyboard: H asks again; desktop layout.
    await page.setViewportSize(DESKTOP);
    await accepted(page, () => page.keyboard.press('h'));
    await page.waitForSelector('[data-loc="p21"].hinted');
    expect(await card(page, 'p21').getAttribute('aria-label')).toContain('king');
    await shot(page, 'hint-desktop');
    // Esc closes the hint, its mark on the board too.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('hint-text').count()).toBe(0);
    expect(await page.locator('.hinted').count()).toBe(0);
    await shot(page, 'hint-desktop-closed');
    await accepted(page, () => page.keyboard.press('h'));
    await page.waitForSelector('[data-loc="p21"].hinted');
    // Playing the hinted move clears the hint.
    await accepted(page, () => card(page, 'p21').click({ position: { x: 8, y: 8 } }));
    expect(await page.locator('.hinted').count()).toBe(0);
    // Forty Thieves on the desktop: H marks the move's places, Esc unmarks them all.
    await page.goto('/play/forty-thieves-1');
    await page.waitForSelector('[data-loc="t9.3"]');
    await accepted(page, () => page.keyboard.press('h'));
    await expect.poll(() => page.locator('.hinted').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('hint-text').count()).toBe(0);
    expect(await page.locator('.hinted').count()).toBe(0);
    await page.context().close();
  });

  test('unwinnable: deal 3 with the whole stock seen is proven lost; panel, exits, undo', async () => {
    const page = await openPage(browser, '/play/pyramid-3', { viewport: PHONE });
    await page.waitForSelector('[data-loc="p27"]');
    // Never "unwinnable" while cards are unseen: after 22 draws the last stock card is still
    // face down (after 23 it is the face-up stock top, and every card has been seen).
    for (let i = 0; i < 22; i++) await accepted(page, () => page.keyboard.press('d'));
    await page.waitForTimeout(1500); // time enough for an analysis to answer, were it asked
    expect(await page.getByTestId('deadend').count()).toBe(0);
    await accepted(page, () => page.keyboard.press('d'));
    await accepted(page, () => page.keyboard.press('d'));
    expect(await page.getByTestId('status').textContent()).toContain('Stock 0');

    // "checking…" while the worker searches, or straight to the panel.
    await page.waitForSelector('[data-testid="checking"], [data-testid="deadend"][data-kind="unwinnable"]', {
      timeout: 20_000,
    });
    const panel = page.locator('[data-testid="deadend"][data-kind="unwinnable"]');
    await panel.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('checking').count()).toBe(0);
    expect(await panel.textContent()).toContain('This position can no longer be won.');
    const exits = await panel
      .locator('[data-exit]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-exit')));
    expect(exits).toEqual(['undo', 'hint', 'replay', 'new']);
    for (const name of ['Undo', 'Hint', 'Replay this deal', 'New deal']) {
      expect(await panel.getByRole('button', { name, exact: true }).count()).toBe(1);
    }
    await shot(page, 'unwinnable-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'unwinnable-desktop');
    await page.setViewportSize(PHONE);

    // Undo from the panel works (the card stays seen, so the earlier position is proven too:
    // the panel comes back for it); the panel can be dismissed.
    const v = await version(page);
    await accepted(page, () => panel.getByRole('button', { name: 'Undo' }).click());
    expect(await version(page)).toBe(v + 1);
    expect(await page.getByTestId('status').textContent()).toContain('Stock 1');
    await panel.waitFor({ timeout: 20_000 });
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('deadend').count()).toBe(0);

    // Japanese wording.
    await switchLang(page, '日本語');
    await accepted(page, () => page.keyboard.press('d'));
    await panel.waitFor({ timeout: 20_000 });
    expect(await panel.textContent()).toContain('この局面からはもう解けません');
    await shot(page, 'unwinnable-phone-ja');
    await page.context().close();
  });
});
