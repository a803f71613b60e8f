// Issue 26 and 30 in the pure parts: the analysis asked for once a worker is back (with
// backoff while none runs), the no-verdict line of Gaps with a redeal left, a link code's
// address, a record's game, the fair-play marks.
import type { VNode } from 'preact';
import { describe, expect, test } from 'vitest';
import type { Analysis } from '../src/api/client';
import { recordGameId } from '../src/app/account';
import { translatorFor } from '../src/games';
import {
  POLL_MS,
  WORKER_BACKOFF_MAX_MS,
  WORKER_BACKOFF_MS,
  WORKER_WAIT_MS,
  asked,
  nextPoll,
  noVerdictAfter,
  received,
  shouldAsk,
  startWatch,
} from '../src/state/analysis';
import { parseRoute } from '../src/state/route';
import { EntriesTable, FairPlayMark } from '../src/views/Leaderboard';
import type { Entry } from '../src/model/fetched';
import { pyramid } from './fixtures';

const un = (reason: string, version = 3): Analysis => ({
  version,
  state: 'unavailable',
  verdict: null,
  reason,
});
const pending: Analysis = { version: 3, state: 'pending', verdict: null, reason: '' };

describe('asking for an analysis that was never started', () => {
  test('not_started: asked at once, once per version; then watched as usual', () => {
    let w = received(startWatch(pyramid(), 0)!, un('not_started'));
    expect(w.stopped).toBe(false);
    expect(shouldAsk(w)).toBe(true);
    expect(nextPoll(w, 10)).toBe(0);
    w = asked(w, 5000);
    expect(shouldAsk(w)).toBe(false);
    expect(w.startedAt).toBe(5000);
    w = received(w, pending);
    expect(nextPoll(w, 6000)).toBe(POLL_MS);
    // The same answer again after the ask: not a second ask, the watch ends.
    const again = received(
      asked(received(startWatch(pyramid(), 0)!, un('not_started')), 0),
      un('not_started'),
    );
    expect(shouldAsk(again)).toBe(false);
    expect(again.stopped).toBe(true);
  });

  test('no_worker: looks again later and later (2 s, 4 s, 8 s … 30 s), never asks meanwhile', () => {
    let w = startWatch(pyramid(), 0)!;
    const delays: (number | null)[] = [];
    for (let i = 0; i < 6; i++) {
      w = received(w, un('no_worker'));
      expect(shouldAsk(w)).toBe(false);
      delays.push(nextPoll(w, 1000));
    }
    expect(delays).toEqual([
      WORKER_BACKOFF_MS,
      2 * WORKER_BACKOFF_MS,
      4 * WORKER_BACKOFF_MS,
      8 * WORKER_BACKOFF_MS,
      WORKER_BACKOFF_MAX_MS,
      WORKER_BACKOFF_MAX_MS,
    ]);
    expect(nextPoll(w, WORKER_WAIT_MS)).toBeNull();
    // The worker is back: nothing is queued for this position, so the client asks.
    w = received(w, un('not_started'));
    expect(nextPoll(w, 60_000)).toBe(0);
  });

  test('other unavailable reasons (busy, redis_unavailable) end the watch without an ask', () => {
    for (const r of ['busy', 'redis_unavailable']) {
      const w = received(startWatch(pyramid(), 0)!, un(r));
      expect(w.stopped).toBe(true);
      expect(shouldAsk(w)).toBe(false);
    }
  });

  test('an answer about another version never asks', () => {
    const w = received(startWatch(pyramid(), 0)!, un('not_started', 9));
    expect(w.stopped).toBe(true);
    expect(shouldAsk(w)).toBe(false);
  });
});

