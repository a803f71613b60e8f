// Forty Thieves interaction as pure functions over (view, selection): columns `t0`…`t9`,
// cards `t<col>.<index>`, `waste`, `stock`, `foundation`/`f0`…`f7`. A selection lifts
// `count` cards from the top of a column.
import type { Move } from '../../model/types';
import type { FortyThievesView, FtMove } from './types';
import { CLEAR, NONE, SELECT, SUBMIT, type Outcome, type Selection, type Target } from '../../model/play';

export function ftMoves(view: FortyThievesView): FtMove[] {
  return view.legal_moves.filter((m): m is FtMove => m.type === 'move' && 'from' in m);
}

function isEmptyColumn(view: FortyThievesView, loc: string): boolean {
  const m = /^t(\d)$/.exec(loc);
  return !!m && (view.board.tableau[Number(m[1])]?.length ?? 0) === 0;
}

/** The recommended destination: a build on a non-empty column, else a foundation, else an
 *  empty column (the scarcest resource last). */
export function recommend(view: FortyThievesView, locs: string[]): string | null {
  const col = locs.find((l) => /^t\d$/.test(l) && !isEmptyColumn(view, l));
  const found = locs.find((l) => l === 'foundation' || /^f\d$/.test(l));
  return col ?? found ?? locs[0] ?? null;
}

export function targets(view: FortyThievesView, sel: Selection): Target[] {
  const moves = ftMoves(view).filter((m) => m.from === sel.loc && (m.count ?? 1) === sel.count);
  const locs = moves.map((m) => (/^f\d$/.test(m.to) ? 'foundation' : m.to));
  const best = recommend(view, locs);
  return moves.map((m, i) => ({ loc: locs[i]!, move: m, recommended: locs[i] === best }));
}

/** Parse `t3.2` (card 2 of column 3) → { col: 't3', index: 2 }. */
export function parseCardLoc(loc: string): { col: string; index: number } | null {
  const m = /^(t\d)\.(\d+)$/.exec(loc);
  return m ? { col: m[1]!, index: Number(m[2]) } : null;
}

function columnLength(view: FortyThievesView, col: string): number {
  return view.board.tableau[Number(col.slice(1))]?.length ?? 0;
}

/** Select `loc` with `count` cards; a single card with exactly one destination moves at once. */
function ftSelect(view: FortyThievesView, loc: string, count: number): Outcome {
  const sel = { loc, count };
  const ts = targets(view, sel);
  if (count === 1 && ts.length === 1) return SUBMIT(ts[0]!.move, true);
  return SELECT(loc, count);
}

function ftTapAgain(view: FortyThievesView, sel: Selection): Outcome {
  const best = targets(view, sel).find((t) => t.recommended);
  return best ? SUBMIT(best.move, true) : CLEAR;
}

function ftToward(view: FortyThievesView, sel: Selection, dest: string): Outcome {
  const hit = targets(view, sel).find((t) => t.loc === dest);
  if (hit) return SUBMIT(hit.move, true);
  const move: FtMove = {
    type: 'move',
    from: sel.loc,
    to: dest,
    ...(sel.count !== 1 ? { count: sel.count } : {}),
  };
  return SUBMIT(move, false);
}

export function tap(view: FortyThievesView, sel: Selection | null, loc: string): Outcome {
  const b = view.board;
  if (loc === 'stock') {
    const draw = view.legal_moves.find((m) => m.type === 'draw');
    const redeal = view.legal_moves.find((m) => m.type === 'redeal');
    if (draw) return SUBMIT(draw, true);
    if (redeal) return SUBMIT(redeal, true);
    return SUBMIT(b.stock.count > 0 || b.redeals_left === 0 ? { type: 'draw' } : { type: 'redeal' }, false);
  }
  if (loc === 'waste') {
    if (b.waste.count === 0) return sel ? CLEAR : NONE;
    if (sel?.loc === 'waste') return ftTapAgain(view, sel);
    return ftSelect(view, 'waste', 1);
  }
  if (loc === 'foundation' || /^f\d$/.test(loc)) {
    if (!sel) return NONE;
    // One card at a time goes up; a lifted run is refused here ("at most 1 card").
    if (sel.count > 1) return { kind: 'refuse', reason: 'too_many_cards', max: 1 };
    return ftToward(view, sel, 'foundation');
  }
  const card = parseCardLoc(loc);
  if (card) {
    const len = columnLength(view, card.col);
    const count = len - card.index;
    if (sel && sel.loc === card.col) {
      return sel.count === count ? ftTapAgain(view, sel) : ftSelect(view, card.col, count);
    }
    if (sel && count === 1) {
      // The top card of another column is where the lifted cards would go.
      const hit = targets(view, sel).find((t) => t.loc === card.col);
      if (hit || !targets(view, { loc: card.col, count: 1 }).length) return ftToward(view, sel, card.col);
    }
    return ftSelect(view, card.col, count);
  }
  if (/^t\d$/.test(loc)) {
    return sel ? ftToward(view, sel, loc) : NONE;
  }
  return NONE;
}

/** ▲ lifts one more card, ▼ one fewer, within the column. */
export function lift(view: FortyThievesView, sel: Selection, delta: 1 | -1): Selection {
  if (!/^t\d$/.test(sel.loc)) return sel;
  const len = columnLength(view, sel.loc);
  return { loc: sel.loc, count: Math.min(len, Math.max(1, sel.count + delta)) };
}

/** "at most N cards": the lifted run is longer than any legal run move now allows. */
export function runLimit(view: FortyThievesView, sel: Selection | null): number | null {
  if (!sel || sel.count <= 1) return null;
  const limit = Math.max(view.board.max_run.to_card, view.board.max_run.to_empty);
  return sel.count > limit ? limit : null;
}

export function moveSpots(_view: FortyThievesView, move: Move): string[] {
  if (move.type === 'draw') return ['stock'];
  if (move.type !== 'move' || !('from' in move)) return [];
  return [move.from, /^f\d$/.test(move.to) ? 'foundation' : move.to];
}

/** A drag lifts the card grabbed and every card on it (a column), or the waste's top card. */
export function dragFrom(view: FortyThievesView, loc: string): Selection | null {
  if (loc === 'waste') return view.board.waste.count > 0 ? { loc, count: 1 } : null;
  const card = parseCardLoc(loc);
  if (!card) return null;
  const count = columnLength(view, card.col) - card.index;
  return count > 0 ? { loc: card.col, count } : null;
}

export function liftedLocs(view: FortyThievesView, sel: Selection): string[] {
  if (sel.loc === 'waste') return ['waste'];
  const len = columnLength(view, sel.loc);
  return Array.from({ length: Math.min(sel.count, len) }, (_, i) => `${sel.loc}.${len - sel.count + i}`);
}

/** A double click sends a card to a foundation when it can go there, else makes its only move. */
export function doubleTap(view: FortyThievesView, sel: Selection): Outcome {
  const ts = targets(view, sel);
  const home = ts.find((t) => t.loc === 'foundation');
  if (home) return SUBMIT(home.move, true);
  return ts.length === 1 ? SUBMIT(ts[0]!.move, true) : NONE;
}
