// Run moves come back with their single-card steps in `events`; these frames replay them on
// the tableau the player saw before the move, so the run can be seen travelling through the
// empty columns. Moving a top card from one pile to another is bookkeeping, not a rule.
import type { Card, GameEvent } from '../model/types';

export function stepFrames(tableau: Card[][], events: GameEvent[] | undefined): Card[][][] {
  const steps = (events ?? []).filter((e) => e.type === 'step');
  if (steps.length < 2) return [];
  const frames: Card[][][] = [];
  let cur = tableau.map((col) => [...col]);
  for (const e of steps) {
    const from = typeof e.from === 'string' ? /^t(\d)$/.exec(e.from) : null;
    const to = e.to ? /^t(\d)$/.exec(e.to) : null;
    if (!from || !to) break;
    const src = cur[Number(from[1])];
    const dst = cur[Number(to[1])];
    if (!src || !dst || !src.length) break;
    cur = cur.map((col) => [...col]);
    const card = cur[Number(from[1])]!.pop()!;
    cur[Number(to[1])]!.push(card);
    frames.push(cur);
  }
  return frames;
}
