// A hint answer → what the table shows: the spots to highlight and the line in the hint area.
import type { Hint } from '../api/client';
import type { Key } from '../i18n';
import type { GameView, Move } from '../model/types';
import { moveSpots } from './select';

export interface ShownHint {
  move: Move | null;
  /** Locations to highlight (`moveSpots`), `stock` for a draw. */
  spots: string[];
  text: Key;
}

export function readHint(view: GameView, hint: Hint | null): ShownHint {
  const move: Move | null = hint?.move ?? (hint?.action === 'draw' ? { type: 'draw' } : null);
  if (!move) return { move: null, spots: [], text: 'hint.none' };
  const spots = moveSpots(view, move);
  const text: Key = move.type === 'draw' ? 'hint.draw'
    : move.type === 'recycle' ? 'hint.recycle'
      : move.type === 'redeal' ? 'hint.redeal'
        : move.type === 'collect' ? 'hint.collect'
          : 'hint.move';
  return { move, spots, text };
}
