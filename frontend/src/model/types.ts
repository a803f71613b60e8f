// Typed shapes of what the server sends, from the generated OpenAPI types (`npm run gen:api`).
// The games are whatever the schema's GameView names: each game's own view, board and move types
// live in its module (`src/games/<game>/types.ts`). The few checks here turn the server's answer
// into the client's view: a paused view (no board), a finished result, typed events. Nothing in
// this file knows a game or a rule.
import type { components } from '../api/schema';

type S = components['schemas'];

export type Card = string; // "QH", "TD" (SPEC notation)

/** A game's options, as the catalog names them (`redeals`, `rules`, …). */
export type Options = Record<string, unknown>;

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
/** The schema gives an absent board, result or move as "null or an empty object". */
type Filled<X> = Exclude<X, Record<string, never> | null>;

/** One game's view as the client holds it: its board present, a result or `null`, typed
 *  events (distributes over the schema's union of games). */
type ShownOf<V> = V extends { board: infer B }
  ? Omit<V, 'board' | 'result' | 'events'> & { board: Filled<B>; result: Result | null; events?: GameEvent[] }
  : never;

/** A playable view of any game the server serves. */
export type GameView = ShownOf<S['GameView']>;
export type GameName = GameView['game'];
/** A move of any game (each game's module narrows it to its own). */
export type Move = GameView['legal_moves'][number];

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

/** A ranked game (today's daily, first try): the server says so; an older server that does not
 *  say is taken as not ranked. */
export const isRanked = (v: ServerView): boolean => (v as { ranked?: unknown }).ranked === true;

export function filled<X extends object>(x: X | Record<string, never> | null | undefined): x is X {
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
  const board = v.board;
  if (!filled(board)) return { ...v, result, events, board: null, legal_moves: [] };
  // The spread keeps each game's board beside its own `game`: TypeScript cannot follow that
  // correlation through a union, so the view is named here (the data itself was checked above).
  return { ...v, result, events, board } as GameView;
}

/** A game's step of a replay (or any board the schema pairs with its game) as a read-only view
 *  around `envelope`: no legal moves. */
export function boardView(
  envelope: Omit<GameView, 'game' | 'board' | 'legal_moves'>,
  step: { game: GameName; board: GameView['board'] },
): GameView {
  // As in `toView`: the step's board belongs to the step's game.
  return { ...envelope, game: step.game, board: step.board, legal_moves: [] } as GameView;
}

/** A deal's par from a field the schema gives as "par, null or an empty object". */
export function readPar(x: Par | Record<string, never> | null | undefined): Par | null {
  return x && typeof x.moves === 'number' && typeof x.proven === 'boolean'
    ? { moves: x.moves, proven: x.proven, source: x.source }
    : null;
}

/** A GameView inside another answer whose schema leaves it open (a 409's `game`): checked by
 *  its envelope before it is taken as one. */
export function looksLikeView(x: unknown): x is S['GameView'] {
  if (!x || typeof x !== 'object') return false;
  const o = x as Record<string, unknown>;
  return (
    typeof o.game === 'string' &&
    typeof o.id === 'string' &&
    typeof o.version === 'number' &&
    Array.isArray(o.legal_moves) &&
    'board' in o
  );
}

/** Whether two moves are the same (a `count` of 1 is implied when absent). */
export function sameMove(a: object, b: object): boolean {
  const fields = (m: object) => Object.entries(m).filter(([k, v]) => k !== 'count' || v !== 1);
  const fa = fields(a);
  const rb = new Map(fields(b));
  return fa.length === rb.size && fa.every(([k, v]) => rb.get(k) === v);
}

/** The legal move of `view` that an open JSON object (a hint's move) names, if any: the server's
 *  own typed move, never the object taken on trust. */
export function legalMove(view: GameView, x: unknown): Move | null {
  if (!x || typeof x !== 'object') return null;
  return view.legal_moves.find((m) => sameMove(m, x)) ?? null;
}
