// The boards on a phone held upright (360×740), as a phone's solitaire draws them, and the same
// boards on a phone on its side (740×360) and a desktop (1366×768) still whole: Forty Thieves'
// stock and waste as full cards with their names and foundations that say what goes there,
// Pyramid across the width at the normal size and larger at "Large", and Forty Thieves' nudge
// only once the player reaches for the stock. Each asserts what the player sees: boxes on the
// screen, the text shown, hit-testing with `elementFromPoint`.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIZES, accepted, card, launch, openPage, settled, tapLoc } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = SIZES['phone-360x740'];
const OTHERS = [SIZES['landscape-740x360'], SIZES['desktop-1366x768']] as const;

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => (await l.boundingBox())!;

/** The element hit-testing finds at (dx, dy) inside `l` (its middle by default) is `l` or
 *  inside it. */
async function onTop(l: Locator, dx?: number, dy?: number): Promise<boolean> {
  return l.evaluate(
    (el, [dx, dy]) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + (dx ?? r.width / 2), r.top + (dy ?? r.height / 2));
      return !!hit && (el === hit || el.contains(hit));
    },
    [dx, dy] as const,
  );
}

/** `b` lies wholly on a screen of `size` (a pixel of rounding allowed). */
function onScreen(b: Box, size: { width: number; height: number }): boolean {
  return b.x >= -1 && b.y >= -1 && b.x + b.width <= size.width + 1 && b.y + b.height <= size.height + 1;
}

const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

/** The text a player reads on an element (what is rendered, not the accessible name). */
const shown = (l: Locator): Promise<string> => l.evaluate((el) => (el as HTMLElement).innerText.trim());

const noSideScroll = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction(([w, h]) => window.innerWidth === w && window.innerHeight === h, [
    size.width,
    size.height,
  ] as const);
  await settled(page);
}

