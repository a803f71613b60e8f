// The registry: one module per game. The shell finds a game's module here and names no game.
import type { GameName, GameView } from '../model/types';
import { fortyThieves } from './forty-thieves';
import { gaps } from './gaps';
import { pyramid } from './pyramid';
import type { GameModule } from './types';

type Registry = { [G in GameName]: GameModule<Extract<GameView, { game: G }>> };

const GAMES: Registry = { pyramid, gaps, 'forty-thieves': fortyThieves };

/** The module of a game by name (for a view, `moduleOf` keeps the view's type with it). */
export function gameModule(game: GameName): GameModule {
  // A module takes only views of its own game; `moduleOf` pairs them, so this widening is safe.
  return GAMES[game] as unknown as GameModule;
}

export const moduleOf = (view: GameView): GameModule => gameModule(view.game);
