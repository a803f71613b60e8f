// Typed shapes of what the server sends, from the generated OpenAPI types (`npm run gen:api`):
// each game's Board and Move schemas, its GameView. The few checks here turn the server's
// answer into the client's view: a paused view (no board), a finished result, typed events.
// Nothing in this file knows a rule of any game.
import type { components } from '../api/schema';

type S = components['schemas'];

export type GameName = 'pyramid' | 'gaps' | 'forty-thieves';
export const GAME_NAMES: readonly GameName[] = ['pyramid', 'gaps', 'forty-thieves'];

export type Card = string; // "QH", "TD" (SPEC notation)

export type PyramidBoard = S['PyramidBoard'];
export type GapsBoard = S['GapsBoard'];
export type FortyThievesBoard = S['FortyThievesBoard'];
export type Foundation = S['Foundation'];

export type PyramidMove = S['PyramidMove'];
/** A Gaps move or redeal. */
export type GapsAnyMove = S['GapsMove'];
/** A card into a gap. */
export type GapsMove = S['GapsPlace'];
export type FortyThievesMove = S['FortyThievesMove'];
/** A card or a run from a column or the waste. */
export type FtMove = S['FortyThievesCardMove'];
export type Move = PyramidMove | GapsAnyMove | FortyThievesMove;

export type Result = S['Result'];
export type Par = S['Par'];

/** One thing a move did (the schema leaves events open; `readEvent` keeps the typed fields). */
export interface GameEvent {
  type: string;
  card?: Card;
  cards?: Card[];
  from?: string | string[];
  to?: string;
  count?: number;
}

type ApiView = S['GameView'] | S['MoveResult'];
type Shown<V extends ApiView, B> = Omit<V, 'board' | 'result' | 'events'> & {
  board: B;
  result: Result | null;
  events?: GameEvent[];
};

export type PyramidView = Shown<S['PyramidGameView'], PyramidBoard>;
export type GapsView = Shown<S['GapsGameView'], GapsBoard>;
export type FortyThievesView = Shown<S['FortyThievesGameView'], FortyThievesBoard>;
export type GameView = PyramidView | GapsView | FortyThievesView;

/** A game whose clock is paused: the server hides the board and the legal moves until it runs
 *  again (API.md, "clock"). The rest of the view is as usual. */
export type PausedView = Omit<GameView, 'board' | 'legal_moves' | 'game'> & {
  game: GameName;
  board: null;
  legal_moves: [];
};

/** What the server sends: a playable view or a paused one. */
export type ServerView = GameView | PausedView;

export const isPaused = (v: ServerView): v is PausedView => v.board === null;

/** The schema gives an absent board or result as "null or an empty object": a filled one has keys. */
function filled<B extends object>(x: B | Record<string, never> | null | undefined): x is B {
  return !!x && Object.keys(x).length > 0;
}

const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
const strs = (x: unknown): string[] | undefined =>
  Array.isArray(x) ? x.filter((c): c is string => typeof c === 'string') : undefined;

export function readEvent(e: Record<string, unknown>): GameEvent {
  const from = typeof e.from === 'string' ? e.from : strs(e.from);
  const ev: GameEvent = { type: str(e.type) ?? '' };
  const card = str(e.card);
  const cards = strs(e.cards);
  const to = str(e.to);
  if (card !== undefined) ev.card = card;
  if (cards !== undefined) ev.cards = cards;
  if (from !== undefined) ev.from = from;
  if (to !== undefined) ev.to = to;
  if (typeof e.count === 'number') ev.count = e.count;
  return ev;
}

/** The server's GameView (or a move's answer with its events) as the client's view. */
export function toView(v: ApiView): ServerView {
  const result = filled(v.result) ? v.result : null;
  const events = 'events' in v ? v.events.map(readEvent) : undefined;
  const extra = { result, events };
  switch (v.game) {
    case 'pyramid':
      return filled(v.board)
        ? { ...v, ...extra, board: v.board }
        : { ...v, ...extra, board: null, legal_moves: [] };
    case 'gaps':
      return filled(v.board)
        ? { ...v, ...extra, board: v.board }
        : { ...v, ...extra, board: null, legal_moves: [] };
    default:
      return filled(v.board)
        ? { ...v, ...extra, board: v.board }
        : { ...v, ...extra, board: null, legal_moves: [] };
  }
}

/** A deal's par from a field the schema gives as "par, null or an empty object". */
export function readPar(x: Par | Record<string, never> | null | undefined): Par | null {
  return x && typeof x.moves === 'number' && typeof x.proven === 'boolean'
    ? { moves: x.moves, proven: x.proven, source: x.source }
    : null;
}

/** A GameView inside another answer whose schema leaves it open (a 409's `game`): checked by
 *  its discriminant and envelope before it is taken as one. */
export function looksLikeView(x: unknown): x is S['GameView'] {
  if (!x || typeof x !== 'object') return false;
  const o = x as Record<string, unknown>;
  return (
    GAME_NAMES.some((g) => g === o.game) &&
    typeof o.id === 'string' &&
    typeof o.version === 'number' &&
    Array.isArray(o.legal_moves) &&
    'board' in o
  );
}

/** A move from an open JSON object (a hint, a replay's line), checked field by field. */
export function readMove(x: unknown): Move | null {
  if (!x || typeof x !== 'object') return null;
  const o = x as Record<string, unknown>;
  switch (o.type) {
    case 'draw':
    case 'recycle':
    case 'redeal':
    case 'collect':
      return { type: o.type };
    case 'pair':
      return typeof o.a === 'string' && typeof o.b === 'string' ? { type: 'pair', a: o.a, b: o.b } : null;
    case 'king':
      return typeof o.at === 'string' ? { type: 'king', at: o.at } : null;
    case 'move': {
      if (typeof o.to !== 'string') return null;
      if (typeof o.card === 'string') return { type: 'move', card: o.card, to: o.to };
      if (typeof o.from !== 'string') return null;
      return typeof o.count === 'number'
        ? { type: 'move', from: o.from, to: o.to, count: o.count }
        : { type: 'move', from: o.from, to: o.to };
    }
    default:
      return null;
  }
}

export function sameMove(a: Move, b: Move): boolean {
  const fields = (m: Move) => Object.entries(m).filter(([k, v]) => k !== 'count' || v !== 1);
  const fa = fields(a);
  const rb = new Map(fields(b));
  return fa.length === rb.size && fa.every(([k, v]) => rb.get(k) === v);
}

/** Parse a deal ID such as "forty-thieves-9001". */
export function parseDealId(id: string): { game: GameName; deal: number } | null {
  const m = /^(pyramid|gaps|forty-thieves)-(\d{1,10})$/.exec(id);
  if (!m) return null;
  const game = GAME_NAMES.find((g) => g === m[1]);
  const deal = Number(m[2]);
  if (!game || !Number.isSafeInteger(deal) || deal < 1 || deal > 2 ** 32 - 1) return null;
  return { game, deal };
}
