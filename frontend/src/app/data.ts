// Server calls that fetch what the home page and the panels show (never a move): the catalog,
// today's deals, statistics, personal bests, leaderboards with par, a daily's rank, a replay's
// record. Each answer lands in the one state object; the views only read it from there.
import type { Api } from '../api/client';
import { readPar, type GameName, type GameView, type ServerView } from '../model/types';
import type { DailyRank, DealBoard } from '../model/fetched';
import type { Dialog } from './state';
import type { Store } from './store';

export class Data {
  constructor(
    private api: Api,
    private store: Store,
  ) {}

  catalog(): void {
    this.api.catalog().then(
      (catalog) => this.store.dispatch({ type: 'catalog', catalog }),
      () => undefined,
    );
  }

  /** Today's deals and the player's daily streaks, for the home page. */
  daily(): void {
    const stats = this.api.me().then(
      (p) => p.stats,
      () => null,
    );
    if (this.store.state.daily === null)
      this.store.dispatch({ type: 'daily', daily: 'loading', stats: null });
    Promise.all([this.api.daily(), stats]).then(
      ([daily, st]) => this.store.dispatch({ type: 'daily', daily, stats: st }),
      () => this.store.dispatch({ type: 'daily', daily: 'error', stats: null }),
    );
  }

  /** Open a dialog, and ask for what it shows. */
  open(dialog: Dialog, game?: GameName): void {
    this.store.dialog(dialog, game);
    const s = this.store.state;
    if (dialog === 'stats' || dialog === 'devices') this.me();
    if (dialog === 'devices') this.devices();
    if (dialog === 'devices' || dialog === 'record') this.store.fetched({ accountNote: null, checked: null });
    if (dialog === 'stats' || dialog === 'bests') this.bests();
    if (dialog === 'leaderboard' && s.view) this.dealBoard(s.view);
    if (dialog === 'daily' && typeof s.daily === 'object' && s.daily && game)
      this.dailyBoard(game, s.daily.date);
  }

  /** A finished game: its deal's leaderboard with par, and a daily's rank that day. */
  finished(view: GameView): void {
    this.dealBoard(view);
    this.store.dispatch({ type: 'fetched', data: { dailyRank: null } });
    dailyRank(this.api, view).then(
      (dailyRank) => {
        if (this.store.state.view?.id === view.id)
          this.store.dispatch({ type: 'fetched', data: { dailyRank } });
      },
      () => undefined,
    );
  }

  /** The record of replay `id` (its steps are fetched by the viewer's `ReplaySource`). */
  replay(id: string): void {
    this.store.dispatch({ type: 'fetched', data: { replayMeta: 'loading' } });
    this.api.replay(id).then(
      (meta) => {
        if (this.store.state.replay === id)
          this.store.dispatch({ type: 'fetched', data: { replayMeta: meta } });
      },
      () => {
        if (this.store.state.replay === id)
          this.store.dispatch({ type: 'fetched', data: { replayMeta: 'error' } });
      },
    );
  }

  private me(): void {
    this.store.dispatch({ type: 'fetched', data: { me: 'loading' } });
    this.api.me().then(
      (me) => this.store.dispatch({ type: 'fetched', data: { me } }),
      () => this.store.dispatch({ type: 'fetched', data: { me: 'error' } }),
    );
  }

  private devices(): void {
    this.store.fetched({ devices: 'loading' });
    this.api.devices().then(
      (devices) => this.store.fetched({ devices }),
      () => this.store.fetched({ devices: 'error' }),
    );
  }

  private bests(): void {
    this.store.dispatch({ type: 'fetched', data: { bests: 'loading' } });
    this.api.bests().then(
      (b) => this.store.dispatch({ type: 'fetched', data: { bests: b.items } }),
      () => this.store.dispatch({ type: 'fetched', data: { bests: [] } }),
    );
  }

  /** The deal's leaderboard; its par only once this game is over (never during play). */
  private dealBoard(view: ServerView): void {
    const key = `${view.deal_id}/${view.ruleset}/${view.status}`;
    const mine = () => this.store.state.dealBoard?.key === key;
    const set = (patch: Partial<DealBoard>) => {
      const cur = this.store.state.dealBoard;
      if (cur && mine()) this.store.dispatch({ type: 'fetched', data: { dealBoard: { ...cur, ...patch } } });
    };
    this.store.dispatch({ type: 'fetched', data: { dealBoard: { key, entries: 'loading', par: null } } });
    const deal = view.deal;
    if (deal === null) {
      // A ranked deal (a daily) has no number: its board is the day's.
      if (!view.daily) return set({ entries: 'error' });
      this.api.dailyLeaderboard(view.game, view.daily).then(
        (b) => set({ entries: { deal_id: b.deal_id, ruleset: b.ruleset, open: b.open, entries: b.entries } }),
        () => set({ entries: 'error' }),
      );
      return;
    }
    this.api.leaderboard(view.game, deal, view.ruleset).then(
      (entries) => set({ entries }),
      () => set({ entries: 'error' }),
    );
    if (view.status === 'playing') return;
    this.api.deal(view.game, deal, view.ruleset).then(
      (d) => set({ par: readPar(d.par) }),
      () => undefined,
    );
  }

  private dailyBoard(game: GameName, date: string): void {
    this.store.dispatch({ type: 'fetched', data: { dailyBoard: 'loading' } });
    this.api.dailyLeaderboard(game, date).then(
      (dailyBoard) => this.store.dispatch({ type: 'fetched', data: { dailyBoard } }),
      () => this.store.dispatch({ type: 'fetched', data: { dailyBoard: 'error' } }),
    );
  }
}

/** A daily game's rank that day (from the day's leaderboard); nothing for other games. */
async function dailyRank(api: Api, view: GameView): Promise<DailyRank | null> {
  if (view.status !== 'won' || !view.daily) return null;
  const date = view.daily;
  const item = await api.dailyOn(view.game, date);
  if (item.deal_id !== view.deal_id || item.ruleset !== view.ruleset) return null;
  const board = await api.dailyLeaderboard(view.game, date);
  const mine = board.entries.find((e) => e.game_id === view.id);
  if (mine) return { rank: mine.rank, of: board.entries.length };
  const result = item.result && 'game_id' in item.result ? item.result : null;
  return result?.game_id === view.id ? 'unranked' : null;
}
