import { describe, expect, test } from 'vitest';
import {
  doubleTap as ftDouble,
  dragFrom as ftDrag,
  liftedLocs as ftLifted,
} from '../src/games/forty-thieves';
import { doubleTap as gapsDouble, dragFrom as gapsDrag } from '../src/games/gaps';
import { gameModule } from '../src/games';
import { rows, twoRows } from '../src/games/forty-thieves/Board';
import { distance, dropMeant, isDrag, nearest, shift } from '../src/state/dragGeometry';
import { forty, gaps } from './fixtures';

const box = (left: number, top: number, w = 40, h = 56) => ({ left, top, right: left + w, bottom: top + h });

describe('drag geometry', () => {
  test('a press is a tap until it moves past the threshold (more for a finger)', () => {
    expect(isDrag({ x: 0, y: 0 }, { x: 3, y: 4 }, 'mouse')).toBe(false);
    expect(isDrag({ x: 0, y: 0 }, { x: 4, y: 4 }, 'mouse')).toBe(true);
    expect(isDrag({ x: 0, y: 0 }, { x: 6, y: 6 }, 'touch')).toBe(false);
    expect(isDrag({ x: 0, y: 0 }, { x: 8, y: 8 }, 'touch')).toBe(true);
  });
  test('the grabbed card stays under the pointer where it was grabbed, mid-slide too', () => {
    // Still: the card moves as the pointer does.
    expect(shift({ x: 10, y: 10 }, { x: 60, y: 30 }, { x: 0, y: 0 }, { x: 0, y: 0 })).toEqual({
      x: 50,
      y: 20,
    });
    // Seen 30 px left of its place (sliding in): it keeps where it was seen under the pointer.
    expect(shift({ x: 10, y: 10 }, { x: 10, y: 10 }, { x: -30, y: 0 }, { x: 0, y: 0 })).toEqual({
      x: -30,
      y: 0,
    });
  });
  test('a drop means the nearest lit place within reach, else nothing', () => {
    const zones = [
      { loc: 't1', box: box(0, 0) },
      { loc: 't2', box: box(100, 0) },
    ];
    expect(distance({ x: 20, y: 20 }, box(0, 0))).toBe(0);
    expect(distance({ x: 70, y: 20 }, box(0, 0))).toBe(30);
    expect(nearest(zones, { x: 20, y: 20 }, 40)).toBe('t1');
    expect(nearest(zones, { x: 75, y: 20 }, 40)).toBe('t2'); // 25 from t2, 35 from t1
    expect(nearest(zones, { x: 70, y: 200 }, 40)).toBeNull();
    expect(nearest([], { x: 0, y: 0 }, 40)).toBeNull();
    // Inside two (overlapping places): the one whose centre is nearer.
    const overlap = [
      { loc: 'a', box: box(0, 0, 100, 100) },
      { loc: 'b', box: box(50, 0, 100, 100) },
    ];
    expect(nearest(overlap, { x: 120, y: 50 }, 10)).toBe('b');
  });
  test('a drop squarely on a place that is no target means nothing; on the bare table, the nearest', () => {
    const zones = [{ loc: 't1', box: box(0, 0) }];
    expect(dropMeant(zones, { x: 60, y: 20 }, 40, null)).toBe('t1');
    expect(dropMeant(zones, { x: 60, y: 20 }, 40, '')).toBeNull();
    expect(dropMeant(zones, { x: 60, y: 20 }, 40, 'c3')).toBeNull();
    expect(dropMeant(zones, { x: 60, y: 20 }, 40, 't1')).toBe('t1');
  });
});

