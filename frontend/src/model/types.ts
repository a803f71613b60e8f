// Typed shapes of what the server sends. The generated OpenAPI types describe the GameView
// envelope; the per-game `board` and the moves are open objects there, so they are narrowed
// here from API.md. Nothing in this file knows a rule of any game.
import type { components } from '../api/schema';

export type GameName = 'pyramid' | 'gaps' | 'forty-thieves';
export const GAME_NAMES: readonly GameName[] = ['pyramid', 'gaps', 'forty-thieves'];

export type Card = string; // "QH", "TD" (SPEC notation)

export interface PyramidBoard {
  pyramid: (Card | null)[];
  available: string[];
  stock: { count: number; top: Card | null };
  waste: { count: number; top: Card | null };
  pass: number;
  max_passes: number;
  removed: number;
}

export interface GapsBoard {
  grid: (Card | null)[][];
  redeals_left: number | 'unlimited';
  fits?: Record<string, Card[]>;
}

export interface Foundation {
  suit: string | null;
  top: Card | null;
  count: number;
}

export interface FortyThievesBoard {
  tableau: Card[][];
  foundations: Foundation[];
  stock: { count: number };
  waste: { count: number; cards: Card[] };
  redeals_left: number;
  max_run: { to_card: number; to_empty: number };
  can_collect: boolean;
}

export type Move =
  | { type: 'pair'; a: string; b: string }
  | { type: 'king'; at: string }
  | { type: 'draw' }
  | { type: 'recycle' }
  | { type: 'redeal' }
  | { type: 'collect' }
  | { type: 'move'; card: Card; to: string } // gaps
  | { type: 'move'; from: string; to: string; count?: number }; // forty thieves

export type GapsMove = { type: 'move'; card: Card; to: string };
export type FtMove = { type: 'move'; from: string; to: string; count?: number };

export interface GameEvent {
  type: string;
  card?: Card;
  cards?: Card[];
  from?: string | string[];
  to?: string;
  count?: number;
}

export type ApiGameView = components['schemas']['GameView'];
export type ApiResult = components['schemas']['Result'];

export interface Result {
  moves: number;
  elapsed_ms: number;
  undos: number;
  hints: number;
  removed?: number | null;
  personal_best?: { previous: number | null; improved: boolean } | null;
}

interface ViewBase extends Omit<ApiGameView, 'board' | 'legal_moves' | 'game' | 'result'> {
  legal_moves: Move[];
  result: Result | null;
  events?: GameEvent[];
}
export interface PyramidView extends ViewBase { game: 'pyramid'; board: PyramidBoard }
export interface GapsView extends ViewBase { game: 'gaps'; board: GapsBoard }
export interface FortyThievesView extends ViewBase { game: 'forty-thieves'; board: FortyThievesBoard }
export type GameView = PyramidView | GapsView | FortyThievesView;

/** A game whose clock is paused: the server hides the board and the legal moves until it runs
 *  again (API.md, "clock"). The rest of the view is as usual. */
export interface PausedView extends Omit<ViewBase, 'legal_moves'> { game: GameName; board: null; legal_moves: [] }

/** What the server sends: a playable view or a paused one. */
export type ServerView = GameView | PausedView;

export const isPaused = (v: ServerView): v is PausedView => v.board === null;

/** Narrow a server GameView (open `board`) to the per-game shape. */
export function asGameView(v: ApiGameView & { events?: unknown }): ServerView {
  return v as unknown as ServerView;
}

export function sameMove(a: Move, b: Move): boolean {
  const ka = Object.keys(a).filter((k) => k !== 'count' || (a as Record<string, unknown>)[k] !== 1);
  const kb = Object.keys(b).filter((k) => k !== 'count' || (b as Record<string, unknown>)[k] !== 1);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => ra[k] === rb[k]);
}

/** Parse a deal ID such as "forty-thieves-9001". */
export function parseDealId(id: string): { game: GameName; deal: number } | null {
  const m = /^(pyramid|gaps|forty-thieves)-(\d{1,10})$/.exec(id);
  if (!m) return null;
  const deal = Number(m[2]);
  if (!Number.isSafeInteger(deal) || deal < 1 || deal > 2 ** 32 - 1) return null;
  return { game: m[1] as GameName, deal };
}
