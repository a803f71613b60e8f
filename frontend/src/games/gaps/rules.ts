// Gaps interaction as pure functions over (view, selection): locations `r<row>c<col>`.
import type { Move } from '../../model/types';
import type { GapsMove, GapsView } from './types';
import { CLEAR, NONE, SELECT, SUBMIT, type Outcome, type Selection, type Target } from '../../model/play';

/** `r1c5` → row 1, column 5 (the one place that reads a Gaps location). */
export function parseGapsLoc(loc: string): { row: number; col: number } | null {
  const m = /^r(\d)c(\d+)$/.exec(loc);
  return m ? { row: Number(m[1]), col: Number(m[2]) } : null;
}

export const gapsLoc = (row: number, col: number): string => `r${row}c${col}`;

/** The card at `loc`, `null` for a gap, `undefined` for no such place. */
export function gapsCell(view: GapsView, loc: string): string | null | undefined {
  const p = parseGapsLoc(loc);
  return p ? view.board.grid[p.row]?.[p.col] : undefined;
}

function gapsMoves(view: GapsView): GapsMove[] {
  return view.legal_moves.filter((m): m is GapsMove => m.type === 'move' && 'card' in m);
}

export function locOfCard(view: GapsView, card: string): string | null {
  const g = view.board.grid;
  for (let r = 0; r < g.length; r++) {
    const c = g[r]!.indexOf(card);
    if (c >= 0) return gapsLoc(r, c);
  }
  return null;
}

export function targets(view: GapsView, sel: Selection): Target[] {
  const cell = gapsCell(view, sel.loc);
  if (cell === undefined) return [];
  if (cell) {
    return gapsMoves(view)
      .filter((m) => m.card === cell)
      .map((m) => ({ loc: m.to, move: m, recommended: false }));
  }
  const out: Target[] = [];
  for (const m of gapsMoves(view)) {
    const from = m.to === sel.loc ? locOfCard(view, m.card) : null;
    if (from) out.push({ loc: from, move: m, recommended: false });
  }
  return out;
}

export function tap(view: GapsView, sel: Selection | null, loc: string): Outcome {
  const cell = gapsCell(view, loc);
  if (cell === undefined) return NONE;
  if (!sel) return SELECT(loc);
  if (sel.loc === loc) return CLEAR;
  const selCell = gapsCell(view, sel.loc);
  const hit = targets(view, sel).find((t) => t.loc === loc);
  if (hit) return SUBMIT(hit.move, true);
  if (selCell && !cell) return SUBMIT({ type: 'move', card: selCell, to: loc }, false);
  if (!selCell && cell) return SUBMIT({ type: 'move', card: cell, to: sel.loc }, false);
  return SELECT(loc); // card → card or gap → gap: change the selection
}

export function moveSpots(view: GapsView, move: Move): string[] {
  if (move.type !== 'move' || !('card' in move)) return [];
  const from = locOfCard(view, move.card);
  return from ? [from, move.to] : [move.to];
}

/** A card can be dragged (towards the gap it fits); a gap cannot. */
export function dragFrom(view: GapsView, loc: string): Selection | null {
  return gapsCell(view, loc) ? { loc, count: 1 } : null;
}

export const liftedLocs = (_view: GapsView, sel: Selection): string[] => [sel.loc];

/** A double click puts a card in its only gap; with none or several, nothing happens. */
export function doubleTap(view: GapsView, sel: Selection): Outcome {
  const ts = targets(view, sel);
  return ts.length === 1 && gapsCell(view, sel.loc) ? SUBMIT(ts[0]!.move, true) : NONE;
}
