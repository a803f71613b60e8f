// Drag and drop beside tap: by mouse and by touch (CDP touch events) in Forty
// Thieves and Gaps, a run, a cancelled drag, a drop on a place that is no target (no request),
// a drag started during a slide, double-click home; screenshots mid-drag; and Chromium's
// tracing of a drag on a 4× CPU throttle (long tasks, frames), printed and kept in
// screenshots/drag-trace.json.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DESKTOP,
  LINES,
  SIZES,
  accepted,
  card,
  launch,
  openPage,
  playThroughApi,
  settled,
  shot,
  expectTwoRows,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Pt = { x: number; y: number };

/** The visible top-left strip of a card (fanned cards overlap): where a finger grabs it. */
async function grip(page: Page, loc: string): Promise<Pt> {
  const r = (await card(page, loc).boundingBox())!;
  return { x: r.x + Math.min(12, r.width / 2), y: r.y + 8 };
}

/** The middle of a drop place (`data-drop`): a column, the foundations, a gap. */
async function zone(page: Page, loc: string): Promise<Pt> {
  const r = (await page.locator(`[data-drop="${loc}"]`).first().boundingBox())!;
  return { x: r.x + r.width / 2, y: r.y + Math.min(r.height / 2, 60) };
}

/** Move requests the page sends from now on. */
function countMoves(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/moves$/.test(r.url())) n++;
  });
  return () => n;
}

/** A mouse drag in small steps; `mid` runs halfway, with the button still down. */
async function mouseDrag(page: Page, from: Pt, to: Pt, mid?: () => Promise<void>): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const half = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  await page.mouse.move(half.x, half.y, { steps: 8 });
  await mid?.();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** A touch drag through the DevTools protocol (as a finger: touchstart, moves, touchend). */
async function touchDrag(cdp: CDPSession, from: Pt, to: Pt, mid?: () => Promise<void>): Promise<void> {
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: Pt) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
  await touch('touchStart', from);
  for (let i = 1; i <= 12; i++) {
    const k = i / 12;
    await touch('touchMove', { x: from.x + (to.x - from.x) * k, y: from.y + (to.y - from.y) * k });
    if (i === 6) await mid?.();
  }
  await touch('touchEnd');
}

/** The lifted cards' boxes (empty when nothing is lifted). */
const lifted = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-lifted]')].map((el) => {
      const r = el.getBoundingClientRect();
      return { loc: el.dataset.loc, x: r.left, y: r.top, z: getComputedStyle(el).zIndex };
    }),
  );

const litTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.column.target, .foundations.target, .card.slot.target')].map(
      (el) => el.getAttribute('data-drop') ?? el.getAttribute('data-loc'),
    ),
  );

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { name?: string };
}

/** Drag from `from` for a second and a half of a 125 Hz mouse, to and fro across the table (the
 *  moves sent without waiting for each other, as a real mouse does), under Chromium's tracing:
 *  the page's main-thread tasks, the frames it presented and its layouts while it lasted. */
async function traceDrag(page: Page, cdp: CDPSession, from: Pt) {
  await browser.startTracing(page, {
    categories: [
      'toplevel',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
      'blink.user_timing',
    ],
  });
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - 10, from.y + 10, { steps: 2 });
  await page.evaluate(() => performance.mark('drag-start'));
  const sent: Promise<unknown>[] = [];
  for (let i = 0; i < 190; i++) {
    const k = Math.sin((i / 95) * Math.PI);
    const at = { x: Math.round(from.x - 200 - 180 * k), y: Math.round(from.y + 120 + 60 * k) };
    sent.push(
      cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', button: 'left', buttons: 1, ...at }),
    );
    await new Promise((ok) => setTimeout(ok, 8));
  }
  await Promise.all(sent);
  await page.evaluate(() => performance.mark('drag-end'));
  await page.mouse.move(from.x, from.y, { steps: 4 });
  await page.mouse.up();
  const ev = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
    .traceEvents;
  const mark = (name: string) => ev.find((e) => e.name === name)?.ts ?? 0;
  const [t0, t1] = [mark('drag-start'), mark('drag-end')];
  const main = ev.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid;
  const during = (name: string, thread?: number) =>
    ev.filter(
      (e) => e.name === name && e.ts >= t0 && e.ts <= t1 && (thread === undefined || e.tid === thread),
    );
  const tasks = during('RunTask', main);
  const seconds = (t1 - t0) / 1e6;
  // Each presented frame is one where the lifted cards moved.
  const frames = during('AnimationFrame::Presentation').length;
  const busy = tasks.reduce((n, e) => n + (e.dur ?? 0), 0) / 1000;
  return {
    throttle: '4x CPU',
    seconds: Number(seconds.toFixed(2)),
    frames,
    fps: Number((frames / seconds).toFixed(1)),
    tasks: tasks.length,
    longTasksOver50ms: tasks.filter((e) => (e.dur ?? 0) > 50_000).length,
    longestTaskMs: Number((Math.max(0, ...tasks.map((e) => e.dur ?? 0)) / 1000).toFixed(1)),
    mainThreadBusy: `${Math.round((busy / 1000 / seconds) * 100)}%`,
    paintMs: Number((during('Paint', main).reduce((n, e) => n + (e.dur ?? 0), 0) / 1000).toFixed(1)),
    layouts: during('Layout', main).length,
    // The machine is shared: its load says how much of a long task was waiting for a core.
    loadAverage: Number(loadavg()[0]!.toFixed(1)),
  };
}

