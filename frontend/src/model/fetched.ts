// Shapes of what the shell fetches for its panels, as the state holds them.
import type { components } from '../api/schema';

type S = components['schemas'];
type Par = S['Par'];

/** The worker's fair-play check of a win : `review` — its choices show knowledge of
 *  cards unseen when they were made, for an operator to decide; `pending` — not checked yet. */
export type FairPlay = S['Entry']['fair_play'];
/** A leaderboard entry: `game_id` is `null` for another player's win of an open ranked day (its
 *  replay would show the day's unseen cards). */
export type Entry = S['Entry'];
/** A deal's leaderboard; `open`: anyone can compute a numbered deal's cards. */
export type Leaderboard = S['Leaderboard'];
export type DailyBoard = S['DailyBoard'];
export type Best = S['Best'];

/** Something fetched when a panel needs it: not asked for (`null`), on its way, failed, or it. */
export type Loaded<X> = X | 'loading' | 'error' | null;

/** The leaderboard of the deal on the table, and its par once the game is over. */
export interface DealBoard {
  /** the deal, ruleset and status it was fetched for */
  key: string;
  entries: Loaded<Leaderboard>;
  par: Par | null;
}

/** A finished daily game's rank that day; `unranked` when it was not won on the day. */
export type DailyRank = { rank: number; of: number } | 'unranked';

/** A pasted record, checked by the server: its verdict, or where it could not be read (or the
 *  refusal: `deal_not_revealed`, a rate limit, the network). */
export type Checked =
  | { kind: 'verdict'; verdict: S['Verdict']; gameId: string | null }
  | { kind: 'refused'; reason: string; message: string; at: { line: number; column: number } | null };
