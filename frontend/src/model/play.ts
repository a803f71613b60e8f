// The vocabulary of play shared by the shell and every game: a selection, a lit target, what a
// tap means, and the ways out of a dead end. The server's `legal_moves` are the only source of
// legality; an illegal tap is still submitted so that the server's reason is what the player
// reads.
import type { Move } from './types';

/** A selected place: a location (`p12`, `stock`, `r1c5`, `t3`, `waste`) and, for games that
 *  lift runs, how many cards are lifted from its top. */
export interface Selection {
  loc: string;
  count: number;
}

export interface Target {
  loc: string; // what lights up: `p20`, `r1c5`, `t4`, `foundation`, …
  move: Move;
  recommended: boolean;
}

export type Outcome =
  | { kind: 'select'; selection: Selection }
  | { kind: 'clear' }
  | { kind: 'submit'; move: Move; legal: boolean }
  /** refused without asking (a request the server would not even parse), with its reason */
  | { kind: 'refuse'; reason: string; max?: number }
  | { kind: 'none' };

export const SELECT = (loc: string, count = 1): Outcome => ({ kind: 'select', selection: { loc, count } });
export const SUBMIT = (move: Move, legal: boolean): Outcome => ({ kind: 'submit', move, legal });
export const CLEAR: Outcome = { kind: 'clear' };
export const NONE: Outcome = { kind: 'none' };

/** Whether `loc` is lit, and whether it is the recommended destination. */
export function targetInfo(targets: Target[], loc: string): { target: boolean; recommended: boolean } {
  const hits = targets.filter((x) => x.loc === loc);
  return { target: hits.length > 0, recommended: hits.some((x) => x.recommended) };
}

/** No legal move at all, or a finished proof that the position cannot be won. */
export type DeadEndKind = 'stuck' | 'unwinnable';
/** A way out of a dead end (SPEC §2–§5), offered as a button of the dead-end panel. */
export type Exit = 'undo' | 'hint' | 'resign' | 'replay' | 'new' | 'rewind';