describe('the no-verdict line', () => {
  const shuffle: Analysis = { version: 3, state: 'not_applicable', verdict: null, reason: 'unseen_shuffle' };
  test('shown for unseen_shuffle, kept while the next position has no answer yet, then decided', () => {
    const w = received(startWatch(pyramid(), 0)!, shuffle);
    const line = noVerdictAfter(null, w);
    expect(line).toEqual({ gameId: 'g1', reason: 'unseen_shuffle' });
    const next = startWatch(pyramid({ version: 4 }), 0)!;
    expect(noVerdictAfter(line, next)).toBe(line);
    const done: Analysis = { version: 4, state: 'done', verdict: 'winnable', reason: '' };
    expect(noVerdictAfter(line, received(next, done))).toBeNull();
    expect(noVerdictAfter(line, startWatch(pyramid({ id: 'other' }), 0))).toBeNull();
    expect(noVerdictAfter(line, null)).toBeNull();
  });

  test('says it in plain words in both languages', () => {
    expect(translatorFor('en')('analysis.unseen_shuffle')).toMatch(/^A redeal shuffles the cards again, /);
    expect(translatorFor('ja')('analysis.unseen_shuffle')).toMatch(/配り直し/);
  });

  test('unseen_cards says nothing', () => {
    const w = received(startWatch(pyramid(), 0)!, { ...shuffle, reason: 'unseen_cards' });
    expect(noVerdictAfter(null, w)).toBeNull();
  });
});

describe('link codes and records', () => {
  test('/link/<code> offers the code; nothing else of that shape is a route', () => {
    expect(parseRoute('/link/7KQ2M-XR4PT')).toEqual({ kind: 'link', code: '7KQ2M-XR4PT' });
    expect(parseRoute('/link/')).toEqual({ kind: 'bad', path: '/link' });
    expect(parseRoute('/link/a b')).toMatchObject({ kind: 'bad' });
  });

  test("a record's GameId tag names the game to watch", () => {
    const rec = '[Game "gaps"]\n[DealId "gaps-77"]\n[Result "won"]\n[GameId "3f2a-b9"]\n\n1. up won\n';
    expect(recordGameId(rec)).toBe('3f2a-b9');
    expect(recordGameId('[Game "gaps"]\n\n{ [GameId "x"] }')).toBeNull();
  });
});

describe('fair-play marks', () => {
  const entry = (over: Partial<Entry>): Entry => ({
    rank: 1,
    player: 'Ann',
    moves: 40,
    elapsed_ms: 60_000,
    hints: 0,
    undos: 0,
    pauses: 0,
    solver_assisted: false,
    game_id: 'g1',
    fair_play: 'ok',
    finished_at: '2026-12-02T00:00:00Z',
    ...over,
  });

  const t = translatorFor('en');

  test('review is marked with its meaning; pending says "checking"; ok and absent show nothing', () => {
    const review = elements(FairPlayMark({ fair: 'review', t }));
    expect(review[0]!.props['data-testid']).toBe('fair-review');
    expect(review[0]!.props.title).toBe('Choices that show knowledge of unseen cards; an operator decides');
    expect(textOf(FairPlayMark({ fair: 'review', t }))).toBe(
      '⚑ under review: Choices that show knowledge of unseen cards; an operator decides',
    );
    expect(textOf(FairPlayMark({ fair: 'pending', t }))).toBe('checking');
    expect(FairPlayMark({ fair: 'ok', t })).toBeNull();
    expect(FairPlayMark({ fair: undefined, t })).toBeNull();
    const notes = elements(EntriesTable({ entries: [entry({ fair_play: 'review' })], t }));
    expect(notes.some((e) => e.props['data-testid'] === 'fair-review')).toBe(true);
  });

  test('an entry without a game id (another player on an open ranked day) has no replay link', () => {
    const all = elements(
      EntriesTable({ entries: [entry({ game_id: null }), entry({ rank: 2, game_id: 'g2' })], t }),
    );
    expect(all.filter((e) => e.type === 'a').map((e) => e.props.href)).toEqual(['/replay/g2']);
  });
});

type El = { type: string; props: Record<string, unknown> };

/** Every element a component tree renders (function components called), in document order. */
function elements(node: unknown, out: El[] = []): El[] {
  if (Array.isArray(node)) node.forEach((n) => elements(n, out));
  else if (node && typeof node === 'object' && 'type' in node && 'props' in node) {
    const v = node as VNode<Record<string, unknown>>;
    if (typeof v.type === 'function') elements((v.type as (p: unknown) => unknown)(v.props), out);
    else {
      if (typeof v.type === 'string') out.push({ type: v.type, props: v.props });
      elements(v.props.children, out);
    }
  }
  return out;
}

/** The text a component tree renders. */
function textOf(node: unknown): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  const v = node as VNode<Record<string, unknown>>;
  if (typeof v.type === 'function') return textOf((v.type as (p: unknown) => unknown)(v.props));
  return textOf(v.props.children);
}
