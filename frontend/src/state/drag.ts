// Drag and drop as pure geometry: when a press becomes a drag, where the grabbed cards go so
// that the card stays under the finger where it was grabbed, and which lit target a drop
// means (the one it lies on; none when it lies squarely on a place that is no target; else the
// nearest within about a card's width: a forgiving hit area for a drop on the bare table).

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A place a drop can mean: a lit target's location and its box on screen. */
export interface Zone {
  loc: string;
  box: Box;
}

/** How far a press must move before it is a drag (a finger wobbles more than a mouse). */
export function threshold(pointerType: string): number {
  return pointerType === 'touch' ? 10 : 5;
}

export function isDrag(from: Point, to: Point, pointerType: string): boolean {
  return Math.hypot(to.x - from.x, to.y - from.y) > threshold(pointerType);
}

/** The translation that puts the grabbed card under `pointer` at the grab offset: where it was
 *  seen at the press (`seen`, mid-slide perhaps) relative to where the layout has it (`home`). */
export function shift(press: Point, pointer: Point, seen: Point, home: Point): Point {
  return { x: pointer.x - press.x + seen.x - home.x, y: pointer.y - press.y + seen.y - home.y };
}

/** Distance from a point to a box (0 inside it). */
export function distance(p: Point, b: Box): number {
  const dx = Math.max(b.left - p.x, 0, p.x - b.right);
  const dy = Math.max(b.top - p.y, 0, p.y - b.bottom);
  return Math.hypot(dx, dy);
}

/** The zone a drop at `p` means: the nearest one within `reach` (of two it is inside, the one
 *  whose centre is nearer), else none. */
export function nearest(zones: Zone[], p: Point, reach: number): string | null {
  let best: string | null = null;
  let bestScore = [Infinity, Infinity];
  for (const z of zones) {
    const d = distance(p, z.box);
    const c = Math.hypot((z.box.left + z.box.right) / 2 - p.x, (z.box.top + z.box.bottom) / 2 - p.y);
    if (d <= reach && (d < bestScore[0]! || (d === bestScore[0] && c < bestScore[1]!))) {
      bestScore = [d, c];
      best = z.loc;
    }
  }
  return best;
}

/** What lies under a drop's centre: a drop place (its loc), a place or card that is no drop
 *  place (''), or the bare table (null). */
export type Under = string | null;

/** The target a drop means: the lit one it lies on; none when it lies on any other place (it
 *  slides back, as it would in a card game on a table); else the nearest lit one in reach. */
export function dropMeant(zones: Zone[], p: Point, reach: number, under: Under): string | null {
  if (under === null) return nearest(zones, p, reach);
  return zones.some((z) => z.loc === under) ? under : null;
}
