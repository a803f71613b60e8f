// The registry: one module per game. The shell finds a game's module here and names no game;
// the list of games, deal IDs and the translator that knows every game's strings come from it.
import { translator, type Lang, type T } from '../i18n';
import type { GameName, GameView } from '../model/types';
import { fortyThieves } from './forty-thieves';
import { gaps } from './gaps';
import { pyramid } from './pyramid';
import type { GameModule } from './types';

type Registry = { [G in GameName]: GameModule<Extract<GameView, { game: G }>> };

const GAMES: Registry = { pyramid, gaps, 'forty-thieves': fortyThieves };

/** Every game, in the order the home page shows them. */
export const GAME_NAMES = Object.keys(GAMES) as GameName[];

export const isGameName = (x: unknown): x is GameName => GAME_NAMES.some((g) => g === x);

/** The module of a game by name (for a view, `moduleOf` keeps the view's type with it). */
export function gameModule(game: GameName): GameModule {
  // A module takes only views of its own game; `moduleOf` pairs them, so this widening is safe.
  return GAMES[game] as unknown as GameModule;
}

export const moduleOf = (view: GameView): GameModule => gameModule(view.game);

const translators = new Map<Lang, T>();

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

/** Parse a deal ID such as "forty-thieves-9001" or "pyramid-daily-2026-12-01". */
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
