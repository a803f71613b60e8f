// The server's analysis of each new position: poll while pending, never blocking play. A new
// version (any accepted action, here or elsewhere) cancels the watch and starts the next.
import type { Analysis, Api } from '../api/client';
import type { ServerView } from '../model/types';
import { asked, giveUp, nextPoll, received, shouldAsk, startWatch, type Watch } from '../state/analysis';

export class AnalysisPoller {
  private key = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;

  constructor(
    private api: Api,
    private onWatch: (w: Watch | null) => void,
  ) {}

  /** Called with every view shown; starts a watch when the position changed. */
  follow(view: ServerView | null, seed: Analysis | null): void {
    // A paused view (no board) and the same position running again are different keys: the
    // analysis of a paused game may answer without a verdict, so resuming asks afresh.
    const key = view ? `${view.id}/${view.version}/${view.status}/${view.board ? 'live' : 'paused'}` : '';
    if (key === this.key) return;
    this.key = key;
    this.stop();
    const usable = seed && view && seed.version === view.version ? seed : null;
    const w = view && view.board ? startWatch(view, Date.now(), usable) : null;
    this.onWatch(w);
    if (w) this.schedule(w, ++this.generation);
  }

  stop(): void {
    this.generation++;
    clearTimeout(this.timer);
  }

  private schedule(w: Watch, gen: number): void {
    if (gen !== this.generation) return;
    const delay = nextPoll(w, Date.now());
    if (delay === null) {
      if (!w.stopped) this.onWatch(giveUp(w));
      return;
    }
    this.timer = setTimeout(() => {
      // A GET never starts work: a position whose analysis was never started is asked for.
      const ask = shouldAsk(w);
      if (ask) w = asked(w, Date.now());
      (ask ? this.api.askAnalysis(w.gameId) : this.api.analysis(w.gameId))
        .then(
          (a) => {
            if (gen === this.generation) {
              w = received(w, a);
              this.onWatch(w);
            }
          },
          () => {
            if (gen === this.generation) {
              w = giveUp(w);
              this.onWatch(w);
            }
          },
        )
        .finally(() => this.schedule(w, gen));
    }, delay);
  }
}
