// Pyramid interaction as pure functions over (view, selection): locations `p0`…`p27`,
// `stock`, `waste`.
import type { Move } from '../../model/types';
import type { PyramidView } from './types';
import { CLEAR, NONE, SELECT, SUBMIT, type Outcome, type Selection, type Target } from '../../model/play';

export function pyramidCard(view: PyramidView, loc: string): string | null {
  const b = view.board;
  if (loc === 'stock') return b.stock.top;
  if (loc === 'waste') return b.waste.top;
  const m = /^p(\d+)$/.exec(loc);
  return m ? (b.pyramid[Number(m[1])] ?? null) : null;
}

export function targets(view: PyramidView, sel: Selection): Target[] {
  const out: Target[] = [];
  for (const m of view.legal_moves) {
    if (m.type !== 'pair') continue;
    const other = m.a === sel.loc ? m.b : m.b === sel.loc ? m.a : null;
    if (other) out.push({ loc: other, move: m, recommended: false });
  }
  return out;
}

export function tap(view: PyramidView, sel: Selection | null, loc: string): Outcome {
  if (!pyramidCard(view, loc)) return sel ? CLEAR : NONE;
  const king = view.legal_moves.find((m) => m.type === 'king' && m.at === loc);
  if (sel && sel.loc === loc) return CLEAR;
  if (king) return SUBMIT(king, true);
  if (!sel) {
    const uncovered = !loc.startsWith('p') || view.board.available.includes(loc);
    // A covered card: let the server say why (it answers "covered" before anything else).
    return uncovered ? SELECT(loc) : SUBMIT({ type: 'king', at: loc }, false);
  }
  const pair = targets(view, sel).find((t) => t.loc === loc);
  return pair ? SUBMIT(pair.move, true) : SUBMIT({ type: 'pair', a: sel.loc, b: loc }, false);
}

export function moveSpots(_view: PyramidView, move: Move): string[] {
  switch (move.type) {
    case 'pair':
      return [move.a, move.b];
    case 'king':
      return [move.at];
    case 'draw':
      return ['stock'];
    default:
      return [];
  }
}
