import { describe, expect, test } from 'vitest';
import type { Analysis } from '../src/api/client';
import { translate } from '../src/i18n';
import {
  CHECKING_AFTER_MS,
  FIRST_POLL_MS,
  POLL_LIMIT_MS,
  POLL_MS,
  checking,
  deadEndExits,
  deadEndKind,
  giveUp,
  nextPoll,
  provenUnwinnable,
  received,
  startWatch,
} from '../src/state/analysis';
import { hintLine, readHint, reasonKey } from '../src/state/hint';
import { gameModule, translatorFor } from '../src/games';
import { forty, gaps, pyramid } from './fixtures';
import type { GameName } from '../src/model/types';

const a = (state: Analysis['state'], verdict: Analysis['verdict'] = null, version = 3): Analysis => ({
  version,
  state,
  verdict,
  reason: '',
});

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

  test('"checking…" only once the search has taken a noticeable time (no flash after ordinary moves)', () => {
    const w = received(startWatch(pyramid(), 1000)!, a('pending'));
    expect(checking(w, pyramid(), 1300)).toBe(false);
    expect(checking(w, pyramid(), 1000 + CHECKING_AFTER_MS)).toBe(true);
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
    expect(readHint(pyramid(), { move: { type: 'king', at: 'p21' } })).toEqual({
      move: { type: 'king', at: 'p21' },
      spots: ['p21'],
      text: 'hint.move',
      reason: null,
      searched: false,
    });
    expect(readHint(pyramid(), { move: { type: 'pair', a: 'p23', b: 'stock' } }).spots).toEqual([
      'p23',
      'stock',
    ]);
    expect(readHint(gaps(), { move: { type: 'move', card: '3S', to: 'r1c6' } }).spots).toEqual([
      'r0c12',
      'r1c6',
    ]);
    expect(readHint(forty(), { move: { type: 'move', from: 'waste', to: 't3' } }).spots).toEqual([
      'waste',
      't3',
    ]);
  });
  test('draw: "draw a card" and the stock glows', () => {
    expect(readHint(pyramid(), { action: 'draw' })).toEqual({
      move: { type: 'draw' },
      spots: ['stock'],
      text: 'hint.draw',
      reason: null,
      searched: false,
    });
    expect(readHint(forty(), { move: { type: 'draw' } }).text).toBe('hint.draw');
  });
  test('pile actions and nothing to do', () => {
    const recycle = pyramid({ legal_moves: [{ type: 'recycle' }] });
    expect(readHint(recycle, { move: { type: 'recycle' } }).text).toBe('hint.recycle');
    expect(readHint(gaps(), { move: { type: 'redeal' } }).text).toBe('hint.redeal');
    const collect = forty({ legal_moves: [{ type: 'collect' }] });
    expect(readHint(collect, { move: { type: 'collect' } }).text).toBe('hint.collect');
    // A hint is taken only as one of the position's legal moves.
    expect(readHint(pyramid(), { move: { type: 'recycle' } }).text).toBe('hint.none');
    expect(readHint(pyramid(), null)).toEqual({
      move: null,
      spots: [],
      text: 'hint.none',
      reason: null,
      searched: false,
    });
    expect(translate('en', 'hint.none')).toContain('Nothing to do');
  });
  test('the reason code in words; an unknown code gets a generic line', () => {
    expect(readHint(pyramid(), { move: { type: 'king', at: 'p21' }, reason: 'removes_king' }).reason).toBe(
      'removes_king',
    );
    const ja = translatorFor('ja');
    expect(reasonKey(ja, 'pyramid', 'completes_pair')).toBe('pyramid.why.completes_pair');
    expect(ja(reasonKey(ja, 'pyramid', 'completes_pair')!)).toBe('ペアが完成する');
    expect(reasonKey(ja, 'pyramid', 'draw')).toBe('why.draw');
    expect(reasonKey(ja, 'pyramid', 'some_new_code')).toBe('why.generic');
    expect(reasonKey(ja, 'gaps', 'completes_pair')).toBe('why.generic');
    expect(reasonKey(ja, 'pyramid', null)).toBeNull();
  });
  test('the move in words, per game, in both languages', () => {
    const en = translatorFor('en');
    const ja = translatorFor('ja');
    expect(gameModule('gaps').say(gaps(), { type: 'move', card: '3S', to: 'r1c6' }, en)).toBe(
      'put the 3♠ in the gap after the 2♠',
    );
    expect(gameModule('gaps').say(gaps(), { type: 'move', card: '2D', to: 'r3c0' }, en)).toBe(
      'put the 2♦ in the gap at the start of row 4',
    );
    expect(gameModule('gaps').say(gaps(), { type: 'move', card: '3S', to: 'r1c6' }, ja)).toBe(
      '3♠を2♠の右の空きへ',
    );
    expect(gameModule('pyramid').say(pyramid(), { type: 'pair', a: 'p23', b: 'stock' }, en)).toBe(
      'pair the 10♦ with the 3♠',
    );
    expect(gameModule('pyramid').say(pyramid(), { type: 'king', at: 'p21' }, ja)).toBe('K♠を取り除く');
    expect(gameModule('forty-thieves').say(forty(), { type: 'move', from: 'waste', to: 't3' }, en)).toBe(
      'move the 8♥ from the waste onto the 9♥ in column 4',
    );
    expect(
      gameModule('forty-thieves').say(forty(), { type: 'move', from: 't0', to: 't1', count: 2 }, en),
    ).toBe('move 2 cards (8♠ down to 7♠) from column 1 onto the 10♠ in column 2');
    expect(gameModule('forty-thieves').say(forty(), { type: 'move', from: 't5', to: 'foundation' }, en)).toBe(
      'move the A♣ from column 6 to a foundation',
    );
    expect(gameModule('forty-thieves').say(forty(), { type: 'move', from: 't0', to: 't2' }, ja)).toBe(
      '7♠を1列目から空いた3列目へ',
    );
  });
});

describe('hint reasons of the server', () => {
  // The codes each game's hints give (backend/patience/solver/hints/<game>.py).
  const codes: Record<GameName, string[]> = {
    pyramid: ['completes_pair', 'removes_king', 'draw_nothing_pairs', 'draw', 'recycle'],
    gaps: ['extends_run', 'fills_gap', 'redeal'],
    'forty-thieves': ['frees_card', 'to_foundation', 'builds', 'empties_column', 'collect', 'draw', 'redeal'],
  };
  test('every code has its own words in both languages', () => {
    const [en, ja] = [translatorFor('en'), translatorFor('ja')];
    for (const [game, cs] of Object.entries(codes) as [GameName, string[]][]) {
      for (const c of cs) {
        const key = reasonKey(en, game, c)!;
        expect(key).not.toBe('why.generic');
        expect(en(key)).not.toBe(key);
        expect(ja(key)).not.toBe(en(key));
      }
    }
  });
  test('the live line carries the move, the reason and the search', () => {
    const shown = readHint(pyramid(), {
      move: { type: 'king', at: 'p21' },
      reason: 'removes_king',
      searched: true,
    });
    const en = translatorFor('en');
    expect(hintLine(shown, 'pyramid', (m) => gameModule('pyramid').say(pyramid(), m, en), en)).toBe(
      'Hint: remove the K♠ — removes a king — checked by a full search',
    );
  });
});
