// The one choice of Forty Thieves' layout the stylesheet cannot make by itself: whether the ten
// columns stand in two rows of five (a phone in portrait) or in one row. Two rows when every
// overlapped card can still show FAN_MIN px of its face there; otherwise one row, whose columns
// each have the whole height (a position with long columns in both halves on a small phone).
// The sizes follow board.css (the `.rows2` rules); only the decision is made here.
import type { Card } from '../../model/types';

/** Face of an overlapped card that stays in sight (rank and suit readable). */
export const FAN_MIN = 16;
/** The smallest card of the two-row layout (board.css: `--cw`'s floor). */
const CW_MIN = 28;
/** A column's number above it, and the breath below its top card. */
const COLNUM = 20;
const ROW_GAP = 6;

/** The longest column of each half of the tableau, and the share of the height the first half
 *  gets in two rows: each row as tall as its longest column needs, a card counting as four fans. */
export function rows(tableau: Card[][]): { n1: number; n2: number; f1: number } {
  const longest = (cols: Card[][]) => Math.max(1, ...cols.map((c) => c.length));
  const n1 = longest(tableau.slice(0, 5));
  const n2 = longest(tableau.slice(5));
  return { n1, n2, f1: Math.round(((n1 + 4) / (n1 + n2 + 8)) * 1000) / 1000 };
}

/** Whether the columns go in two rows on a board of `width`×`height` CSS px. */
export function twoRows(width: number, height: number, tableau: Card[][]): boolean {
  if (width <= 0 || height <= 0 || width / height > 0.8) return false;
  const { n1, n2, f1 } = rows(tableau);
  const gap = Math.min(8, Math.max(2, 0.009 * width));
  const fw = Math.min(86, (width - 5 * gap) / 6.4);
  const tableauHeight = height - fw * 1.4 - 8 - ROW_GAP;
  const fits = (share: number, n: number) => (tableauHeight * share - COLNUM - FAN_MIN * (n - 1)) / 1.4;
  return Math.min((width - 4 * gap) / 5, fits(f1, n1), fits(1 - f1, n2)) >= CW_MIN;
}
