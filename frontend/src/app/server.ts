// Every server call of the shell, serialised on one queue against the newest view: moves,
// undo, hints, rewind, new games, the clock's pause, reconnection, and the data the home page
// and the dialogs show. What the server answers goes into the one state object; nothing here
// reads an input event or a URL.
import { Api, ApiError, type Analysis } from '../api/client';
import { moduleOf } from '../games';
import { reasonText } from '../i18n';
import { isPaused, type GameName, type Move, type Options, type ServerView } from '../model/types';
import { describe } from '../state/announce';
import { hintLine, readHint } from '../state/hint';
import { isNetworkError, keepView, keptView, Reconnector } from './connection';
import type { Data } from './data';
import type { Motion } from './motion';
import { AnalysisPoller } from './poll';
import { rememberGame, saveOptions } from './saved';
import type { Store } from './store';

/** What the server calls tell the rest of the shell. */
export interface ServerHooks {
  /** a view (or none) is now shown */
  shown(v: ServerView | null): void;
  /** reconnected without a game on the table: take the route again */
  reroute(): Promise<void>;
}

export class Server {
  private queue: Promise<void> = Promise.resolve();
  private dealing = false;
  private resuming = false;
  private hintSeed: Analysis | null = null;
  private poller: AnalysisPoller;
  readonly reconnector: Reconnector;

  constructor(
    readonly api: Api,
    private store: Store,
    private data: Data,
    private motion: Motion,
    private hooks: ServerHooks,
  ) {
    this.poller = new AnalysisPoller(api, (watch) => store.dispatch({ type: 'watch', watch }));
    this.reconnector = new Reconnector(
      () => this.reconnect(),
      (offline) => store.dispatch({ type: 'offline', offline }),
    );
  }

  private get state() {
    return this.store.state;
  }

  setView(v: ServerView | null): void {
    const prev = this.state.view;
    // A new deal flies in from the stock; opening a game (a reload, a link) just shows it.
    this.motion.capture(this.dealing && !!v && v.id !== prev?.id);
    this.dealing = false;
    this.store.dispatch({ type: 'view', view: v, at: Date.now() });
    const won = v && prev && v.id === prev.id && v.status === 'won' && prev.status === 'playing';
    if (won && this.motion.enabled()) {
      this.store.dispatch({ type: 'celebrate', version: v.version });
      setTimeout(() => this.store.dispatch({ type: 'celebrate', version: 0 }), 3200);
    }
    if (v) {
      rememberGame(v.id);
      if (!isPaused(v)) keepView(v);
      const over = !isPaused(v) && v.status !== 'playing';
      if (over && (prev?.id !== v.id || prev.status === 'playing')) this.data.finished(v);
    }
    this.hooks.shown(v);
    const seed = this.hintSeed;
    this.hintSeed = null;
    this.poller.follow(v, seed);
    // A paused game shown in a visible tab (a reload, a link, a return) runs again: the clock
    // is paused only while the player cannot see the table.
    if (v && isPaused(v) && v.status === 'playing' && document.visibilityState === 'visible') this.resume();
  }

  /** The player's words for a refusal: the server's reason in the player's language. */
  refusal(err: unknown): string {
    if (!(err instanceof ApiError)) return this.store.t('error.network');
    const game = this.state.view?.game ?? null;
    return reasonText(this.store.t, game, err.reason, err.message, err.max !== null ? { max: err.max } : {});
  }

  private failed(err: unknown): void {
    this.store.flash(this.refusal(err));
    if (isNetworkError(err)) this.reconnector.start();
  }

  /** Run one server call after the previous one, on the newest view; resolves once it is done
   *  (answered, refused or failed: never rejects). */
  run(fn: (v: ServerView) => Promise<ServerView | void>, onError?: (e: ApiError) => boolean): Promise<void> {
    this.queue = this.queue.then(async () => {
      const v = this.state.view;
      if (!v) return;
      this.store.dispatch({ type: 'busy', delta: 1 });
      try {
        const next = await fn(v);
        if (next) this.setView(next);
      } catch (err) {
        if (err instanceof ApiError && onError?.(err)) return;
        if (err instanceof ApiError && err.status === 409 && err.current) {
          this.setView(err.current);
          this.store.select(null);
          this.store.flash(this.store.t('ann.conflict'), 'info');
        } else this.failed(err);
      } finally {
        this.store.dispatch({ type: 'busy', delta: -1 });
      }
    });
    return this.queue;
  }

  submit(move: Move): Promise<void> {
    this.store.select(null);
    this.store.clearHint();
    return this.run(async (v) => {
      const next = await this.api.move(v, move);
      const said = describe(this.state.lang, move, next.events);
      this.store.announce(next.status === 'won' ? `${said}. ${this.store.t('ann.won')}` : said);
      return next;
    });
  }

