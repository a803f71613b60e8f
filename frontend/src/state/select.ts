// Interaction logic as pure functions over (server view, selection): which places light up,
// which destination is recommended, and what a tap means. The server's `legal_moves` are the
// only source of legality; an illegal tap is still submitted so that the server's reason
// is what the player reads.
import type {
  FortyThievesView, FtMove, GameView, GapsMove, GapsView, Move, PyramidView,
} from '../model/types';

/** A selected place: a location (`p12`, `stock`, `r1c5`, `t3`, `waste`) and, for Forty
 *  Thieves, how many cards are lifted from its top. */
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

const SELECT = (loc: string, count = 1): Outcome => ({ kind: 'select', selection: { loc, count } });
const SUBMIT = (move: Move, legal: boolean): Outcome => ({ kind: 'submit', move, legal });

export function targets(view: GameView, sel: Selection | null): Target[] {
  if (!sel || view.status !== 'playing') return [];
  switch (view.game) {
    case 'pyramid': return pyramidTargets(view, sel);
    case 'gaps': return gapsTargets(view, sel);
    case 'forty-thieves': return ftTargets(view, sel);
  }
}

/** What tapping `loc` does. Forty Thieves card locations are `t<col>.<index>`. */
export function tap(view: GameView, sel: Selection | null, loc: string): Outcome {
  if (view.status !== 'playing') return { kind: 'none' };
  switch (view.game) {
    case 'pyramid': return pyramidTap(view, sel, loc);
    case 'gaps': return gapsTap(view, sel, loc);
    case 'forty-thieves': return ftTap(view, sel, loc);
  }
}

// -- Pyramid -------------------------------------------------------------------------------

export function pyramidCard(view: PyramidView, loc: string): string | null {
  const b = view.board;
  if (loc === 'stock') return b.stock.top;
  if (loc === 'waste') return b.waste.top;
  const m = /^p(\d+)$/.exec(loc);
  return m ? (b.pyramid[Number(m[1])] ?? null) : null;
}

function pyramidTargets(view: PyramidView, sel: Selection): Target[] {
  const out: Target[] = [];
  for (const m of view.legal_moves) {
    if (m.type !== 'pair') continue;
    const other = m.a === sel.loc ? m.b : m.b === sel.loc ? m.a : null;
    if (other) out.push({ loc: other, move: m, recommended: false });
  }
  return out;
}

function pyramidTap(view: PyramidView, sel: Selection | null, loc: string): Outcome {
  if (!pyramidCard(view, loc)) return sel ? { kind: 'clear' } : { kind: 'none' };
  const king = view.legal_moves.find((m) => m.type === 'king' && m.at === loc);
  if (sel && sel.loc === loc) return { kind: 'clear' };
  if (king) return SUBMIT(king, true);
  if (!sel) {
    const uncovered = !loc.startsWith('p') || view.board.available.includes(loc);
    // A covered card: let the server say why (it answers "covered" before anything else).
    return uncovered ? SELECT(loc) : SUBMIT({ type: 'king', at: loc }, false);
  }
  const pair = pyramidTargets(view, sel).find((t) => t.loc === loc);
  return pair ? SUBMIT(pair.move, true) : SUBMIT({ type: 'pair', a: sel.loc, b: loc }, false);
}

// -- Gaps ----------------------------------------------------------------------------------

export function gapsCell(view: GapsView, loc: string): string | null | undefined {
  const m = /^r(\d)c(\d+)$/.exec(loc);
  if (!m) return undefined;
  return view.board.grid[Number(m[1])]?.[Number(m[2])];
}

function gapsMoves(view: GapsView): GapsMove[] {
  return view.legal_moves.filter((m): m is GapsMove => m.type === 'move' && 'card' in m);
}

function locOfCard(view: GapsView, card: string): string | null {
  const g = view.board.grid;
  for (let r = 0; r < g.length; r++) {
    const c = g[r]!.indexOf(card);
    if (c >= 0) return `r${r}c${c}`;
  }
  return null;
}

