// A finished game's replay as the viewer needs it: the steps fetched once each and kept, the
// neighbours of the shown step fetched ahead (so stepping is instant), and each step turned
// into an ordinary read-only GameView so that the game's own board draws it. Names no game.
import type { Api, Replay, ReplayStep } from '../api/client';
import { boardView, filled, type GameView, type Move } from '../model/types';

/** A step ready to show: its board as a view, and the move that led there with the view it
 *  was played on (to name it in words). */
export interface Shown {
  step: number;
  steps: number;
  view: GameView;
  move: Move | null;
  before: GameView | null;
}

/** How many steps ahead and behind are fetched while one is shown. */
export const AHEAD = 3;
export const BEHIND = 1;

export class ReplaySource {
  private cache = new Map<number, Promise<ReplayStep>>();
  /** the number of moves, once known */
  steps: number;

  constructor(
    private api: Api,
    readonly meta: Replay,
  ) {
    this.steps = meta.moves.length;
  }

  /** One step (fetched at most once; a failed fetch is forgotten so it can be retried). */
  raw(n: number): Promise<ReplayStep> {
    let p = this.cache.get(n);
    if (!p) {
      p = this.api.replayStep(this.meta.game_id, n);
      p.then(
        (x) => {
          this.steps = x.steps;
        },
        () => this.cache.delete(n),
      );
      this.cache.set(n, p);
    }
    return p;
  }

  /** Fetch the neighbours of step `n` ahead of need. */
  prefetch(n: number): void {
    for (let k = n - BEHIND; k <= n + AHEAD; k++) {
      if (k >= 0 && k <= this.steps && k !== n) this.raw(k).catch(() => undefined);
    }
  }

  async shown(n: number): Promise<Shown> {
    const [cur, prev] = await Promise.all([this.raw(n), n > 0 ? this.raw(n - 1) : null]);
    const last = cur.step === cur.steps;
    return {
      step: cur.step,
      steps: cur.steps,
      view: stepView(this.meta, cur, last),
      move: filled(cur.move) ? cur.move : null,
      before: prev ? stepView(this.meta, prev, false) : null,
    };
  }

  fetched(n: number): boolean {
    return this.cache.has(n);
  }
}

/** A step as a read-only GameView: no legal moves, the replay's envelope around its board. */
export function stepView(meta: Replay, s: ReplayStep, last: boolean): GameView {
  const env = {
    id: meta.game_id,
    ruleset: meta.ruleset,
    options: meta.options,
    deal: meta.deal,
    deal_id: meta.deal_id,
    status:
      last && meta.status === 'won'
        ? ('won' as const)
        : last && meta.status === 'resigned'
          ? ('resigned' as const)
          : ('playing' as const),
    version: s.step,
    moves: s.step,
    undos: 0,
    hints: 0,
    elapsed_ms: 0,
    clock_running: false,
    notices: [],
    result: null,
    created_at: meta.created_at,
    finished_at: null,
    daily: null,
    ranked: false,
  };
  return boardView(env, s);
}
