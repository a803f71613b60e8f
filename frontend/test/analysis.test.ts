import { describe, expect, test } from 'vitest';
import type { Analysis } from '../src/api/client';
import { translate } from '../src/i18n';
import {
  FIRST_POLL_MS, POLL_LIMIT_MS, POLL_MS, checking, deadEndExits, deadEndKind, giveUp, nextPoll, provenUnwinnable,
  received, startWatch,
} from '../src/state/analysis';
import { readHint } from '../src/state/hint';
import { forty, gaps, pyramid } from './fixtures';

const a = (state: Analysis['state'], verdict: Analysis['verdict'] = null, version = 3): Analysis => ({ version, state, verdict, reason: '' });

describe('analysis polling', () => {
  test('a new position in play is watched; a finished game is not', () => {
    const w = startWatch(pyramid(), 1000);
    expect(w).toMatchObject({ gameId: 'g1', version: 3, startedAt: 1000, analysis: null, stopped: false });
    expect(startWatch(pyramid({ status: 'won' }), 0)).toBeNull();
    expect(startWatch(null, 0)).toBeNull();
  });

  test('first look shortly after the action, then every second while pending', () => {
    let w = startWatch(pyramid(), 0)!;
    expect(nextPoll(w, 0)).toBe(FIRST_POLL_MS);
    w = received(w, a('pending'));
    expect(nextPoll(w, 500)).toBe(POLL_MS);
    expect(checking(w, pyramid())).toBe(true);
  });

  test('stops when not pending: done, timeout, unavailable, not_applicable', () => {
    for (const s of ['done', 'timeout', 'unavailable', 'not_applicable'] as const) {
      const w = received(startWatch(pyramid(), 0)!, a(s, s === 'done' ? 'winnable' : null));
      expect(w.stopped).toBe(true);
      expect(nextPoll(w, 10)).toBeNull();
      expect(checking(w, pyramid())).toBe(false);
    }
  });

  test('gives up after the time limit; then nothing is "checking"', () => {
    let w = received(startWatch(pyramid(), 0)!, a('pending'));
    expect(nextPoll(w, POLL_LIMIT_MS - 1)).toBe(POLL_MS);
    expect(nextPoll(w, POLL_LIMIT_MS)).toBeNull();
    w = giveUp(w);
    expect(checking(w, pyramid())).toBe(false);
    expect(provenUnwinnable(pyramid(), w)).toBe(false);
  });

  test('an answer about another version (the game moved on) ends the watch without using it', () => {
    const w = received(startWatch(pyramid(), 0)!, a('done', 'unwinnable', 4));
    expect(w.stopped).toBe(true);
    expect(w.analysis).toBeNull();
    expect(provenUnwinnable(pyramid(), w)).toBe(false);
  });

  test('the next action cancels: a watch for an older version says nothing about the new one', () => {
    const w = received(startWatch(pyramid(), 0)!, a('pending'));
    expect(checking(w, pyramid({ version: 4 }))).toBe(false);
    const done = received(startWatch(pyramid(), 0)!, a('done', 'unwinnable'));
    expect(provenUnwinnable(pyramid({ version: 4 }), done)).toBe(false);
  });

  test('a seed (the hint answer) is taken like a first answer', () => {
    expect(startWatch(pyramid(), 0, a('pending'))!.analysis?.state).toBe('pending');
    expect(startWatch(pyramid(), 0, a('done', 'winnable'))!.stopped).toBe(true);
  });
});

describe('honesty: unwinnable only from a finished proof', () => {
  test('verdict unwinnable or the notice; nothing else', () => {
    const w = (x: Analysis) => received(startWatch(pyramid(), 0)!, x);
    expect(provenUnwinnable(pyramid(), w(a('done', 'unwinnable')))).toBe(true);
    expect(provenUnwinnable(pyramid(), w(a('done', 'winnable')))).toBe(false);
    expect(provenUnwinnable(pyramid(), w(a('timeout')))).toBe(false);
    expect(provenUnwinnable(pyramid(), w(a('unavailable')))).toBe(false);
    expect(provenUnwinnable(pyramid(), w(a('pending')))).toBe(false);
    expect(provenUnwinnable(pyramid(), w(a('not_applicable')))).toBe(false);
    expect(provenUnwinnable(pyramid({ notices: ['unwinnable'] }), null)).toBe(true);
    expect(provenUnwinnable(pyramid({ notices: ['stuck'] }), null)).toBe(false);
    expect(provenUnwinnable(pyramid({ notices: ['unwinnable'], status: 'resigned' }), null)).toBe(false);
  });

  test('which panel: no move at all first, then the proof', () => {
    expect(deadEndKind(pyramid({ notices: ['stuck', 'unwinnable'] }), null)).toBe('stuck');
    expect(deadEndKind(gaps({ notices: ['unwinnable'] }), null)).toBe('unwinnable');
    expect(deadEndKind(forty(), null)).toBeNull();
  });

  test("the SPEC's exits per game", () => {
    expect(deadEndExits('pyramid', 'unwinnable')).toEqual(['undo', 'hint', 'replay', 'new']);
    expect(deadEndExits('forty-thieves', 'unwinnable')).toEqual(['undo', 'resign', 'replay']);
    expect(deadEndExits('gaps', 'unwinnable')).toEqual(['undo', 'replay', 'new']);
    expect(deadEndExits('forty-thieves', 'stuck')).toEqual(['undo', 'replay', 'new']);
  });

  test('the hint area while pending, in both languages', () => {
    expect(translate('en', 'analysis.checking')).toBe('Checking whether this can still be won…');
    expect(translate('ja', 'analysis.checking')).toBe('解けるか計算中…');
    expect(translate('ja', 'notice.unwinnable')).toContain('この局面からはもう解けません');
  });
});

describe('hint → highlighted spots and text', () => {
  test('a move lights up its places', () => {
    expect(readHint(pyramid(), { move: { type: 'king', at: 'p21' } })).toEqual({ move: { type: 'king', at: 'p21' }, spots: ['p21'], text: 'hint.move' });
    expect(readHint(pyramid(), { move: { type: 'pair', a: 'p23', b: 'stock' } }).spots).toEqual(['p23', 'stock']);
    expect(readHint(gaps(), { move: { type: 'move', card: '3S', to: 'r1c6' } }).spots).toEqual(['r0c12', 'r1c6']);
    expect(readHint(forty(), { move: { type: 'move', from: 'waste', to: 't3' } }).spots).toEqual(['waste', 't3']);
  });
  test('draw: "draw a card" and the stock glows', () => {
    expect(readHint(pyramid(), { action: 'draw' })).toEqual({ move: { type: 'draw' }, spots: ['stock'], text: 'hint.draw' });
    expect(readHint(forty(), { move: { type: 'draw' } }).text).toBe('hint.draw');
  });
  test('pile actions and nothing to do', () => {
    expect(readHint(pyramid(), { move: { type: 'recycle' } }).text).toBe('hint.recycle');
    expect(readHint(gaps(), { move: { type: 'redeal' } }).text).toBe('hint.redeal');
    expect(readHint(forty(), { move: { type: 'collect' } }).text).toBe('hint.collect');
    expect(readHint(pyramid(), null)).toEqual({ move: null, spots: [], text: 'hint.none' });
    expect(translate('en', 'hint.none')).toContain('Nothing to do');
  });
});