  /** A new game; `dealt`: its cards fly in from the stock (a deal asked for at the table, not a
   *  page opened on a deal link, which just shows it). */
  /** Start a game: of a numbered deal, a random one, or a daily (`daily`: today's, or a date's). */
  startGame(
    game: GameName,
    options: Options,
    deal?: number,
    daily: boolean | string = false,
    dealt = true,
  ): void {
    this.store.dispatch({ type: 'fresh' });
    this.store.dispatch({ type: 'replay', id: null });
    if (!daily) saveOptions(game, options);
    this.store.dispatch({ type: 'opening', on: !this.state.view });
    this.store.dispatch({ type: 'busy', delta: 1 });
    this.queue = this.queue.then(async () => {
      try {
        const v = await this.api.newGame(game, options, deal, daily).catch(async (err: unknown) => {
          // The server no longer knows our token (e.g. a fresh database): become a new player.
          if (!(err instanceof ApiError) || err.status !== 401) throw err;
          await this.api.resetPlayer();
          return this.api.newGame(game, options, deal, daily);
        });
        this.store.dispatch({ type: 'fatal', text: null });
        this.dealing = dealt;
        this.setView(v);
        this.store.announce(`${this.store.t(`${game}.name`)} ${v.deal_id}`);
      } catch (err) {
        this.failed(err);
      } finally {
        this.store.dispatch({ type: 'opening', on: false });
        this.store.dispatch({ type: 'busy', delta: -1 });
      }
    });
  }

  /** A new game of the deal on the table, with its options. */
  restart(): void {
    const v = this.state.view;
    if (v)
      this.startGame(
        v.game,
        v.options as Options,
        v.deal ?? undefined,
        v.deal === null ? (v.daily ?? false) : false,
      );
  }

  undo(): void {
    this.store.select(null);
    this.store.clearHint();
    this.run(async (v) => {
      const next = await this.api.undo(v);
      this.store.announce(this.store.t('ann.undone'));
      return next;
    });
  }

  /** Undo every move, one ordinary undo at a time (the server's rules and counts hold). */
  undoAll(): void {
    this.store.select(null);
    this.store.clearHint();
    this.run(async (v) => {
      let cur = v;
      while (cur.moves > 0 && cur.status === 'playing') {
        cur = await this.api.undo(cur);
        this.setView(cur);
      }
      this.store.announce(this.store.t('ann.undone'));
      return cur;
    });
  }

  resign(): void {
    this.store.clearHint();
    this.run(async (v) => this.api.resign(v));
  }

  /** Ask the server for a hint; from the unwinnable panel, the panel steps aside for it. */
  askHint(fromPanel = false): void {
    this.store.select(null);
    this.run(async (v) => {
      const answer = await this.api.hint(v);
      const game = answer.game;
      const shown = isPaused(game) ? null : readHint(game, answer.hint);
      this.store.dispatch({ type: 'hint', hint: shown });
      if (shown && !isPaused(game)) {
        const t = this.store.t;
        this.store.announce(hintLine(shown, game.game, (m) => moduleOf(game).say(game, m, t), t));
      }
      this.hintSeed = answer.analysis;
      if (fromPanel) this.store.dispatch({ type: 'deadEndClosed', version: game.version });
      return game;
    });
  }

  /** Back to the last winnable point the analysis named (versioned like undo). */
  rewind(): void {
    this.store.select(null);
    this.store.clearHint();
    this.run(async (v) => {
      const next = await this.api.rewind(v);
      this.store.announce(this.store.t('rewind.done', { n: Math.max(0, v.moves - next.moves) }));
      return next;
    });
  }

  /** Show game `id`; without a connection, the kept view and "reconnecting". Resolves whether
   *  the game could be shown. */
  async openGame(id: string): Promise<boolean> {
    try {
      this.setView(await this.api.game(id));
      return true;
    } catch (err) {
      const kept = keptView(id);
      if (isNetworkError(err) && kept) {
        this.setView(kept);
        this.reconnector.start();
        return true;
      }
      this.setView(null);
      this.store.dispatch({ type: 'opening', on: false });
      const gone = err instanceof ApiError && (err.status === 404 || err.status === 401);
      this.store.dispatch({ type: 'fatal', text: this.store.t(gone ? 'error.notfound' : 'error.network') });
      if (!gone) this.reconnector.start();
      return false;
    }
  }

  /** One reconnection attempt: the current game again, or the route from the start. */
  private async reconnect(): Promise<void> {
    const v = this.state.view;
    if (!v) {
      await this.api.ensurePlayer();
      this.store.dispatch({ type: 'fatal', text: null });
      return this.hooks.reroute();
    }
    this.setView(await this.api.game(v.id));
  }

  /** The clock runs while the table can be seen and pauses while the tab is hidden. */
  clockFollowsTab(): void {
    const v = this.state.view;
    if (!v || v.status !== 'playing') return;
    const running = document.visibilityState === 'visible';
    this.api.clock(v.id, running, !running).then(
      (next) => {
        const cur = this.state.view;
        if (next && cur && next.id === cur.id && next.version === cur.version) this.setView(next);
      },
      () => undefined,
    );
  }

  /** Run the paused clock again: the server sends the board back. */
  resume(): void {
    const v = this.state.view;
    if (!v || v.status !== 'playing' || this.resuming) return;
    this.resuming = true;
    this.api
      .clock(v.id, true)
      .then(
        (next) => {
          if (next && this.state.view?.id === next.id) this.setView(next);
        },
        () => this.store.flash(this.store.t('error.network')),
      )
      .finally(() => {
        this.resuming = false;
      });
  }

  stop(): void {
    this.poller.stop();
  }
}
