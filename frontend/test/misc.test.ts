import { describe, expect, test } from 'vitest';
import { describe as announce } from '../src/state/announce';
import { stepFrames } from '../src/state/animate';
import { parseRoute } from '../src/state/route';
import { parseDealId, sameMove } from '../src/model/types';

describe('routes and deal IDs', () => {
  test('deal links, game links, home', () => {
    expect(parseRoute('/play/pyramid-8153')).toEqual({ kind: 'play', game: 'pyramid', deal: 8153 });
    expect(parseRoute('/play/forty-thieves-9001')).toEqual({ kind: 'play', game: 'forty-thieves', deal: 9001 });
    expect(parseRoute('/game/abc123')).toEqual({ kind: 'game', id: 'abc123' });
    expect(parseRoute('/', '?game=abc')).toEqual({ kind: 'game', id: 'abc' });
    expect(parseRoute('/')).toEqual({ kind: 'home' });
    expect(parseRoute('/play/chess-1').kind).toBe('bad');
    expect(parseDealId('gaps-0')).toBeNull();
    expect(parseDealId('gaps-4294967296')).toBeNull();
    expect(parseDealId('gaps-4294967295')).toEqual({ game: 'gaps', deal: 4294967295 });
  });
  test('moves compare by value, count 1 implied', () => {
    expect(sameMove({ type: 'move', from: 't1', to: 't2' }, { type: 'move', from: 't1', to: 't2', count: 1 })).toBe(true);
    expect(sameMove({ type: 'draw' }, { type: 'recycle' })).toBe(false);
  });
});

describe('run animation', () => {
  test('steps replay on the previous tableau', () => {
    const before = [['KD', '9S', '8S', '7S'], ['TS'], [], []];
    const ev = [
      { type: 'step', card: '7S', from: 't0', to: 't2' }, { type: 'step', card: '8S', from: 't0', to: 't3' },
      { type: 'step', card: '9S', from: 't0', to: 't1' }, { type: 'step', card: '8S', from: 't3', to: 't1' },
      { type: 'step', card: '7S', from: 't2', to: 't1' },
    ];
    const frames = stepFrames(before, ev);
    expect(frames).toHaveLength(5);
    expect(frames[0]).toEqual([['KD', '9S', '8S'], ['TS'], ['7S'], []]);
    expect(frames[4]).toEqual([['KD'], ['TS', '9S', '8S', '7S'], [], []]);
    expect(before[0]).toHaveLength(4);
    expect(stepFrames(before, [{ type: 'move', from: 't0', to: 't1' }])).toEqual([]);
  });
  test('announcements from events', () => {
    expect(announce('en', { type: 'pair', a: 'p1', b: 'p2' }, [{ type: 'remove', cards: ['QH', 'AS'] }])).toBe('Removed queen of hearts, ace of spades');
    expect(announce('en', { type: 'draw' }, [{ type: 'draw', card: '6D' }, { type: 'auto', card: 'AC' }])).toBe('Drew six of diamonds. ace of clubs went up automatically');
  });
});