describe('forty thieves on a phone', () => {
  test('stock and waste are full cards, named; the foundations say what goes there', async () => {
    const page = await openPage(browser, '/play/forty-thieves-1', { viewport: PHONE });
    await page.waitForURL(/\/game\//);
    await settled(page);
    const stock = card(page, 'stock');
    const waste = card(page, 'waste');
    const found = page.locator('.fcard');
    const topCard = page.locator('.column .stack > .card:last-child').first();
    const s = await box(stock);
    const w = await box(waste);
    const c = await box(topCard);
    // A comfortable touch target, a whole card, as wide as most of a column's card.
    for (const b of [s, w]) {
      expect(b.width).toBeGreaterThanOrEqual(48);
      expect(b.height).toBeCloseTo(b.width * 1.4, 0);
      expect(b.width).toBeGreaterThanOrEqual(c.width * 0.75);
      expect(onScreen(b, PHONE)).toBe(true);
    }
    expect(overlap(s, w)).toBe(false);
    expect(await onTop(stock)).toBe(true);
    expect(await onTop(waste)).toBe(true);
    expect(await shown(stock)).toBe('64\nStock');
    expect(await shown(waste)).toBe('Waste');
    // Eight foundations beside them, each showing "A" while empty, in letters one can read.
    expect(await found.count()).toBe(8);
    for (const f of await found.all()) {
      const b = await box(f);
      expect(b.width).toBeGreaterThanOrEqual(44);
      expect(b.height).toBeGreaterThanOrEqual(28);
      expect(onScreen(b, PHONE)).toBe(true);
      expect(overlap(b, s) || overlap(b, w)).toBe(false);
      expect(await shown(f)).toBe('A');
      expect(await onTop(f)).toBe(true);
      const size = await f.evaluate((el) =>
        parseFloat(getComputedStyle(el.querySelector('.slot-mark')!).fontSize),
      );
      expect(size).toBeGreaterThanOrEqual(14);
    }
    // The ten columns still fit the width: two rows of five, nothing to scroll sideways.
    expect(await noSideScroll(page)).toBe(true);
    for (const col of await page.locator('.column').all()) expect(onScreen(await box(col), PHONE)).toBe(true);

    // A tap on the waste's place of the stock draws: the drawn card shows on the waste, and a
    // foundation that took an ace shows it (rank and suit) where "A" stood.
    await accepted(page, () => stock.tap());
    expect(await waste.getAttribute('data-card')).toMatch(/^[2-9TJQKA][SHDC]$/);
    expect(await shown(stock)).toBe('63\nStock');
    await accepted(page, () => tapLoc(page, 't9.3'));
    await expect.poll(() => page.locator('.fcard[data-card]').count()).toBeGreaterThan(0);
    const ace = page.locator('.fcard[data-card]').first();
    expect(await shown(ace)).toMatch(/^A\n?[♠♥♦♣]$/);
    expect((await box(ace)).width).toBeGreaterThanOrEqual(44);

    // On its side and on a desktop: every pile still on the screen and hit where it is drawn.
    for (const size of OTHERS) {
      await resize(page, size);
      expect(await noSideScroll(page)).toBe(true);
      for (const l of [stock, waste, ...(await found.all())]) {
        const b = await box(l);
        expect(onScreen(b, size), JSON.stringify(size)).toBe(true);
        expect(b.width).toBeGreaterThanOrEqual(30);
        expect(await onTop(l)).toBe(true);
      }
    }
    await page.context().close();
  });

  test('"the columns still have moves" waits until the player reaches for the stock', async () => {
    const page = await openPage(browser, '/play/forty-thieves-1', { viewport: PHONE });
    await page.waitForURL(/\/game\//);
    await settled(page);
    const nudge = page.getByTestId('nudge');
    // A fresh deal has column moves, and says nothing of them: the player has not asked.
    expect(await page.getByTestId('status').textContent()).toContain('Stock 64');
    expect(await nudge.count()).toBe(0);
    // A draw while the columns have moves: the draw is made, and the nudge said by the toolbar.
    await accepted(page, () => card(page, 'stock').tap());
    expect(await page.getByTestId('status').textContent()).toContain('Stock 63');
    await nudge.waitFor();
    expect(await shown(nudge)).toBe('The columns still have moves');
    const n = await box(nudge);
    expect(onScreen(n, PHONE)).toBe(true);
    expect(await onTop(nudge)).toBe(true);
    for (const l of [card(page, 'stock'), card(page, 'waste')]) expect(overlap(n, await box(l))).toBe(false);
    // A column move: the player took the hint of it, the nudge goes.
    await accepted(page, () => tapLoc(page, 't9.3'));
    await expect.poll(() => nudge.count()).toBe(0);
    // The keyboard's draw counts as reaching for the stock too, in Japanese as in English.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('menu').getByRole('button', { name: '日本語' }).click();
    await accepted(page, () => page.keyboard.press('d'));
    await nudge.waitFor();
    expect(await shown(nudge)).toBe('列にまだ手があります');
    // Undo takes the draw back: no nudge on the view it returns to.
    await accepted(page, () => page.keyboard.press('u'));
    await expect.poll(() => nudge.count()).toBe(0);
    // A draw answered "cannot be won" (drawn up: the server's proof takes its time): the panel
    // says what holds, and no nudge stands beside it.
    await page.route(/\/api\/v1\/games\/[\w-]+\/moves$/, async (route) => {
      const res = await route.fetch();
      const v = (await res.json()) as { notices: string[] };
      v.notices = [...v.notices, 'unwinnable'];
      await route.fulfill({ response: res, json: v });
    });
    await accepted(page, () => card(page, 'stock').tap());
    await page.locator('[data-testid="deadend"][data-kind="unwinnable"]').waitFor();
    expect(await nudge.count()).toBe(0);
    await page.context().close();
  });
});

describe('pyramid on a phone', () => {
  /** The pyramid's cards, its bottom row, and the stock and waste. */
  async function measure(page: Page) {
    const cards = await Promise.all((await page.locator('.pcard').all()).map(box));
    const bottom = await Promise.all([21, 22, 23, 24, 25, 26, 27].map((i) => box(card(page, `p${i}`))));
    return { cards, bottom, stock: await box(card(page, 'stock')), waste: await box(card(page, 'waste')) };
  }

  async function cardSize(page: Page, size: 'Large' | 'Medium'): Promise<void> {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('menu').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('select[name="size"]').selectOption({ label: size });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await settled(page);
  }

  /** The whole board on the screen, no card over the stock or the waste, each bottom-row card's
   *  corner its own to tap, and the stock and waste hit where they are drawn. */
  async function whole(page: Page, size: { width: number; height: number }) {
    const m = await measure(page);
    for (const b of [...m.cards, m.stock, m.waste]) expect(onScreen(b, size)).toBe(true);
    for (const b of m.cards) expect(overlap(b, m.stock) || overlap(b, m.waste)).toBe(false);
    for (const i of [21, 22, 23, 24, 25, 26, 27]) expect(await onTop(card(page, `p${i}`), 6, 6)).toBe(true);
    expect(await onTop(card(page, 'stock'))).toBe(true);
    expect(await onTop(card(page, 'waste'))).toBe(true);
    expect(await noSideScroll(page)).toBe(true);
    return m;
  }

  test('the bottom row spans the width; "Large" makes the cards clearly larger', async () => {
    const page = await openPage(browser, '/play/pyramid-1', { viewport: PHONE });
    await page.waitForURL(/\/game\//);
    await settled(page);
    const normal = await whole(page, PHONE);
    const span = (m: typeof normal) => m.bottom[6]!.x + m.bottom[6]!.width - m.bottom[0]!.x;
    expect(span(normal)).toBeGreaterThanOrEqual(PHONE.width * 0.9);
    expect(normal.bottom[0]!.width).toBeGreaterThanOrEqual(46);
    // The board uses the height: pyramid and piles take most of what lies between the status
    // line and the toolbar.
    const top = normal.cards[0]!.y;
    const foot = normal.stock.y + normal.stock.height;
    const table = await box(page.locator('.board'));
    expect(foot - top).toBeGreaterThanOrEqual(table.height * 0.8);

    await cardSize(page, 'Large');
    const large = await whole(page, PHONE);
    expect(large.bottom[0]!.width).toBeGreaterThanOrEqual(normal.bottom[0]!.width * 1.15);
    expect(large.stock.width).toBeGreaterThanOrEqual(normal.stock.width * 1.15);
    expect(span(large)).toBeGreaterThanOrEqual(PHONE.width * 0.9);

    // On its side and on a desktop, at both sizes: the whole board, nothing over the piles.
    for (const size of OTHERS) {
      await resize(page, size);
      await whole(page, size);
    }
    await cardSize(page, 'Medium');
    for (const size of OTHERS) {
      await resize(page, size);
      await whole(page, size);
    }
    await page.context().close();
  });
});
