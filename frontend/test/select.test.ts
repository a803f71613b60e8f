import { describe, expect, test } from 'vitest';
import { recommend } from '../src/games/forty-thieves';
import { lift, runLimit } from '../src/games/forty-thieves/Board';
import { tap, targets } from '../src/state/select';
import { forty, gaps, pyramid } from './fixtures';

describe('pyramid', () => {
  test('targets are the other ends of the legal pair moves', () => {
    const v = pyramid();
    expect(targets(v, { loc: 'stock', count: 1 }).map((t) => t.loc)).toEqual(['p23', 'p24']);
    expect(targets(v, { loc: 'p23', count: 1 }).map((t) => t.loc)).toEqual(['stock']);
    expect(targets(v, { loc: 'p25', count: 1 })).toEqual([]);
  });
  test('a king goes with one tap', () => {
    expect(tap(pyramid(), null, 'p21')).toEqual({
      kind: 'submit',
      move: { type: 'king', at: 'p21' },
      legal: true,
    });
  });
  test('tap selects, tap a target pairs, tap again deselects', () => {
    const v = pyramid();
    expect(tap(v, null, 'p23')).toEqual({ kind: 'select', selection: { loc: 'p23', count: 1 } });
    expect(tap(v, { loc: 'p23', count: 1 }, 'stock')).toEqual({
      kind: 'submit',
      move: { type: 'pair', a: 'p23', b: 'stock' },
      legal: true,
    });
    expect(tap(v, { loc: 'p23', count: 1 }, 'p23')).toEqual({ kind: 'clear' });
  });
  test('an illegal pair is still submitted, so the server gives its reason', () => {
    expect(tap(pyramid(), { loc: 'p23', count: 1 }, 'p24')).toEqual({
      kind: 'submit',
      move: { type: 'pair', a: 'p23', b: 'p24' },
      legal: false,
    });
  });
  test('a covered card is submitted for the server\'s "covered"', () => {
    expect(tap(pyramid(), null, 'p0')).toEqual({
      kind: 'submit',
      move: { type: 'king', at: 'p0' },
      legal: false,
    });
  });
  test('nothing happens on an empty place or a finished game', () => {
    expect(tap(pyramid(), null, 'waste')).toEqual({ kind: 'none' });
    expect(tap(pyramid({ status: 'won' }), null, 'p21')).toEqual({ kind: 'none' });
    expect(targets(pyramid({ status: 'won' }), { loc: 'stock', count: 1 })).toEqual([]);
  });
});

describe('gaps', () => {
  test('a card lights up the gap it fits; a gap lights up the cards that fit it', () => {
    const v = gaps();
    expect(targets(v, { loc: 'r0c12', count: 1 }).map((t) => t.loc)).toEqual(['r1c6']);
    expect(targets(v, { loc: 'r3c0', count: 1 }).map((t) => t.loc)).toEqual(['r3c6', 'r3c10']);
    expect(targets(v, { loc: 'r0c0', count: 1 })).toEqual([]);
  });
  test('card then gap moves; gap then card moves', () => {
    const v = gaps();
    expect(tap(v, { loc: 'r0c12', count: 1 }, 'r1c6')).toEqual({
      kind: 'submit',
      move: { type: 'move', card: '3S', to: 'r1c6' },
      legal: true,
    });
    expect(tap(v, { loc: 'r3c0', count: 1 }, 'r3c6')).toEqual({
      kind: 'submit',
      move: { type: 'move', card: '2D', to: 'r3c0' },
      legal: true,
    });
  });
  test('an illegal placement is submitted for the reason; card to card reselects', () => {
    const v = gaps();
    expect(tap(v, { loc: 'r0c0', count: 1 }, 'r1c6')).toEqual({
      kind: 'submit',
      move: { type: 'move', card: '7H', to: 'r1c6' },
      legal: false,
    });
    expect(tap(v, { loc: 'r0c0', count: 1 }, 'r0c1')).toEqual({
      kind: 'select',
      selection: { loc: 'r0c1', count: 1 },
    });
    expect(tap(v, { loc: 'r0c0', count: 1 }, 'r0c0')).toEqual({ kind: 'clear' });
  });
});