function gapsTargets(view: GapsView, sel: Selection): Target[] {
  const cell = gapsCell(view, sel.loc);
  if (cell === undefined) return [];
  if (cell) {
    return gapsMoves(view).filter((m) => m.card === cell).map((m) => ({ loc: m.to, move: m, recommended: false }));
  }
  const out: Target[] = [];
  for (const m of gapsMoves(view)) {
    const from = m.to === sel.loc ? locOfCard(view, m.card) : null;
    if (from) out.push({ loc: from, move: m, recommended: false });
  }
  return out;
}

function gapsTap(view: GapsView, sel: Selection | null, loc: string): Outcome {
  const cell = gapsCell(view, loc);
  if (cell === undefined) return { kind: 'none' };
  if (!sel) return SELECT(loc);
  if (sel.loc === loc) return { kind: 'clear' };
  const selCell = gapsCell(view, sel.loc);
  const hit = gapsTargets(view, sel).find((t) => t.loc === loc);
  if (hit) return SUBMIT(hit.move, true);
  if (selCell && !cell) return SUBMIT({ type: 'move', card: selCell, to: loc }, false);
  if (!selCell && cell) return SUBMIT({ type: 'move', card: cell, to: sel.loc }, false);
  return SELECT(loc); // card → card or gap → gap: change the selection
}

// -- Forty Thieves -------------------------------------------------------------------------

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

function ftTargets(view: FortyThievesView, sel: Selection): Target[] {
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
  const ts = ftTargets(view, sel);
  if (count === 1 && ts.length === 1) return SUBMIT(ts[0]!.move, true);
  return SELECT(loc, count);
}

function ftTapAgain(view: FortyThievesView, sel: Selection): Outcome {
  const best = ftTargets(view, sel).find((t) => t.recommended);
  return best ? SUBMIT(best.move, true) : { kind: 'clear' };
}

function ftToward(view: FortyThievesView, sel: Selection, dest: string): Outcome {
  const hit = ftTargets(view, sel).find((t) => t.loc === dest);
  if (hit) return SUBMIT(hit.move, true);
  const move: FtMove = { type: 'move', from: sel.loc, to: dest, ...(sel.count !== 1 ? { count: sel.count } : {}) };
  return SUBMIT(move, false);
}

function ftTap(view: FortyThievesView, sel: Selection | null, loc: string): Outcome {
  const b = view.board;
  if (loc === 'stock') {
    const draw = view.legal_moves.find((m) => m.type === 'draw');
    const redeal = view.legal_moves.find((m) => m.type === 'redeal');
    if (draw) return SUBMIT(draw, true);
    if (redeal) return SUBMIT(redeal, true);
    return SUBMIT(b.stock.count > 0 || b.redeals_left === 0 ? { type: 'draw' } : { type: 'redeal' }, false);
  }
  if (loc === 'waste') {
    if (b.waste.count === 0) return sel ? { kind: 'clear' } : { kind: 'none' };
    if (sel?.loc === 'waste') return ftTapAgain(view, sel);
    return ftSelect(view, 'waste', 1);
  }
  if (loc === 'foundation' || /^f\d$/.test(loc)) {
    if (!sel) return { kind: 'none' };
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
      const hit = ftTargets(view, sel).find((t) => t.loc === card.col);
      if (hit || !ftTargets(view, { loc: card.col, count: 1 }).length) return ftToward(view, sel, card.col);
    }
    return ftSelect(view, card.col, count);
  }
  if (/^t\d$/.test(loc)) {
    return sel ? ftToward(view, sel, loc) : { kind: 'none' };
  }
  return { kind: 'none' };
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

/** The places a move involves, to highlight a hint: `p3`, `stock`, `r1c5`, `t4`, `foundation`. */
export function moveSpots(view: GameView, move: Move): string[] {
  switch (move.type) {
    case 'pair': return [move.a, move.b];
    case 'king': return [move.at];
    case 'draw': return ['stock'];
    case 'move':
      if ('card' in move) {
        if (view.game !== 'gaps') return [move.to];
        const from = locOfCard(view, move.card);
        return from ? [from, move.to] : [move.to];
      }
      return [move.from, /^f\d$/.test(move.to) ? 'foundation' : move.to];
    default: return [];
  }
}
