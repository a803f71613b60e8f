// A hint answer → what the table shows: the spots to highlight and the line in the hint area.
import type { Hint } from '../api/client';
import { known, type GameKey, type Key, type T } from '../i18n';
import { en } from '../i18n/strings';
import { legalMove, type GameName, type GameView, type Move } from '../model/types';
import { moveSpots } from './select';

export interface ShownHint {
  move: Move | null;
  /** Locations to highlight (`moveSpots`), `stock` for a draw. */
  spots: string[];
  text: Key;
  /** the server's reason code (`completes_pair`, …), when it gives one */
  reason: string | null;
  /** the worker's full search found it (rather than the quick advice), when the server says */
  searched: boolean;
}

export function readHint(view: GameView, hint: Hint | null): ShownHint {
  const draw = hint?.action === 'draw' ? view.legal_moves.find((m) => m.type === 'draw') : undefined;
  const move: Move | null = legalMove(view, hint?.move) ?? draw ?? null;
  const reason = hint?.reason ?? null;
  const searched = hint?.searched === true;
  if (!move) return { move: null, spots: [], text: 'hint.none', reason, searched };
  const spots = moveSpots(view, move);
  const text: Key =
    move.type === 'draw'
      ? 'hint.draw'
      : move.type === 'recycle'
        ? 'hint.recycle'
        : move.type === 'redeal'
          ? 'hint.redeal'
          : move.type === 'collect'
            ? 'hint.collect'
            : 'hint.move';
  return { move, spots, text, reason, searched };
}

/** The hint as one line for the live region: the move, why, and whether a search checked it. */
export function hintLine(hint: ShownHint, game: GameName, say: (m: Move) => string, t: T): string {
  const parts = [hint.move ? t('hint.say', { move: say(hint.move) }) : t(hint.text)];
  const why = reasonKey(t, game, hint.reason);
  if (why) parts.push(t(why));
  if (hint.searched) parts.push(t('hint.searched'));
  return parts.join(' — ');
}

/** The words beside a reason code: the game's own (`<game>.why.<code>`, in its module's
 *  strings), else the shell's for the codes every game may give (draw, recycle, redeal); codes
 *  may grow, so an unknown one gets a generic line. */
export function reasonKey(t: T, game: GameName, reason: string | null): Key | GameKey | null {
  if (!reason) return null;
  const own: GameKey = `${game}.why.${reason}`;
  if (known(t, own)) return own;
  const key = `why.${reason}`;
  return (key in en ? key : 'why.generic') as Key;
}
