// The shell's behaviour: one input path (`tap` for every card and place, `command` for keys
// and buttons), every server call serialised on one queue against the newest view, routing,
// the clock's pause while the tab is hidden, and the analysis watch. Names no game: each
// game's module answers what a tap, a pile button or a key means.
import { Api, ApiError, type Analysis } from '../api/client';
import { moduleOf } from '../games';
import type { Selection } from '../games/outcome';
import type { PileAction } from '../games/types';
import { loadLang, reasonText, saveLang, translator, type Key, type T } from '../i18n';
import { isPaused, type GameName, type GameView, type Move, type ServerView } from '../model/types';
import type { Exit } from '../state/analysis';
import { describe } from '../state/announce';
import { hintLine, readHint } from '../state/hint';
import { keyCommand, nextFocus, type Command, type Direction } from '../state/keys';
import { gamePath, parseRoute, replayPath } from '../state/route';
import { tap as tapOutcome, targets as targetsOf } from '../state/select';
import type { MenuItem } from '../views/Menus';
import { isNetworkError, keepView, keptView, Reconnector } from './connection';
import { AnalysisPoller } from './poll';
import { Motion } from './motion';
import { applySettings, loadSettings, motionOn, saveSettings, type Settings } from './settings';
import { initialState, Store, type Dialog, type Toast, type UiState } from './state';

export type Options = Record<string, unknown>;

const LAST_GAME = 'patience.lastGame';
const OPTIONS_KEY = (g: GameName) => `patience.options.${g}`;

export function storedOptions(g: GameName): Options {
  try { return JSON.parse(localStorage.getItem(OPTIONS_KEY(g)) ?? '{}') as Options; } catch { return {}; }
}

export function lastGame(): string | null {
  try { return localStorage.getItem(LAST_GAME); } catch { return null; }
}

export class Controller {
  readonly store = new Store(initialState(loadLang(), loadSettings()));
  /** the table element, for arrow-key focus movement */
  table: HTMLElement | null = null;
  private queue: Promise<void> = Promise.resolve();
  private dealing = false;
  private resuming = false;
  private hintSeed: Analysis | null = null;
  private toastTimer: ReturnType<typeof setTimeout> | undefined;
  private poller: AnalysisPoller;

  readonly motion = new Motion(() => this.table, () => this.motionOn());

  motionOn(): boolean {
    return motionOn(this.state.settings, matchMedia('(prefers-reduced-motion: reduce)').matches);
  }

  private reconnector = new Reconnector(() => this.reconnect(), (offline) => this.store.dispatch({ type: 'offline', offline }));

  constructor(readonly api: Api = new Api()) {
    this.poller = new AnalysisPoller(api, (watch) => this.store.dispatch({ type: 'watch', watch }));
  }

  get state(): UiState { return this.store.state; }
  get t(): T { return translator(this.state.lang); }

  /** The playable view, if one is shown (not paused). */
  private live(): GameView | null {
    const v = this.state.view;
    return v && !isPaused(v) ? v : null;
  }

  setView(v: ServerView | null): void {
    const prev = this.state.view;
    // A new deal flies in from the stock; opening a game (a reload, a link) just shows it.
    this.motion.capture(this.dealing && !!v && v.id !== prev?.id);
    this.dealing = false;
    this.store.dispatch({ type: 'view', view: v, at: Date.now() });
    if (v && prev && v.id === prev.id && v.status === 'won' && prev.status === 'playing' && this.motionOn()) {
      this.store.dispatch({ type: 'celebrate', version: v.version });
      setTimeout(() => this.store.dispatch({ type: 'celebrate', version: 0 }), 3200);
    }
    if (v) {
      try { localStorage.setItem(LAST_GAME, v.id); } catch { /* ignore */ }
      if (!isPaused(v)) keepView(v);
      const path = gamePath(v.id);
      if (location.pathname !== path) history.replaceState(null, '', path);
    }
    const seed = this.hintSeed;
    this.hintSeed = null;
    this.poller.follow(v, seed);
    // A paused game shown in a visible tab (a reload, a link, a return) runs again: the clock
    // is paused only while the player cannot see the table.
    if (v && isPaused(v) && v.status === 'playing' && document.visibilityState === 'visible') this.resume();
  }

