// Watching the server's analysis of the current position, as pure functions: when to poll
// GET /games/<id>/analysis, when to stop, what the hint area says meanwhile, and whether the
// position is proven unwinnable. The App owns the timer; nothing here touches the network.
//
// Honesty: "unwinnable" is only ever derived from a finished proof — the analysis verdict
// `unwinnable` for this very version, or the GameView notice `unwinnable`. `pending`,
// `timeout`, `unavailable` and `not_applicable` never turn into a verdict.
import type { Analysis, RewindPoint } from '../api/client';
import { gameModule } from '../games';
import type { DeadEndKind, Exit } from '../model/play';
import type { GameName, GameView } from '../model/types';

/** Delay before the first look after an accepted action (rapid play cancels it). */
export const FIRST_POLL_MS = 300;
/** Delay between looks while the analysis is pending. */
export const POLL_MS = 1000;
/** Give up (quietly) after this long: ordinary play goes on. */
export const POLL_LIMIT_MS = 30_000;

export interface Watch {
  gameId: string;
  /** The version whose analysis is watched; a newer view starts a new watch. */
  version: number;
  startedAt: number;
  /** The latest answer for this version, if any. */
  analysis: Analysis | null;
  /** No more polling (answer final, time limit, an error or a version change). */
  stopped: boolean;
}

/** A new watch for a view just received (only games in play are analysed). */
export function startWatch(view: GameView | null, now: number, seed: Analysis | null = null): Watch | null {
  if (!view || view.status !== 'playing') return null;
  const w: Watch = { gameId: view.id, version: view.version, startedAt: now, analysis: null, stopped: false };
  return seed ? received(w, seed) : w;
}

/** Milliseconds until the next look, or `null`: stop polling. */
export function nextPoll(w: Watch, now: number): number | null {
  if (w.stopped) return null;
  if (now - w.startedAt >= POLL_LIMIT_MS) return null;
  if (!w.analysis) return FIRST_POLL_MS;
  return w.analysis.state === 'pending' || awaitingRewind(w.analysis) ? POLL_MS : null;
}

/** A proof of loss whose last winnable point is still being searched (`rewind` absent): the
 *  answer is final for the verdict, and worth asking again for the point. */
export function awaitingRewind(a: Analysis): boolean {
  return a.state === 'done' && a.verdict === 'unwinnable' && a.rewind === undefined;
}

/** Take an answer. One about another version (the game moved on elsewhere) ends the watch. */
export function received(w: Watch, a: Analysis): Watch {
  if (a.version !== w.version) return { ...w, stopped: true };
  return { ...w, analysis: a, stopped: a.state !== 'pending' && !awaitingRewind(a) };
}

/** Polling ended without a final answer (time limit, network error): nothing to report. */
export function giveUp(w: Watch): Watch {
  return { ...w, stopped: true };
}

/** A search shorter than this is not announced (no "checking…" flash after ordinary moves). */
export const CHECKING_AFTER_MS = 1200;

/** The hint area says "checking whether this can still be won…" only while really pending, and
 *  only once the search has taken a noticeable time (`now` defaults to "long enough"). */
export function checking(w: Watch | null, view: GameView | null, now = Infinity): boolean {
  return (
    !!w &&
    !!view &&
    w.version === view.version &&
    view.status === 'playing' &&
    !w.stopped &&
    w.analysis?.state === 'pending' &&
    now - w.startedAt >= CHECKING_AFTER_MS
  );
}

/** A finished proof says the shown position cannot be won. */
export function provenUnwinnable(view: GameView | null, w: Watch | null): boolean {
  if (!view || view.status !== 'playing') return false;
  if (view.notices.includes('unwinnable')) return true;
  return (
    !!w &&
    w.gameId === view.id &&
    w.version === view.version &&
    w.analysis?.state === 'done' &&
    w.analysis.verdict === 'unwinnable'
  );
}

/** Which panel, if any: no legal move at all comes first, then a proof. */
export function deadEndKind(view: GameView | null, w: Watch | null): DeadEndKind | null {
  if (!view || view.status !== 'playing') return null;
  if (view.notices.includes('stuck')) return 'stuck';
  return provenUnwinnable(view, w) ? 'unwinnable' : null;
}

/** The last winnable point of a position proven lost (issue 21.4): a point to go back to,
 *  `null` when even the deal's start was lost, `undefined` while unknown (still searching, or
 *  no proof for this version). */
export function rewindPoint(view: GameView | null, w: Watch | null): RewindPoint | null | undefined {
  if (!view || !w || w.gameId !== view.id || w.version !== view.version) return undefined;
  const a = w.analysis;
  if (!a || a.state !== 'done' || a.verdict !== 'unwinnable' || a.rewind === undefined) return undefined;
  const r = a.rewind;
  return r && typeof r.version === 'number' && typeof r.moves_back === 'number' && r.moves_back > 0
    ? { version: r.version, moves_back: r.moves_back }
    : null;
}

/** The exits of SPEC.md per game: Pyramid §2, Gaps §3, Forty Thieves §4, endings §5; with a
 *  known last winnable point, "back to it" comes first. */
export function deadEndExits(
  game: GameName,
  kind: DeadEndKind,
  rewind: RewindPoint | null | undefined = undefined,
): Exit[] {
  const exits =
    kind === 'stuck' ? (['undo', 'replay', 'new'] satisfies Exit[]) : gameModule(game).unwinnableExits;
  return rewind ? ['rewind', ...exits] : exits;
}
