import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../src/app/settings';
import { initialState, reduce } from '../src/app/state';
import { GAME_NAMES, gameModule } from '../src/games';
import { forty, gaps, pyramid } from './fixtures';

describe('the shell', () => {
  test('only its own folder names a game: adding one touches nothing else', () => {
    const src = resolve(__dirname, '../src');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = resolve(dir, e.name);
        return e.isDirectory() ? files(p) : [p];
      });
    const own = (p: string) => GAME_NAMES.some((g) => p.startsWith(resolve(src, 'games', g) + '/'));
    // Also the winnability table: data generated from the docs' JSON, where a new game has no row.
    const generated = ['api/schema.d.ts', 'model/winnability.ts'];
    const allowed = (p: string) => own(p) || generated.some((end) => p.endsWith(end));
    const naming = files(src)
      .filter((p) => !allowed(p))
      .filter((p) =>
        /['"`](pyramid|gaps|forty-thieves)[.'"`-]|games\/(pyramid|gaps|forty-thieves)\//.test(
          readFileSync(p, 'utf8'),
        ),
      );
    expect(naming).toEqual([]);
    expect(files(src).filter(own).length).toBe(3 * GAME_NAMES.length);
  });
  test("a game's folder is three files: its module, its board and the board's style", () => {
    expect(GAME_NAMES.length).toBeGreaterThanOrEqual(3);
    for (const g of GAME_NAMES)
      expect(readdirSync(resolve(__dirname, '../src/games', g)).sort()).toEqual([
        'Board.tsx',
        'board.css',
        'index.ts',
      ]);
  });
  test("the registry lists the games in their modules' order", () => {
    expect(GAME_NAMES).toEqual(['pyramid', 'gaps', 'forty-thieves']);
    const orders = GAME_NAMES.map((g) => gameModule(g).order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
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
    expect(gameModule('pyramid').status(pyramid(), t as never)[0]).toBe('pyramid.status.removed{"n":0}');
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
  test('a new selection or a move replaces a refusal, not a notice', () => {
    const refused = { text: 'These two cards do not sum to 13', kind: 'error' as const, id: 1 };
    let s = reduce(initialState('en', DEFAULT_SETTINGS), { type: 'view', view: pyramid(), at: 0 });
    s = reduce(s, { type: 'toast', toast: refused });
    s = reduce(s, { type: 'select', sel: null });
    expect(s.toast).toEqual(refused);
    s = reduce(s, { type: 'select', sel: { loc: 'p1', count: 1 } });
    expect(s.toast).toBeNull();
    s = reduce(s, { type: 'toast', toast: refused });
    s = reduce(s, { type: 'view', view: pyramid({ version: 2 }), at: 1 });
    expect(s.toast).toBeNull();
    const copied = { text: 'Copied', kind: 'info' as const, id: 2 };
    s = reduce(s, { type: 'toast', toast: copied });
    s = reduce(s, { type: 'select', sel: { loc: 'p2', count: 1 } });
    expect(s.toast).toEqual(copied);
  });
  test('busy counts calls in flight', () => {
    let s = reduce(initialState('en', DEFAULT_SETTINGS), { type: 'busy', delta: 1 });
    s = reduce(s, { type: 'busy', delta: 1 });
    s = reduce(s, { type: 'busy', delta: -1 });
    expect(s.busy).toBe(1);
  });
});