  select(sel: Selection | null): void { this.store.dispatch({ type: 'select', sel }); }
  dialog(dialog: Dialog, game?: GameName): void { this.store.dispatch({ type: 'dialog', dialog, ...(game ? { game } : {}) }); }
  clearHint(): void { this.store.dispatch({ type: 'hint', hint: null }); }
  announce(text: string): void { this.store.dispatch({ type: 'announce', text }); }

  flash(text: string, kind: Toast['kind'] = 'error'): void {
    this.store.dispatch({ type: 'toast', toast: { text, kind, id: Date.now() } });
    this.announce(text);
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => this.store.dispatch({ type: 'toast', toast: null }), 3000);
  }

  private refusal(err: unknown): string {
    if (!(err instanceof ApiError)) return this.t('error.network');
    return reasonText(this.state.lang, err.reason, err.message, err.max !== null ? { max: err.max } : {});
  }

  /** Run one server call after the previous one, on the newest view. */
  run(fn: (v: ServerView) => Promise<ServerView | void>, onError?: (e: ApiError) => boolean): void {
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
          this.select(null);
          this.flash(this.t('ann.conflict'), 'info');
        } else {
          this.flash(this.refusal(err));
          if (isNetworkError(err)) this.reconnector.start();
        }
      } finally {
        this.store.dispatch({ type: 'busy', delta: -1 });
      }
    });
  }

  submit(move: Move): void {
    this.select(null);
    this.clearHint();
    this.run(async (v) => {
      const next = await this.api.move(v, move);
      const said = describe(this.state.lang, move, next.events);
      this.announce(next.status === 'won' ? `${said}. ${this.t('ann.won')}` : said);
      return next;
    });
  }

  /** Every card and place arrives here (mouse, touch, Enter, Space). */
  tap(loc: string): void {
    const v = this.live();
    if (!v) return;
    this.motion.finish();
    const { sel, lang } = this.state;
    const out = tapOutcome(v, sel, loc);
    if (out.kind === 'select') {
      this.select(out.selection);
      this.clearHint();
      const ts = targetsOf(v, out.selection);
      const what = moduleOf(v).selectionName(v, out.selection.loc, lang);
      const t = this.t;
      this.announce(`${t('sel.selected', { card: what })}. ${ts.length ? t('sel.targets', { n: ts.length }) : t('sel.none')}`);
    } else if (out.kind === 'clear') {
      this.select(null);
      this.announce(this.t('sel.cleared'));
    } else if (out.kind === 'submit') {
      this.submit(out.move);
    } else if (out.kind === 'refuse') {
      this.flash(reasonText(lang, out.reason, '', out.max !== undefined ? { max: out.max } : {}));
    }
  }

  startGame(game: GameName, options: Options, deal?: number, daily = false): void {
    this.store.dispatch({ type: 'fresh' });
    this.store.dispatch({ type: 'replay', id: null });
    if (!daily) try { localStorage.setItem(OPTIONS_KEY(game), JSON.stringify(options)); } catch { /* ignore */ }
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
        this.dealing = true;
        this.setView(v);
        this.announce(`${this.t(`game.${game}` as Key)} ${v.deal_id}`);
      } catch (err) {
        this.flash(this.refusal(err));
        if (isNetworkError(err)) this.reconnector.start();
      } finally {
        this.store.dispatch({ type: 'busy', delta: -1 });
      }
    });
  }

  replay(): void {
    const v = this.state.view;
    if (v) this.startGame(v.game, v.options as Options, v.deal);
  }

  undo(): void {
    this.select(null);
    this.clearHint();
    this.run(async (v) => {
      const next = await this.api.undo(v);
      this.announce(this.t('ann.undone'));
      return next;
    });
  }

  /** Undo every move, one ordinary undo at a time (the server's rules and counts hold). */
  undoAll(): void {
    this.select(null);
    this.clearHint();
    this.run(async (v) => {
      let cur = v;
      while (cur.moves > 0 && cur.status === 'playing') {
        cur = await this.api.undo(cur);
        this.setView(cur);
      }
      this.announce(this.t('ann.undone'));
      return cur;
    });
  }

  menu(item: MenuItem): void {
    this.dialog(null);
    if (item === 'restart') return this.replay();
    if (item === 'undo_all') return this.undoAll();
    if (item === 'lang') return this.switchLang();
    this.dialog(item);
  }

  setSettings(settings: Settings): void {
    saveSettings(settings);
    applySettings(settings);
    this.store.dispatch({ type: 'settings', settings });
  }

  resign(): void {
    this.clearHint();
    this.run(async (v) => this.api.resign(v));
  }

  /** Ask the server for a hint; from the unwinnable panel, the panel steps aside for it. */
  askHint(fromPanel = false): void {
    this.select(null);
    this.run(async (v) => {
      const answer = await this.api.hint(v);
      const game = answer.game;
      const shown = isPaused(game) ? null : readHint(game, answer.hint);
      this.store.dispatch({ type: 'hint', hint: shown });
      if (shown && !isPaused(game)) this.announce(hintLine(shown, (m) => moduleOf(game).say(game, m, this.t), this.t));
      this.hintSeed = answer.analysis;
      if (fromPanel) this.store.dispatch({ type: 'deadEndClosed', version: game.version });
      return game;
    });
  }

  /** Back to the last winnable point the analysis named (versioned like undo). */
  rewind(): void {
    this.select(null);
    this.clearHint();
    this.run(async (v) => {
      const next = await this.api.rewind(v);
      this.announce(this.t('rewind.done', { n: Math.max(0, v.moves - next.moves) }));
      return next;
    });
  }

  exit(e: Exit): void {
    if (e === 'rewind') return this.rewind();
    if (e === 'undo') return this.undo();
    if (e === 'hint') return this.askHint(true);
    if (e === 'resign') return this.resign();
    if (e === 'replay') return this.replay();
    return this.dialog('new');
  }

  /** A pile button: its move, or (when it can do nothing now) the reason why not. */
  pile(p: PileAction): void {
    const v = this.live();
    if (!v || v.status !== 'playing') return;
    if (p.disabled) this.flash(this.t(p.disabled));
    else this.submit(p.move);
  }

  goHome(): void {
    history.pushState(null, '', '/');
    this.store.dispatch({ type: 'fresh' });
    this.store.dispatch({ type: 'replay', id: null });
    this.setView(null);
    this.loadDaily();
  }

  /** Watch a finished game's replay (its own page, /replay/<id>). */
  watch(id: string): void {
    history.pushState(null, '', replayPath(id));
    this.store.dispatch({ type: 'fresh' });
    this.setView(null);
    this.store.dispatch({ type: 'replay', id });
  }

  /** Today's deals and the player's daily streaks, for the home page. */
  loadDaily(): void {
    Promise.all([this.api.daily(), this.api.me().then((p) => p.stats, () => null)]).then(
      ([daily, stats]) => this.store.dispatch({ type: 'daily', daily, stats }),
      () => this.store.dispatch({ type: 'daily', daily: null, stats: null }),
    );
  }

  /** The D and R keys: whatever the game's module says they mean now. */
  pileKey(key: 'draw' | 'recycle'): void {
    const v = this.live();
    if (!v || v.status !== 'playing') return;
    const move = moduleOf(v).keyMove(v, key);
    if (move) this.submit(move);
  }

  private focusStep(dir: Direction): void {
    const root = this.table;
    if (!root) return;
    const els = [...root.querySelectorAll<HTMLElement>('[data-nav]')];
    const spots = els.map((el, i) => {
      const r = el.getBoundingClientRect();
      return { id: String(i), x: r.left + r.width / 2, y: r.top + Math.min(r.height / 2, 20) };
    });
    const cur = els.indexOf(document.activeElement as HTMLElement);
    const next = nextFocus(spots, cur >= 0 ? String(cur) : null, dir);
    if (next !== null) els[Number(next)]?.focus();
  }

  private escape(): void {
    const { dialog, view, hideResult, sel, hint } = this.state;
    if (dialog) this.dialog(null);
    else if (view && view.status !== 'playing' && !hideResult) this.store.dispatch({ type: 'hideResult', hide: true });
    else if (sel || hint) { this.select(null); this.clearHint(); }
    else if (view) this.store.dispatch({ type: 'deadEndClosed', version: view.version });
  }

  command(c: Command): void {
    this.motion.finish();
    if (c === 'escape') return this.escape();
    if (this.state.dialog) return;
    if (c === 'new') return this.dialog('new');
    if (!this.state.view) return;
    switch (c) {
      case 'undo': return this.undo();
      case 'hint': return this.askHint();
      case 'draw': return this.pileKey('draw');
      case 'recycle': return this.pileKey('recycle');
      default: return this.focusStep(c);
    }
  }

  switchLang(): void {
    const next = this.state.lang === 'en' ? 'ja' : 'en';
    saveLang(next);
    this.store.dispatch({ type: 'lang', lang: next });
  }

  /** Route on load and on history navigation. */
  async route(): Promise<void> {
    const r = parseRoute(location.pathname, location.search);
    try {
      await this.api.ensurePlayer();
    } catch {
      this.store.dispatch({ type: 'fatal', text: this.t('error.network') });
      this.reconnector.start();
      return;
    }
    this.api.catalog().then((catalog) => this.store.dispatch({ type: 'catalog', catalog }), () => undefined);
    this.store.dispatch({ type: 'replay', id: r.kind === 'replay' ? r.id : null });
    if (r.kind === 'home' || r.kind === 'bad') this.loadDaily();
    if (r.kind === 'replay') {
      this.setView(null);
    } else if (r.kind === 'play') {
      this.startGame(r.game, storedOptions(r.game), r.deal);
    } else if (r.kind === 'game') {
      await this.openGame(r.id);
    } else if (r.kind === 'bad') {
      history.replaceState(null, '', '/');
    }
    this.store.dispatch({ type: 'ready' });
  }

  /** Show game `id`; without a connection, the kept view and "reconnecting". */
  private async openGame(id: string): Promise<void> {
    try {
      this.setView(await this.api.game(id));
    } catch (err) {
      const kept = keptView(id);
      if (isNetworkError(err) && kept) {
        this.setView(kept);
        this.reconnector.start();
        return;
      }
      this.setView(null);
      history.replaceState(null, '', '/');
      const gone = err instanceof ApiError && (err.status === 404 || err.status === 401);
      this.store.dispatch({ type: 'fatal', text: gone ? this.t('error.notfound') : this.t('error.network') });
      if (!gone) this.reconnector.start();
    }
  }

  /** One reconnection attempt: the current game again, or the route from the start. */
  private async reconnect(): Promise<void> {
    const v = this.state.view;
    if (!v) {
      await this.api.ensurePlayer();
      this.store.dispatch({ type: 'fatal', text: null });
      return this.route();
    }
    this.setView(await this.api.game(v.id));
  }

  /** The clock pauses while the tab is hidden. */
  private onVisibility = (): void => {
    const v = this.state.view;
    if (!v || v.status !== 'playing') return;
    const running = document.visibilityState === 'visible';
    this.api.clock(v.id, running, !running).then((next) => {
      const cur = this.state.view;
      if (next && cur && next.id === cur.id && next.version === cur.version) this.setView(next);
    }, () => undefined);
  };

  /** Run the paused clock again: the server sends the board back. */
  resume(): void {
    const v = this.state.view;
    if (!v || v.status !== 'playing' || this.resuming) return;
    this.resuming = true;
    this.api.clock(v.id, true).then((next) => { if (next && this.state.view?.id === next.id) this.setView(next); },
      () => this.flash(this.t('error.network'))).finally(() => { this.resuming = false; });
  }

  private onKey = (e: KeyboardEvent): void => {
    if (this.state.replay && !this.state.dialog) return; // the replay viewer has its own keys
    const el = e.target as HTMLElement | null;
    const inField = !!el && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName);
    const c = keyCommand({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, inField });
    if (!c) return;
    if (inField && c !== 'escape') return;
    e.preventDefault();
    this.command(c);
  };

  private onPop = (): void => { void this.route(); };

  /** Install the document listeners and take the first route; returns the undo of it. */
  attach(): () => void {
    applySettings(this.state.settings);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    const onScheme = () => applySettings(this.state.settings);
    scheme.addEventListener('change', onScheme);
    document.addEventListener('keydown', this.onKey);
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('popstate', this.onPop);
    void this.route();
    return () => {
      document.removeEventListener('keydown', this.onKey);
      document.removeEventListener('visibilitychange', this.onVisibility);
      window.removeEventListener('popstate', this.onPop);
      scheme.removeEventListener('change', onScheme);
      this.poller.stop();
    };
  }
}
