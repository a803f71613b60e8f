// Shapes of what the shell fetches for its panels, as the state holds them.
import type { components } from '../api/schema';

type Leaderboard = components['schemas']['Leaderboard'];
type Par = components['schemas']['Par'];

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
