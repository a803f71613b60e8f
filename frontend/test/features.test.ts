// Dailies, par and replays without a browser: the server's views read at run time, the last winnable
// point, par, the replay's step cache and its read-only views.
import { describe, expect, test } from 'vitest';
import type { Analysis, Api, Replay, ReplayStep } from '../src/api/client';
import { translate } from '../src/i18n';
import { isPaused, legalMove, readPar, toView } from '../src/model/types';
import {
  awaitingRewind,
  deadEndExits,
  nextPoll,
  POLL_MS,
  received,
  rewindPoint,
  startWatch,
} from '../src/state/analysis';
import { ReplaySource, stepView } from '../src/state/replay';
import { replayPath } from '../src/model/paths';
import { parseRoute } from '../src/state/route';
import { pyramid } from './fixtures';

const lost = (rewind?: Analysis['rewind']): Analysis => ({
  version: 3,
  state: 'done',
  verdict: 'unwinnable',
  reason: '',
  ...(rewind !== undefined ? { rewind } : {}),
});

describe('server views read at run time (no unchecked cast)', () => {
  test('a board, a paused view, a finished result, events', () => {
    const v = pyramid();
    const live = toView({ ...v, result: {}, events: [{ type: 'remove', cards: ['KS'], junk: 1 }] });
    expect(isPaused(live)).toBe(false);
    expect(live.result).toBeNull();
    expect(live.events).toEqual([{ type: 'remove', cards: ['KS'] }]);
    const paused = toView({ ...v, board: null, result: null });
    expect(isPaused(paused)).toBe(true);
    expect(paused.legal_moves).toEqual([]);
    const empty = toView({ ...v, board: {}, result: null });
    expect(isPaused(empty)).toBe(true);
  });
  test('a move from an open object is taken only as one of the legal moves', () => {
    const v = pyramid();
    const pair = legalMove(v, { type: 'pair', a: 'p23', b: 'stock' });
    expect(pair).toBe(v.legal_moves[2]);
    expect(legalMove(v, { type: 'king', at: 'p21', count: 1 })).toBe(v.legal_moves[0]);
    expect(legalMove(v, { type: 'pair', a: 'p23', b: 'stock', extra: 1 })).toBeNull();
    expect(legalMove(v, { type: 'pair', a: 'p21' })).toBeNull();
    expect(legalMove(v, { type: 'king', at: 'p0' })).toBeNull();
    expect(legalMove(v, { type: 'teleport' })).toBeNull();
    expect(legalMove(v, null)).toBeNull();
    expect(legalMove(v, 'draw')).toBeNull();
  });
  test('par: a real one, or none', () => {
    expect(readPar({ moves: 41, proven: true, source: 'solver' })).toEqual({
      moves: 41,
      proven: true,
      source: 'solver',
    });
    expect(readPar({})).toBeNull();
    expect(readPar(null)).toBeNull();
  });
});

describe('back to the last winnable point', () => {
  const view = pyramid();
  const watch = (a: Analysis) => received(startWatch(view, 0)!, a);
  test('a proof with a point: the exit comes first, with its distance', () => {
    const w = watch(lost({ moves_back: 5, version: 3 }));
    expect(rewindPoint(view, w)).toEqual({ moves_back: 5, version: 3 });
    expect(deadEndExits('pyramid', 'unwinnable', rewindPoint(view, w))).toEqual([
      'rewind',
      'undo',
      'hint',
      'replay',
      'new',
    ]);
    expect(deadEndExits('gaps', 'stuck', rewindPoint(view, w))[0]).toBe('rewind');
    expect(translate('en', 'rewind.exit', { n: 5 })).toBe('Back to the last winnable point (5 moves back)');
    expect(translate('ja', 'rewind.exit', { n: 5 })).toContain('5手前');
  });
  test('lost from the start: no exit, and a line that says so', () => {
    const w = watch(lost(null));
    expect(rewindPoint(view, w)).toBeNull();
    expect(deadEndExits('pyramid', 'unwinnable', null)).not.toContain('rewind');
  });
  test('still searching: polling goes on until the point is known', () => {
    const w = watch(lost());
    expect(awaitingRewind(w.analysis!)).toBe(true);
    expect(w.stopped).toBe(false);
    expect(nextPoll(w, 10)).toBe(POLL_MS);
    expect(rewindPoint(view, w)).toBeUndefined();
    const done = received(w, lost({ moves_back: 2, version: 3 }));
    expect(done.stopped).toBe(true);
  });
  test('another version or a winnable verdict has no point', () => {
    const w = watch({ version: 3, state: 'done', verdict: 'winnable', reason: '' });
    expect(rewindPoint(view, w)).toBeUndefined();
    expect(rewindPoint({ ...view, version: 4 }, watch(lost({ moves_back: 1, version: 3 })))).toBeUndefined();
  });
});

const meta: Replay = {
  game_id: 'g1',
  game: 'pyramid',
  deal: 1,
  deal_id: 'pyramid-1',
  ruleset: 'standard',
  options: {},
  player: 'Ann',
  status: 'won',
  moves: [{ type: 'king', at: 'p21' }, { type: 'draw' }],
  result: {
    moves: 2,
    elapsed_ms: 1,
    undos: 0,
    hints: 0,
    removed: 1,
    personal_best: { previous: null, improved: true },
  },
  created_at: '2026-12-01T10:00:00Z',
  finished_at: '2026-12-01T10:01:00Z',
};

function fakeApi(calls: number[]): Api {
  const board = pyramid().board;
  const step = (n: number): ReplayStep => ({
    game: 'pyramid',
    game_id: 'g1',
    step: n,
    steps: 2,
    board,
    move: n === 1 ? { type: 'king', at: 'p21' } : n === 2 ? { type: 'draw' } : null,
  });
  return {
    replayStep: async (_id: string, n: number) => {
      calls.push(n);
      if (n > 2) throw new Error('404');
      return step(n);
    },
  } as unknown as Api;
}

describe('the replay', () => {
  test('routes and links', () => {
    expect(parseRoute('/replay/abc-1')).toEqual({ kind: 'replay', id: 'abc-1' });
    expect(replayPath('abc')).toBe('/replay/abc');
  });
  test('each step is fetched once; neighbours ahead of need; the move named on the board before it', async () => {
    const calls: number[] = [];
    const src = new ReplaySource(fakeApi(calls), meta);
    const first = await src.shown(1);
    expect(first.move).toEqual({ type: 'king', at: 'p21' });
    expect(first.before?.version).toBe(0);
    src.prefetch(1);
    await src.shown(2);
    expect([...calls].sort()).toEqual([0, 1, 2]);
    expect(src.fetched(2)).toBe(true);
    const last = await src.shown(2);
    expect(last.view.status).toBe('won');
    expect(last.view.legal_moves).toEqual([]);
  });
  test('a step view is the replay envelope around its board', () => {
    const v = stepView(
      meta,
      { game: 'pyramid', game_id: 'g1', step: 1, steps: 2, board: pyramid().board, move: null },
      false,
    );
    expect(v.game).toBe('pyramid');
    expect(v.deal_id).toBe('pyramid-1');
    expect(v.status).toBe('playing');
    expect(v.moves).toBe(1);
  });
});
