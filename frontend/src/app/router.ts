// Routing: the page's URL ↔ what the table shows. `/play/<deal-id>` starts that deal,
// `/game/<id>` shows a game (and survives a reload), `/replay/<id>` watches a finished one, `/`
// is home; history navigation takes the route again.
import type { ServerView } from '../model/types';
import { gamePath, replayPath } from '../model/paths';
import { parseRoute } from '../state/route';
import { storedOptions } from './saved';
import type { Data } from './data';
import type { Server } from './server';
import type { Store } from './store';

export class Router {
  constructor(
    private store: Store,
    private server: Server,
    private data: Data,
  ) {}

  /** A view is shown: the address bar names its game (no new history entry). */
  shown(v: ServerView | null): void {
    if (!v) return;
    const path = gamePath(v.id);
    if (location.pathname !== path) history.replaceState(null, '', path);
  }

  /** Route on load and on history navigation. */
  async route(): Promise<void> {
    const r = parseRoute(location.pathname, location.search);
    const server = this.server;
    try {
      await server.api.ensurePlayer();
    } catch {
      this.store.dispatch({ type: 'opening', on: false });
      this.store.dispatch({ type: 'fatal', text: this.store.t('error.network') });
      server.reconnector.start();
      return;
    }
    this.data.catalog();
    this.store.dispatch({ type: 'replay', id: r.kind === 'replay' ? r.id : null });
    if (r.kind !== 'play' && r.kind !== 'game') this.store.dispatch({ type: 'opening', on: false });
    if (r.kind === 'home' || r.kind === 'bad' || r.kind === 'link') this.data.daily();
    if (r.kind === 'replay') {
      server.setView(null);
      this.data.replay(r.id);
    } else if (r.kind === 'play') {
      // A daily deal ID opens that day's daily (an earlier day's is practice).
      server.startGame(r.game, storedOptions(r.game), r.deal ?? undefined, r.daily ?? false, false);
    } else if (r.kind === 'game') {
      if (!(await server.openGame(r.id))) {
        history.replaceState(null, '', '/');
        await server.api.ensurePlayer().catch(() => undefined); // a token refused was forgotten
        this.data.daily();
      }
    } else if (r.kind === 'bad') {
      // A mistyped shared link: home, with what was wrong with it and what a deal link reads like.
      history.replaceState(null, '', '/');
      const id = /^\/play\/(.+)$/.exec(r.path)?.[1];
      const t = this.store.t;
      this.store.dispatch({
        type: 'fatal',
        text: id ? t('error.baddeal', { id: id.slice(0, 40) }) : t('error.badpath'),
      });
    } else if (r.kind === 'link') {
      // The code is not redeemed by opening the address: the player says so in the dialog.
      history.replaceState(null, '', '/');
      this.store.fetched({ linkInput: r.code });
      this.data.open('devices');
    }
    this.store.dispatch({ type: 'ready' });
  }

  goHome(): void {
    history.pushState(null, '', '/');
    this.store.dispatch({ type: 'fresh' });
    this.store.dispatch({ type: 'replay', id: null });
    this.server.setView(null);
    this.data.daily();
  }

  /** Watch a finished game's replay (its own page, /replay/<id>). */
  watch(id: string): void {
    history.pushState(null, '', replayPath(id));
    this.store.dispatch({ type: 'fresh' });
    this.server.setView(null);
    this.store.dispatch({ type: 'replay', id });
    this.data.replay(id);
  }

  readonly onPop = (): void => {
    void this.route();
  };
}
