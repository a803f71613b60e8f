import { describe, expect, test } from 'vitest';
import { describe as announce } from '../src/state/announce';
import { parseRoute } from '../src/state/route';
import { parseDealId } from '../src/games';
import { sameMove } from '../src/model/types';

describe('routes and deal IDs', () => {
  test('deal links, game links, home', () => {
    expect(parseRoute('/play/pyramid-8153')).toEqual({
      kind: 'play',
      game: 'pyramid',
      deal: 8153,
      daily: null,
    });
    expect(parseRoute('/play/forty-thieves-9001')).toEqual({
      kind: 'play',
      game: 'forty-thieves',
      deal: 9001,
      daily: null,
    });
    // A ranked daily's ID names its day, not a number.
    expect(parseRoute('/play/forty-thieves-daily-2026-12-01')).toEqual({
      kind: 'play',
      game: 'forty-thieves',
      deal: null,
      daily: '2026-12-01',
    });
    expect(parseDealId('gaps-daily-2026-13-45')).toBeNull();
    expect(parseDealId('chess-daily-2026-12-01')).toBeNull();
    expect(parseRoute('/game/abc123')).toEqual({ kind: 'game', id: 'abc123' });
    expect(parseRoute('/', '?game=abc')).toEqual({ kind: 'game', id: 'abc' });
    expect(parseRoute('/')).toEqual({ kind: 'home' });
    expect(parseRoute('/play/chess-1').kind).toBe('bad');
    expect(parseDealId('gaps-0')).toBeNull();
    expect(parseDealId('gaps-4294967296')).toBeNull();
    expect(parseDealId('gaps-4294967295')).toEqual({ game: 'gaps', deal: 4294967295, daily: null });
  });
  test('moves compare by value, count 1 implied', () => {
    expect(
      sameMove({ type: 'move', from: 't1', to: 't2' }, { type: 'move', from: 't1', to: 't2', count: 1 }),
    ).toBe(true);
    expect(sameMove({ type: 'draw' }, { type: 'recycle' })).toBe(false);
  });
});

describe('announcements', () => {
  test('announcements from events', () => {
    expect(
      announce('en', { type: 'pair', a: 'p1', b: 'p2' }, [{ type: 'remove', cards: ['QH', 'AS'] }]),
    ).toBe('Removed queen of hearts, ace of spades');
    expect(
      announce('en', { type: 'draw' }, [
        { type: 'draw', card: '6D' },
        { type: 'auto', card: 'AC' },
      ]),
    ).toBe('Drew six of diamonds. ace of clubs went up automatically');
  });
});
