// A new player's first minute, as a player's sequences would meet it, on a phone (360×740, by
// touch) and a desktop (1366×768, by mouse): a drag that misses, one dropped on a place that is
// no target, one started while the cards slide home, each followed by a tap and a drag of the
// same card. Each asserts what the player sees: the card back in its place, hit-testing at its
// visible corner finding the card itself, the selection a tap makes.
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIZES, accepted, card, launch, openPage, settled } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Pt = { x: number; y: number };
const DEVICES = [
  ['phone', SIZES['phone-360x740']],
  ['desktop', SIZES['desktop-1366x768']],
] as const;

/** Where a finger grabs a card: its visible top-left strip (fanned cards overlap). */
async function grip(page: Page, loc: string): Promise<Pt> {
  const r = (await card(page, loc).boundingBox())!;
  return { x: r.x + Math.min(12, r.width / 2), y: r.y + 8 };
}

/** The pointer that puts a card grabbed at `grip` squarely over `selector`'s top-left card. */
async function onto(page: Page, selector: string): Promise<Pt> {
  const r = (await page.locator(selector).first().boundingBox())!;
  const w = (await page.locator('.card[data-card]').first().boundingBox())!.width;
  return { x: r.x + Math.min(12, w / 2), y: r.y + 8 };
}

/** A drag by the device's pointer: a finger (CDP touch events) on a phone, else the mouse. */
function dragger(page: Page, cdp: CDPSession, touch: boolean) {
  return async (from: Pt, to: Pt): Promise<void> => {
    const steps = 10;
    if (touch) {
      const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: Pt) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ ...p, id: 1 }] : [] });
      await send('touchStart', from);
      for (let i = 1; i <= steps; i++)
        await send('touchMove', {
          x: from.x + ((to.x - from.x) * i) / steps,
          y: from.y + ((to.y - from.y) * i) / steps,
        });
      await send('touchEnd');
      return;
    }
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps });
    await page.mouse.up();
    await page.mouse.move(1, 1); // off the card (a card under the mouse rises)
  };
}

/** Move requests the page sends from now on. */
function countMoves(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/moves$/.test(r.url())) n++;
  });
  return () => n;
}

/** Nothing is lifted, and hit-testing at the card's visible corner finds the card itself. */
async function backAndTappable(page: Page, loc: string, home: { x: number; y: number }): Promise<void> {
  await settled(page);
  expect(await page.locator('[data-lifted]').count()).toBe(0);
  const r = (await card(page, loc).boundingBox())!;
  expect([Math.round(r.x), Math.round(r.y)]).toEqual([Math.round(home.x), Math.round(home.y)]);
  const p = await grip(page, loc);
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-loc]')?.dataset.loc ?? null,
    p,
  );
  expect(hit).toBe(loc);
}

/** A tap on the card selects it alone; a second tap puts it down. */
async function tapSelectsIt(page: Page, loc: string): Promise<void> {
  const p = await grip(page, loc);
  await page.mouse.click(p.x, p.y);
  await expect
    .poll(() =>
      page.locator('.card.selected').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.loc)),
    )
    .toEqual([loc]);
  await page.mouse.click(p.x, p.y);
  await expect.poll(() => page.locator('.card.selected').count()).toBe(0);
}

describe.each(DEVICES)('a drag that misses leaves the card whole (%s)', (device, viewport) => {
  const touch = device === 'phone';
  const cases = [
    // 6♥ (column 10) has one place, column 6, so a tap plays it there; column 7 is no target.
    {
      tap: 'plays',
      game: 'forty-thieves',
      from: 't9.3',
      target: 't5',
      illegal: '[data-drop="t6"]',
      landed: 't5.4',
      card: '6H',
    },
    // 3♠ has one place: the gap after 2♠ (a tap selects it); the card beside the gap is no target.
    {
      tap: 'selects',
      game: 'gaps',
      from: 'r0c12',
      target: 'r1c6',
      illegal: '[data-loc="r1c7"]',
      landed: 'r1c6',
      card: '3S',
    },
  ];
  test.each(cases)(
    '$game: missed, dropped on no target, dragged while sliding home, then tapped and dragged',
    async (c) => {
      const page = await openPage(browser, `/play/${c.game}-1`, { viewport });
      await page.waitForURL(/\/game\//);
      await settled(page);
      const cdp = await page.context().newCDPSession(page);
      const drag = dragger(page, cdp, touch);
      const moves = countMoves(page);
      const home = (await card(page, c.from).boundingBox())!;
      const target = async () => {
        const r = (await page.locator(`[data-drop="${c.target}"]`).first().boundingBox())!;
        return { x: r.x + r.width / 2, y: r.y + Math.min(r.height / 2, 30) };
      };

      // Dropped on the bare table far from its place: it slides back, nothing is asked.
      const far = { x: viewport.width / 2, y: viewport.height - 24 };
      await drag(await grip(page, c.from), far);
      await backAndTappable(page, c.from, home);
      if (c.tap === 'selects') await tapSelectsIt(page, c.from);

      // Dropped squarely on a place that is no target (beside its one place): back, nothing asked.
      await drag(await grip(page, c.from), await onto(page, c.illegal));
      await backAndTappable(page, c.from, home);
      if (c.tap === 'selects') await tapSelectsIt(page, c.from);
      expect(moves()).toBe(0);

      // Missed, then grabbed again at once while it slides home, and dropped on its place.
      await drag(await grip(page, c.from), far);
      await accepted(page, async () => drag(await grip(page, c.from), await target()));
      await settled(page);
      expect(await card(page, c.landed).getAttribute('data-card')).toBe(c.card);
      expect(await page.locator('[data-lifted]').count()).toBe(0);
      expect(moves()).toBe(1);

      // Taken back, the card is tapped where it was: a tap plays its one move, as before.
      if (c.tap === 'plays') {
        await accepted(page, () => page.getByRole('button', { name: 'Undo' }).click());
        await backAndTappable(page, c.from, home);
        const p = await grip(page, c.from);
        await accepted(page, () => page.mouse.click(p.x, p.y));
        expect(await card(page, c.landed).getAttribute('data-card')).toBe(c.card);
      }
      await page.context().close();
    },
  );
});
