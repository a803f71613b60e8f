// How many of deals 1-1,000 of each ruleset can be won: the table of
// docs/solvers/winnability.json, written with this file by
// `python -m bench.winnability` (do not edit by hand; test/winnability.test.ts holds the two equal).
import type { GameName } from './types';

export interface Winnability {
  game: GameName;
  ruleset: string;
  /** The deal numbers solved, `first-last`. */
  deals: string;
  /** The CPU seconds of one core each deal was given (or the several used). */
  cpuSecondsPerDeal: number | number[];
  wins: number;
  losses: number;
  undecided: number;
  /** 95 %: Wilson's low end with the undecided lost, its high end with them won. */
  interval95: [number, number];
  /** The interval's midpoint. */
  estimate: number;
}

export const WINNABILITY: readonly Winnability[] = [
  {
    game: 'pyramid',
    ruleset: 'standard',
    deals: '1-1000',
    cpuSecondsPerDeal: 10,
    wins: 679,
    losses: 321,
    undecided: 0,
    interval95: [0.6494, 0.7072],
    estimate: 0.6783,
  },
  {
    game: 'gaps',
    ruleset: 'redeals-0',
    deals: '1-1000',
    cpuSecondsPerDeal: 0.5,
    wins: 352,
    losses: 25,
    undecided: 623,
    interval95: [0.323, 0.983],
    estimate: 0.653,
  },
  {
    game: 'gaps',
    ruleset: 'redeals-1',
    deals: '1-1000',
    cpuSecondsPerDeal: 10,
    wins: 993,
    losses: 0,
    undecided: 7,
    interval95: [0.9856, 1],
    estimate: 0.9928,
  },
  {
    game: 'gaps',
    ruleset: 'redeals-2',
    deals: '1-1000',
    cpuSecondsPerDeal: 10,
    wins: 1000,
    losses: 0,
    undecided: 0,
    interval95: [0.9962, 1],
    estimate: 0.9981,
  },
  {
    game: 'gaps',
    ruleset: 'redeals-unlimited',
    deals: '1-1000',
    cpuSecondsPerDeal: 10,
    wins: 1000,
    losses: 0,
    undecided: 0,
    interval95: [0.9962, 1],
    estimate: 0.9981,
  },
  {
    game: 'gaps',
    ruleset: 'redeals-1-aces',
    deals: '1-1000',
    cpuSecondsPerDeal: 1,
    wins: 959,
    losses: 0,
    undecided: 41,
    interval95: [0.9449, 1],
    estimate: 0.9724,
  },
  {
    game: 'gaps',
    ruleset: 'redeals-2-aces',
    deals: '1-1000',
    cpuSecondsPerDeal: 10,
    wins: 1000,
    losses: 0,
    undecided: 0,
    interval95: [0.9962, 1],
    estimate: 0.9981,
  },
  {
    game: 'gaps',
    ruleset: 'redeals-unlimited-aces',
    deals: '1-1000',
    cpuSecondsPerDeal: 10,
    wins: 1000,
    losses: 0,
    undecided: 0,
    interval95: [0.9962, 1],
    estimate: 0.9981,
  },
  {
    game: 'forty-thieves',
    ruleset: 'classic',
    deals: '1-1000',
    cpuSecondsPerDeal: 0.1,
    wins: 68,
    losses: 1,
    undecided: 931,
    interval95: [0.054, 0.9998],
    estimate: 0.5269,
  },
  {
    game: 'forty-thieves',
    ruleset: 'relaxed',
    deals: '1-1000',
    cpuSecondsPerDeal: 1,
    wins: 955,
    losses: 0,
    undecided: 45,
    interval95: [0.9403, 1],
    estimate: 0.9702,
  },
];

/** The rows of one game, in the table's order. */
export const winnabilityOf = (game: GameName): Winnability[] => WINNABILITY.filter((w) => w.game === game);