describe('forty thieves', () => {
  test('a single card with exactly one destination moves at once', () => {
    expect(tap(forty(), null, 't4.0')).toEqual({
      kind: 'submit',
      move: { type: 'move', from: 't4', to: 't2' },
      legal: true,
    });
  });
  test('several destinations: select, the recommended one is marked', () => {
    const v = forty();
    expect(tap(v, null, 'waste')).toEqual({ kind: 'select', selection: { loc: 'waste', count: 1 } });
    const ts = targets(v, { loc: 'waste', count: 1 });
    expect(ts.map((t) => [t.loc, t.recommended])).toEqual([
      ['t3', true],
      ['t2', false],
    ]);
  });
  test('recommendation: a build, else a foundation, else an empty column', () => {
    const v = forty();
    expect(recommend(v, ['t2', 'foundation', 't3'])).toBe('t3');
    expect(recommend(v, ['t2', 'foundation'])).toBe('foundation');
    expect(recommend(v, ['t2'])).toBe('t2');
    expect(recommend(v, [])).toBeNull();
    const ts = targets(v, { loc: 't5', count: 1 });
    expect(ts.find((t) => t.recommended)?.loc).toBe('foundation');
  });
  test('tapping the selected card again sends it to the recommended place', () => {
    const v = forty();
    expect(tap(v, { loc: 'waste', count: 1 }, 'waste')).toEqual({
      kind: 'submit',
      move: { type: 'move', from: 'waste', to: 't3' },
      legal: true,
    });
    expect(tap(v, { loc: 't5', count: 1 }, 't5.0')).toEqual({
      kind: 'submit',
      move: { type: 'move', from: 't5', to: 'foundation' },
      legal: true,
    });
  });
  test('tapping deeper lifts the run; the count selects the legal moves', () => {
    const v = forty();
    expect(tap(v, null, 't0.2')).toEqual({ kind: 'select', selection: { loc: 't0', count: 2 } });
    expect(targets(v, { loc: 't0', count: 2 }).map((t) => t.loc)).toEqual(['t1']);
    expect(targets(v, { loc: 't0', count: 3 })).toEqual([]);
  });
  test('an illegal destination is submitted with the lifted count', () => {
    expect(tap(forty(), { loc: 't0', count: 3 }, 't1.0')).toEqual({
      kind: 'submit',
      move: { type: 'move', from: 't0', to: 't1', count: 3 },
      legal: false,
    });
    expect(tap(forty(), { loc: 't0', count: 1 }, 'f2')).toEqual({
      kind: 'submit',
      move: { type: 'move', from: 't0', to: 'foundation' },
      legal: false,
    });
    expect(tap(forty(), { loc: 't0', count: 3 }, 'f2')).toEqual({
      kind: 'refuse',
      reason: 'too_many_cards',
      max: 1,
    });
  });
  test('the stock draws', () => {
    expect(tap(forty(), null, 'stock')).toEqual({ kind: 'submit', move: { type: 'draw' }, legal: true });
    const empty = forty({ legal_moves: [] });
    empty.board = { ...empty.board, stock: { count: 0 } };
    expect(tap(empty, null, 'stock')).toEqual({ kind: 'submit', move: { type: 'draw' }, legal: false });
  });
  test('▲/▼ lift within the column; "at most N cards" beyond max_run', () => {
    const v = forty();
    expect(lift(v, { loc: 't0', count: 3 }, 1)).toEqual({ loc: 't0', count: 4 });
    expect(lift(v, { loc: 't0', count: 4 }, 1)).toEqual({ loc: 't0', count: 4 });
    expect(lift(v, { loc: 't0', count: 1 }, -1)).toEqual({ loc: 't0', count: 1 });
    expect(runLimit(v, { loc: 't0', count: 3 })).toBe(2);
    expect(runLimit(v, { loc: 't0', count: 2 })).toBeNull();
    expect(runLimit(v, null)).toBeNull();
  });
});

describe('hint highlights', () => {
  test('the places a move involves', async () => {
    const { moveSpots } = await import('../src/state/select');
    expect(moveSpots(pyramid(), { type: 'pair', a: 'p23', b: 'stock' })).toEqual(['p23', 'stock']);
    expect(moveSpots(pyramid(), { type: 'king', at: 'p21' })).toEqual(['p21']);
    expect(moveSpots(pyramid(), { type: 'draw' })).toEqual(['stock']);
    expect(moveSpots(gaps(), { type: 'move', card: '3S', to: 'r1c6' })).toEqual(['r0c12', 'r1c6']);
    expect(moveSpots(forty(), { type: 'move', from: 't5', to: 'f2' })).toEqual(['t5', 'foundation']);
    expect(moveSpots(forty(), { type: 'move', from: 'waste', to: 't3' })).toEqual(['waste', 't3']);
  });
});
