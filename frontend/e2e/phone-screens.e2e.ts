// What a new player sees in the first minute, on a phone (360×740) and a desktop (1366×768): a
// refusal replaced at once by the next selection, a daily's header on one line, the statistics,
// the record and devices dialogs, and a mistyped deal link. Each asserts what is on screen: the
// text shown, boxes inside the screen and the dialog, hit-testing with `elementFromPoint`.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIZES, card, launch, openPage, ready, settled, tapLoc } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const DEVICES = [
  ['phone', SIZES['phone-360x740']],
  ['desktop', SIZES['desktop-1366x768']],
] as const;

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => (await l.boundingBox())!;

/** The element hit-testing finds at the middle of `l` is `l` itself (or inside it). */
async function onTop(l: Locator): Promise<boolean> {
  return l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (el === hit || el.contains(hit));
  });
}

/** `inner` lies wholly inside `outer` (a pixel of rounding allowed). */
function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.width <= outer.x + outer.width + 1 &&
    inner.y + inner.height <= outer.y + outer.height + 1
  );
}

async function menu(page: Page, item: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByTestId('menu').getByRole('button', { name: item }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

describe.each(DEVICES)('the first minute (%s)', (_device, viewport) => {
  const screen = { x: 0, y: 0, ...viewport };

  test('a refusal is replaced at once by the next selection', async () => {
    const page = await openPage(browser, '/play/gaps-1', { viewport });
    await page.waitForURL(/\/game\//);
    await settled(page);
    // 3♠ into the gap after 7♠: refused.
    await tapLoc(page, 'r0c12');
    await tapLoc(page, 'r2c6');
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).not.toBe('');
    // At once, 8♠ (which does fit there) is selected: the refusal is gone, the selection shown.
    await tapLoc(page, 'r3c7');
    await expect.poll(() => toast.count()).toBe(0);
    expect(await page.locator('.card.selected').getAttribute('data-loc')).toBe('r3c7');
    expect(await card(page, 'r2c6').getAttribute('class')).toMatch(/\btarget\b/);
    await page.context().close();
  });

  test("a daily's header: the day in words and ranked or practice, on one line", async () => {
    const page = await openPage(browser, '/', { viewport });
    await page.getByRole('button', { name: "Play today's Pyramid" }).click();
    await page.waitForURL(/\/game\//);
    await settled(page);
    const header = await box(page.locator('.topbar'));
    const tag = page.getByTestId('deal-tag');
    expect(await tag.getAttribute('aria-label')).toMatch(/pyramid-daily-\d{4}-\d{2}-\d{2}/);
    expect(await tag.textContent()).toMatch(/^Daily · \d{1,2} [A-Z][a-z]{2}$/);
    expect(await page.getByTestId('rankmark').textContent()).toMatch(/^(Ranked|Practice)$/);
    const moves = page.getByTestId('moves');
    expect(await moves.textContent()).toBe('Moves 0');
    const menuBtn = await box(page.getByRole('button', { name: 'Menu' }));
    for (const l of [tag, page.getByTestId('rankmark'), page.getByTestId('clock'), moves]) {
      const b = await box(l);
      expect(inside(b, header)).toBe(true);
      expect(b.x + b.width).toBeLessThanOrEqual(menuBtn.x);
      expect(await onTop(l)).toBe(true);
      // Nothing clipped: the text fits its box.
      expect(await l.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    await page.context().close();
  });

  test('statistics fit the screen: every game and figure readable', async () => {
    const page = await openPage(browser, '/', { viewport });
    const dialog = await menu(page, 'Statistics');
    const table = dialog.getByTestId('stats');
    await table.waitFor();
    const d = await box(dialog);
    expect(inside(d, screen)).toBe(true);
    expect(inside(await box(table), d)).toBe(true);
    expect(await table.locator('thead th').allTextContents()).toEqual(['Pyramid', 'Gaps', 'Forty Thieves']);
    // A new player: nothing played, no win rate yet.
    expect(await table.locator('td[data-game="gaps"]').allTextContents()).toEqual([
      '0',
      '0',
      '–',
      '0',
      '0',
      '0',
      '0',
    ]);
    const last = table.locator('tbody tr').last().locator('td').last();
    expect(await onTop(last)).toBe(true);
    await page.context().close();
  });

  test('checking a record: the box spans the dialog; an unreadable one is explained', async () => {
    const page = await openPage(browser, '/', { viewport });
    const dialog = await menu(page, 'Check a record');
    const field = dialog.locator('textarea');
    const body = await box(dialog.locator('.modal-body'));
    const f = await box(field);
    expect(f.width).toBeGreaterThan(body.width * 0.8);
    expect(inside(f, screen)).toBe(true);
    await field.fill('hello, this is not a record');
    await dialog.getByRole('button', { name: 'Check' }).click();
    const verdict = dialog.getByTestId('record-verdict');
    await expect.poll(() => verdict.textContent()).toMatch(/^This is not a record this site can read/);
    await verdict.scrollIntoViewIfNeeded();
    expect(inside(await box(verdict), screen)).toBe(true);
    expect(await onTop(verdict)).toBe(true);
    await page.context().close();
  });

  test('devices: a wrong code is said under its field; the button stays inside the dialog', async () => {
    const page = await openPage(browser, '/', { viewport });
    const dialog = await menu(page, 'Devices and data');
    const input = dialog.locator('input[name="code"]');
    await input.fill('AAAAA-BBBBB');
    const submit = dialog.getByRole('button', { name: 'Sign in with this code' });
    expect(inside(await box(submit), await box(dialog))).toBe(true);
    await submit.click();
    const note = dialog.getByTestId('acct-note');
    await note.waitFor();
    const n = await box(note);
    const i = await box(input);
    expect(n.y).toBeGreaterThan(i.y);
    expect(n.y - (i.y + i.height)).toBeLessThan(120);
    await note.scrollIntoViewIfNeeded();
    expect(inside(await box(note), screen)).toBe(true);
    expect(await onTop(note)).toBe(true);
    await page.context().close();
  });

  test('a mistyped deal link is explained on the home page', async () => {
    const page = await openPage(browser, '/play/pyramid-99999999999', { viewport });
    await ready(page);
    expect(new URL(page.url()).pathname).toBe('/');
    const problem = page.getByTestId('home-problem');
    expect(await problem.textContent()).toMatch(/^“pyramid-99999999999” is not a deal\. /);
    expect(inside(await box(problem), screen)).toBe(true);
    expect(await onTop(problem)).toBe(true);
    // The rest of the home page is there: the games can be played.
    expect(await page.getByRole('button', { name: 'Play Pyramid' }).isEnabled()).toBe(true);
    await page.context().close();
  });
});