describe('what a drag lifts, and double clicks', () => {
  test('forty thieves: the card grabbed and every card on it; the waste top; nothing else', () => {
    const v = forty();
    expect(ftDrag(v, 't0.2')).toEqual({ loc: 't0', count: 2 });
    expect(ftLifted(v, { loc: 't0', count: 2 })).toEqual(['t0.2', 't0.3']);
    expect(ftDrag(v, 'waste')).toEqual({ loc: 'waste', count: 1 });
    expect(ftLifted(v, { loc: 'waste', count: 1 })).toEqual(['waste']);
    expect(ftDrag(v, 'stock')).toBeNull();
    expect(ftDrag(v, 'f0')).toBeNull();
    expect(ftDrag(forty({ board: { ...v.board, waste: { count: 0, cards: [] } } }), 'waste')).toBeNull();
  });
  test('gaps: a card, never a gap; pyramid: nothing (tap only)', () => {
    const v = gaps();
    expect(gapsDrag(v, 'r0c12')).toEqual({ loc: 'r0c12', count: 1 });
    expect(gapsDrag(v, 'r1c6')).toBeNull();
    expect(gameModule('pyramid').dragFrom).toBeUndefined();
    expect(gameModule('pyramid').doubleTap).toBeUndefined();
  });
  test('double click: a foundation first, else the only move, else nothing', () => {
    const v = forty();
    const home = { type: 'move' as const, from: 't5', to: 'foundation' };
    const build = { type: 'move' as const, from: 't5', to: 't2' };
    const both = forty({ legal_moves: [build, home] });
    expect(ftDouble(both, { loc: 't5', count: 1 })).toEqual({ kind: 'submit', move: home, legal: true });
    expect(ftDouble(forty({ legal_moves: [build] }), { loc: 't5', count: 1 })).toEqual({
      kind: 'submit',
      move: build,
      legal: true,
    });
    const two = forty({ legal_moves: [build, { ...build, to: 't3' }] });
    expect(ftDouble(two, { loc: 't5', count: 1 })).toEqual({ kind: 'none' });
    expect(ftDouble(v, { loc: 't9', count: 1 }).kind).toBe('none');
    const g = gaps();
    expect(gapsDouble(g, { loc: 'r0c12', count: 1 })).toEqual({
      kind: 'submit',
      move: { type: 'move', card: '3S', to: 'r1c6' },
      legal: true,
    });
    expect(gapsDouble(g, { loc: 'r1c6', count: 1 }).kind).toBe('none'); // a gap
  });
});

describe('forty thieves on a phone in portrait', () => {
  const cols = (...lens: number[]) => lens.map((n) => Array.from({ length: n }, () => 'AS'));
  test('two rows when every overlapped card can show 16 px there, else one row', () => {
    const usual = cols(6, 5, 7, 4, 5, 6, 8, 4, 5, 6);
    expect(twoRows(344, 438, usual)).toBe(true); // 360×640
    expect(twoRows(344, 538, usual)).toBe(true); // 360×740
    expect(twoRows(1350, 650, usual)).toBe(false); // a desktop: one row of ten
    expect(twoRows(0, 0, usual)).toBe(false); // not measured yet
    // A 16-card column in one half only: the rows share the height by need.
    expect(twoRows(344, 538, cols(16, 4, 4, 4, 4, 5, 5, 4, 4, 4))).toBe(true);
    // Long columns in both halves: one row on a small phone, two on a taller one.
    const long = cols(6, 6, 13, 5, 1, 2, 12, 3, 4, 3);
    expect(twoRows(344, 438, long)).toBe(false);
    expect(twoRows(374, 700, long)).toBe(true); // 390×844
  });
  test('each row gets the share its longest column needs', () => {
    expect(rows(cols(4, 4, 4, 4, 4, 4, 4, 4, 4, 4))).toEqual({ n1: 4, n2: 4, f1: 0.5 });
    expect(rows(cols(13, 4, 4, 4, 4, 6, 4, 4, 4, 4))).toEqual({ n1: 13, n2: 6, f1: 0.63 });
    expect(rows([[], [], [], [], [], [], [], [], [], []])).toEqual({ n1: 1, n2: 1, f1: 0.5 });
  });
});
