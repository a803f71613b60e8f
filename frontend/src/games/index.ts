// The registry: one module per game. The shell finds a game's module here and names no game;
// the list of games, deal IDs and the translator that knows every game's strings come from it.
// A game's folder registers itself: every `./<game>/index.ts` that exports a `GameModule` is
// found at build time (`import.meta.glob`), so a new game needs no line here or anywhere else.
import { translator, type Lang, type T } from '../i18n';
import type { GameName, GameView } from '../model/types';
import type { GameModule } from './types';

const GAMES = new Map<GameName, GameModule>();
const translators = new Map<Lang, T>();

/** Every game, in the order the home page shows them (by each module's `order`). */
export const GAME_NAMES: GameName[] = [];

/** Add a game to the registry: the folders below come through here, and so may a test's game. */
export function registerGame<V extends GameView>(module: GameModule<V>): void {
  // A module takes only views of its own game; `moduleOf` pairs them, so this widening is safe.
  GAMES.set(module.game, module as unknown as GameModule);
  const names = [...GAMES.values()].sort((a, b) => a.order - b.order || a.game.localeCompare(b.game));
  GAME_NAMES.splice(0, GAME_NAMES.length, ...names.map((m) => m.game));
  translators.clear();
}

const isModule = (x: unknown): x is GameModule =>
  typeof x === 'object' && x !== null && 'game' in x && 'Board' in x && 'tap' in x;

// Eager, as the modules were when each had its import line: the board is needed on the first
// screen, and the home page's pictures and names come from every module.
for (const exports of Object.values(import.meta.glob('./*/index.ts', { eager: true }))) {
  for (const x of Object.values(exports as Record<string, unknown>)) if (isModule(x)) registerGame(x);
}

export const isGameName = (x: unknown): x is GameName => GAME_NAMES.some((g) => g === x);

/** The module of a game by name (for a view, `moduleOf` keeps the view's type with it). */
export function gameModule(game: GameName): GameModule {
  const module = GAMES.get(game);
  if (!module) throw new Error(`no game module for ${game}`);
  return module;
}

export const moduleOf = (view: GameView): GameModule => gameModule(view.game);

/** The translator of `lang` over the shell's strings and every game's. */
export function translatorFor(lang: Lang): T {
  let t = translators.get(lang);
  if (!t) {
    t = translator(
      lang,
      GAME_NAMES.map((g) => gameModule(g).strings),
    );
    translators.set(lang, t);
  }
  return t;
}

/** A deal a deal ID names: a numbered deal, or a day's ranked daily (`daily`: its date). */
export type DealRef =
  { game: GameName; deal: number; daily: null } | { game: GameName; deal: null; daily: string };

/** Parse a deal ID: "<game>-<deal>" (forty-thieves-9001) or "<game>-daily-<date>" (pyramid-daily-2026-12-01). */
export function parseDealId(id: string): DealRef | null {
  const daily = /^([a-z][a-z-]*)-daily-(\d{4}-\d{2}-\d{2})$/.exec(id);
  if (daily) {
    const game = daily[1];
    return isGameName(game) && !Number.isNaN(Date.parse(daily[2]!))
      ? { game, deal: null, daily: daily[2]! }
      : null;
  }
  const m = /^([a-z][a-z-]*)-(\d{1,10})$/.exec(id);
  const game = m?.[1];
  if (!m || !isGameName(game)) return null;
  const deal = Number(m[2]);
  if (!Number.isSafeInteger(deal) || deal < 1 || deal > 2 ** 32 - 1) return null;
  return { game, deal, daily: null };
}
