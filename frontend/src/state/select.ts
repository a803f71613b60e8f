// Interaction as pure functions over (server view, selection), for any game: each game's
// module (src/games/<game>) holds its own rules of the table; this facade dispatches by game.
import { moduleOf } from '../games';
import type { GameView, Move } from '../model/types';
import type { Outcome, Selection, Target } from '../model/play';

export type { Outcome, Selection, Target } from '../model/play';

export function targets(view: GameView, sel: Selection | null): Target[] {
  if (!sel || view.status !== 'playing') return [];
  return moduleOf(view).targets(view, sel);
}

/** What tapping `loc` does (nothing once the game is over). */
export function tap(view: GameView, sel: Selection | null, loc: string): Outcome {
  if (view.status !== 'playing') return { kind: 'none' };
  return moduleOf(view).tap(view, sel, loc);
}

/** The places a move involves, to highlight a hint: `p3`, `stock`, `r1c5`, `t4`, `foundation`. */
export function moveSpots(view: GameView, move: Move): string[] {
  return moduleOf(view).moveSpots(view, move);
}
