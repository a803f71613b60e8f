// The vocabulary of interaction shared by every game: a selection, a lit target, and what a
// tap means. The server's `legal_moves` are the only source of legality; an illegal tap is
// still submitted so that the server's reason is what the player reads.
import type { Move } from '../model/types';

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
