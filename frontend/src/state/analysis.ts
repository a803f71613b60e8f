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
/** While no worker runs (`unavailable`, `no_worker`), look again after 2 s, 4 s, 8 s … at most
 *  30 s apart, for at most 5 minutes: a worker back within that gets asked for this position. */
export const WORKER_BACKOFF_MS = 2000;
export const WORKER_BACKOFF_MAX_MS = 30_000;
export const WORKER_WAIT_MS = 5 * 60_000;

export interface Watch {
  gameId: string;
  /** The version whose analysis is watched; a newer view starts a new watch. */
  version: number;
  startedAt: number;
  /** The latest answer for this version, if any. */
  analysis: Analysis | null;
  /** No more polling (answer final, time limit, an error or a version change). */
  stopped: boolean;
  /** `POST /analysis` was sent for this version (once at most: a GET never starts work). */
  asked?: boolean;
  /** answers so far that said no worker runs (the backoff's exponent) */
  waits?: number;
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
  if (w.analysis && awaitingWorker(w.analysis)) {
    if (now - w.startedAt >= WORKER_WAIT_MS) return null;
    return Math.min(WORKER_BACKOFF_MS * 2 ** Math.max(0, (w.waits ?? 1) - 1), WORKER_BACKOFF_MAX_MS);
  }
  if (shouldAsk(w)) return 0;
  if (now - w.startedAt >= POLL_LIMIT_MS) return null;
  if (!w.analysis) return FIRST_POLL_MS;
  return w.analysis.state === 'pending' || awaitingRewind(w.analysis) ? POLL_MS : null;
}

/** A proof of loss whose last winnable point is still being searched (`rewind` absent): the
 *  answer is final for the verdict, and worth asking again for the point. */
export function awaitingRewind(a: Analysis): boolean {
  return a.state === 'done' && a.verdict === 'unwinnable' && a.rewind === undefined;
}

/** No worker runs: nothing was started for this position, and asking now would only queue it
 *  behind the outage; look again later. */
export function awaitingWorker(a: Analysis): boolean {
  return a.state === 'unavailable' && a.reason === 'no_worker';
}

/** The analysis was never started (`not_started`: a worker runs again, or its job was lost):
 *  the client asks for it with `POST /analysis`, once per version. */
export function shouldAsk(w: Watch): boolean {
  const a = w.analysis;
  return !w.asked && !!a && a.state === 'unavailable' && a.reason === 'not_started';
}

/** The ask was sent: from now on the watch is an ordinary one for this version (its 30 s and
 *  its "checking…" count from the ask). */
export function asked(w: Watch, now: number): Watch {
  return { ...w, asked: true, startedAt: now };
}

/** Take an answer. One about another version (the game moved on elsewhere) ends the watch. */
export function received(w: Watch, a: Analysis): Watch {
  if (a.version !== w.version) return { ...w, stopped: true };
  const waits = awaitingWorker(a) ? (w.waits ?? 0) + 1 : w.waits;
  const next: Watch = { ...w, analysis: a, waits };
  const more = a.state === 'pending' || awaitingRewind(a) || awaitingWorker(a) || shouldAsk(next);
  return { ...next, stopped: !more };
}

/** Why the game has no verdict, said in words while it holds: Gaps with a redeal left (where
 *  its cards will fall is unseen). */
export interface NoVerdict {
  gameId: string;
  reason: 'unseen_shuffle';
}

/** The no-verdict line after a watch changed: a new watch that has no answer yet keeps the
 *  line of the same game (no flicker between moves); an answer decides it afresh. */
export function noVerdictAfter(prev: NoVerdict | null, w: Watch | null): NoVerdict | null {
  if (!w) return null;
  const a = w.analysis;
  if (!a) return prev?.gameId === w.gameId ? prev : null;
  return a.state === 'not_applicable' && a.reason === 'unseen_shuffle'
    ? { gameId: w.gameId, reason: 'unseen_shuffle' }
    : null;
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

/** The last winnable point of a position proven lost: a point to go back to,
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
