// Keyboard: one table from keys to commands, and focus movement among playable places as a
// pure function over their on-screen centres.

export type Command =
  'undo' | 'hint' | 'new' | 'draw' | 'recycle' | 'escape' | 'left' | 'right' | 'up' | 'down';

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** the event target is a text field or select */
  inField?: boolean;
}

const LETTERS: Record<string, Command> = { u: 'undo', h: 'hint', n: 'new', d: 'draw', r: 'recycle' };
const ARROWS: Record<string, Command> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

export function keyCommand(e: KeyLike): Command | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === 'Escape') return 'escape';
  if (e.inField) return null;
  if (e.key in ARROWS) return ARROWS[e.key]!;
  return LETTERS[e.key.toLowerCase()] ?? null;
}

export interface Spot {
  id: string;
  x: number;
  y: number;
}
export type Direction = 'left' | 'right' | 'up' | 'down';

/** The nearest spot from `current` in direction `dir` (or the first spot when there is no
 *  current one). Distance across the direction weighs double, so moves stay in a row/column. */
export function nextFocus(spots: Spot[], currentId: string | null, dir: Direction): string | null {
  const cur = spots.find((s) => s.id === currentId);
  if (!cur) return spots[0]?.id ?? null;
  let best: Spot | null = null;
  let bestScore = Infinity;
  for (const s of spots) {
    if (s.id === cur.id) continue;
    const dx = s.x - cur.x;
    const dy = s.y - cur.y;
    const [along, across] =
      dir === 'left' ? [-dx, dy] : dir === 'right' ? [dx, dy] : dir === 'up' ? [-dy, dx] : [dy, dx];
    if (along <= 1) continue;
    const score = along + 2 * Math.abs(across);
    if (score < bestScore) {
      bestScore = score;
      best = s;
    }
  }
  return best ? best.id : cur.id;
}
