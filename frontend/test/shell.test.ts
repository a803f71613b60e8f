import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../src/app/settings';
import { initialState, reduce } from '../src/app/state';
import { gameModule } from '../src/games';
import { GAME_NAMES } from '../src/model/types';
import { forty, gaps, pyramid } from './fixtures';

describe('the shell', () => {
  test('names no game: every game-specific answer comes from the game modules', () => {
    const dir = resolve(__dirname, '../src/app');
    for (const f of readdirSync(dir)) {
      const text = readFileSync(resolve(dir, f), 'utf8');
      expect(text, f).not.toMatch(/'(pyramid|gaps|forty-thieves)'/);
    }
  });

  test('every game registers a complete module', () => {
    for (const g of GAME_NAMES) {
      const m = gameModule(g);
      expect(m.game).toBe(g);
      for (const fn of [m.targets, m.tap, m.moveSpots, m.selectionName, m.status, m.pileActions, m.keyMove])
        expect(typeof fn).toBe('function');
      expect(m.Board).toBeTypeOf('function');
      expect(m.unwinnableExits.length).toBeGreaterThan(0);
    }
  });

  test('status lines and pile buttons per game', () => {
    const t = (k: string, p?: Record<string, unknown>) => `${k}${p ? JSON.stringify(p) : ''}`;
    expect(gameModule('pyramid').status(pyramid(), t as never)[0]).toBe('status.removed{"n":0}');
    expect(
      gameModule('gaps')
        .pileActions(gaps())
        .map((p) => p.move.type),
    ).toEqual(['redeal']);
    expect(
      gameModule('forty-thieves')
        .pileActions(forty())
        .map((p) => p.move.type),
    ).toEqual(['draw']);
    expect(gameModule('gaps').keyMove(gaps(), 'draw')).toBeNull();
  });
});

describe('the state reducer', () => {
  test('the same announcement twice still changes the live region', () => {
    let s = reduce(initialState('en', DEFAULT_SETTINGS), { type: 'announce', text: 'Moved' });
    s = reduce(s, { type: 'announce', text: 'Moved' });
    expect(s.live).toBe('Moved\u00a0');
  });
  test('a fresh deal clears the selection, hint, dialog and hidden result', () => {
    let s = initialState('en', DEFAULT_SETTINGS);
    s = reduce(s, { type: 'select', sel: { loc: 'p1', count: 1 } });
    s = reduce(s, { type: 'dialog', dialog: 'rules' });
    s = reduce(s, { type: 'hideResult', hide: true });
    s = reduce(s, { type: 'fresh' });
    expect([s.sel, s.dialog, s.hint, s.hideResult]).toEqual([null, null, null, false]);
  });
  test('busy counts calls in flight', () => {
    let s = reduce(initialState('en', DEFAULT_SETTINGS), { type: 'busy', delta: 1 });
    s = reduce(s, { type: 'busy', delta: 1 });
    s = reduce(s, { type: 'busy', delta: -1 });
    expect(s.busy).toBe(1);
  });
});