describe('drag and drop', () => {
  test('forty thieves by mouse: a card, a miss, no target, a drag mid-slide, a run, double-click home', async () => {
    const page = await openPage(browser, '/play/forty-thieves-1', { viewport: DESKTOP });
    await page.waitForURL(/\/game\//);
    await settled(page);
    const moves = countMoves(page);

    // 6♥ (column 10) onto 7♥ (column 6), its only place: lit while dragging, the card under the
    // pointer at the grab offset, above everything.
    const from = await grip(page, 't9.3');
    const to = await zone(page, 't5');
    const start = (await card(page, 't9.3').boundingBox())!;
    await accepted(page, () =>
      mouseDrag(page, from, to, async () => {
        expect(await litTargets(page)).toEqual(['t5']);
        const [six] = await lifted(page);
        expect(six?.loc).toBe('t9.3');
        expect(Math.abs(six!.x - (start.x + (to.x - from.x) / 2))).toBeLessThan(2);
        expect(Math.abs(six!.y - (start.y + (to.y - from.y) / 2))).toBeLessThan(2);
        expect(Number(six!.z)).toBeGreaterThanOrEqual(100);
        await shot(page, 'drag-forty-thieves-desktop-mid');
      }),
    );
    expect(await card(page, 't5.4').getAttribute('data-card')).toBe('6H');
    expect(moves()).toBe(1);
    expect(await lifted(page)).toEqual([]);

    // Dropped far from any target: back home, nothing asked.
    const nine = (await card(page, 't1.3').boundingBox())!;
    await mouseDrag(page, await grip(page, 't1.3'), { x: nine.x + 40, y: nine.y + 260 });
    await page.mouse.move(1, 1); // off the card (a card under the mouse rises by 2 px)
    await settled(page);
    expect((await card(page, 't1.3').boundingBox())!).toEqual(nine);
    // Dropped on a column that is no target (9♥ cannot go on 8♥): back, nothing asked.
    await mouseDrag(page, await grip(page, 't1.3'), await zone(page, 't0'));
    await page.mouse.move(1, 1);
    await settled(page);
    expect((await card(page, 't1.3').boundingBox())!).toEqual(nine);
    expect(moves()).toBe(1);
    expect(await page.locator('.card.selected').count()).toBe(0);

    // A drag started while a card slides (animations at a hundredth of their speed): the card is
    // grabbed where it is seen (still by the stock) and stays under the pointer.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.01 });
    await accepted(page, () => card(page, 'stock').click());
    // Paused mid-slide, so the card is where it was measured when the press comes, however long
    // a loaded machine takes between the two.
    const seen = await page.evaluate(() => {
      const sliding = document.getAnimations();
      for (const a of sliding) a.pause();
      const r = document.querySelector('[data-loc="waste"]')!.getBoundingClientRect();
      return { x: r.left, y: r.top, sliding: sliding.length > 0 };
    });
    expect(seen.sliding).toBe(true);
    await page.mouse.move(seen.x + 10, seen.y + 10);
    await page.mouse.down();
    await page.mouse.move(seen.x + 30, seen.y + 60, { steps: 5 });
    const [waste] = await lifted(page);
    expect(waste?.loc).toBe('waste');
    expect(Math.abs(waste!.x - (seen.x + 20))).toBeLessThan(2);
    expect(Math.abs(waste!.y - (seen.y + 50))).toBeLessThan(2);
    await page.mouse.move(seen.x + 10, seen.y + 10, { steps: 3 });
    await page.mouse.up();
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await settled(page);
    expect(moves()).toBe(2); // the draw only

    // Double-click: the ace goes to a foundation, though a build on 2♥ is the recommended move
    // (deal 60, classic: A♥ on column 3).
    await page.evaluate(() => localStorage.setItem('patience.options.forty-thieves', '{"rules":"classic"}'));
    await page.goto('/play/forty-thieves-60');
    await page.waitForSelector('[data-loc="t2.3"][data-card="AH"]');
    await settled(page);
    const homeMoves = countMoves(page);
    await accepted(page, () => card(page, 't2.3').dblclick({ position: { x: 12, y: 8 } }));
    await expect.poll(() => page.locator('.foundations [data-card="AH"]').count()).toBe(1);
    expect(homeMoves()).toBe(1);

    // A run: 7♠ 6♠ (column 1) onto 8♠ (column 6), after 83 moves of the solver's line.
    await page.goto('/play/forty-thieves-60');
    await page.waitForURL(/\/game\//);
    expect(await playThroughApi(page, LINES.fortyThieves60.slice(0, 83))).toBe(83);
    await settled(page);
    expect(await card(page, 't0.4').getAttribute('data-card')).toBe('7S');
    await accepted(page, async () =>
      mouseDrag(page, await grip(page, 't0.4'), await zone(page, 't5'), async () => {
        expect((await lifted(page)).map((c) => c.loc)).toEqual(['t0.4', 't0.5']);
        await shot(page, 'drag-forty-thieves-run-desktop-mid');
      }),
    );
    expect(await card(page, 't5.5').getAttribute('data-card')).toBe('6S');
    expect(await card(page, 't0.4').count()).toBe(0);
    await page.context().close();
  });

  test('by touch on a phone (CDP touch events): gaps and forty thieves in two rows; gaps by mouse', async () => {
    const page = await openPage(browser, '/play/gaps-1', { viewport: SIZES['phone-360x740'] });
    await page.waitForURL(/\/game\//);
    await settled(page);
    const cdp = await page.context().newCDPSession(page);
    const moves = countMoves(page);
    // 3♠ into the gap after 2♠.
    await accepted(page, async () =>
      touchDrag(cdp, await grip(page, 'r0c12'), await zone(page, 'r1c6'), async () => {
        expect((await lifted(page)).map((c) => c.loc)).toEqual(['r0c12']);
        await shot(page, 'drag-gaps-phone-360x740-mid');
      }),
    );
    expect(await card(page, 'r1c6').getAttribute('data-card')).toBe('3S');
    // 8♠ into the gap after 7♠, by mouse.
    await accepted(page, async () => mouseDrag(page, await grip(page, 'r3c7'), await zone(page, 'r2c6')));
    expect(await card(page, 'r2c6').getAttribute('data-card')).toBe('8S');
    expect(moves()).toBe(2);

    // Forty Thieves on the phone: two rows of five, column numbers, 6♥ dragged from column 10
    // (second row) to column 6.
    await page.goto('/play/forty-thieves-1');
    await page.waitForSelector('[data-loc="t9.3"]');
    await settled(page);
    await expectTwoRows(page);
    await accepted(page, async () =>
      touchDrag(cdp, await grip(page, 't9.3'), await zone(page, 't5'), async () => {
        expect(await litTargets(page)).toEqual(['t5']);
        await shot(page, 'drag-forty-thieves-phone-360x740-mid');
      }),
    );
    expect(await card(page, 't5.4').getAttribute('data-card')).toBe('6H');
    await page.context().close();
  });

  test('a drag on a 4x CPU throttle, traced: long tasks and frames (figures printed)', async () => {
    const page = await openPage(browser, '/play/forty-thieves-1', { viewport: DESKTOP });
    await page.waitForSelector('[data-loc="t9.3"]');
    await settled(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const figures = await traceDrag(page, cdp, await grip(page, 't9.3'));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    console.log(`drag on a 4x CPU throttle: ${JSON.stringify(figures)}`);
    writeFileSync(
      resolve(__dirname, 'screenshots', 'drag-trace.json'),
      `${JSON.stringify(figures, null, 2)}\n`,
    );
    expect(figures.seconds).toBeGreaterThan(0);
    expect(figures.tasks).toBeGreaterThan(0);
    expect(figures.frames).toBeGreaterThan(0);
    await page.context().close();
  });
});
