// The shell's behaviour, put together: the one state object (`store`), the server calls
// (`server` for the game, `data` for what the panels show), input (`input`) and routing
// (`router`), the motion of the cards, and the document listeners. Names no game: each game's
// module answers what its input means.
import { Api } from '../api/client';
import { loadLang, saveLang } from '../i18n';
import { Account } from './account';
import { Data } from './data';
import { Drag } from './drag';
import { Input } from './input';
import { Motion } from './motion';
import { Router } from './router';
import { Server } from './server';
import { applySettings, loadSettings, motionOn, saveSettings, type Settings } from './settings';
import { opensGame } from '../state/route';
import { initialState } from './state';
import { Store } from './store';

export class Controller {
  readonly store = new Store(
    initialState(loadLang(), loadSettings(), opensGame(location.pathname, location.search)),
  );
  /** the table element (motion, arrow-key focus movement) */
  table: HTMLElement | null = null;
  readonly motion = new Motion(
    () => this.table,
    () => this.motionOn(),
  );
  readonly data: Data;
  readonly server: Server;
  readonly router: Router;
  readonly input: Input;
  readonly drag: Drag;
  readonly account: Account;

  constructor(readonly api: Api = new Api()) {
    let router: Router | null = null;
    this.data = new Data(api, this.store);
    let drag: Drag | null = null;
    this.server = new Server(api, this.store, this.data, this.motion, {
      shown: (v) => {
        router?.shown(v);
        drag?.cancel(); // the cards under the pointer may have moved on
      },
      reroute: () => router?.route() ?? Promise.resolve(),
    });
    this.router = router = new Router(this.store, this.server, this.data);
    this.input = new Input(
      this.store,
      this.server,
      this.data,
      this.motion,
      () => this.table,
      () => this.switchLang(),
    );
    this.drag = drag = new Drag(this.store, this.server, this.motion, () => this.table);
    this.account = new Account(api, this.store, () => this.router.goHome());
  }

  motionOn(): boolean {
    return motionOn(this.store.state.settings, matchMedia('(prefers-reduced-motion: reduce)').matches);
  }

  setSettings(settings: Settings): void {
    saveSettings(settings);
    applySettings(settings);
    this.store.dispatch({ type: 'settings', settings });
  }

  switchLang(): void {
    const next = this.store.state.lang === 'en' ? 'ja' : 'en';
    saveLang(next);
    this.store.dispatch({ type: 'lang', lang: next });
  }

  /** Install the document listeners and take the first route; returns the undo of it. */
  attach(): () => void {
    applySettings(this.store.state.settings);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    const onScheme = () => applySettings(this.store.state.settings);
    const onVisibility = () => this.server.clockFollowsTab();
    scheme.addEventListener('change', onScheme);
    document.addEventListener('keydown', this.input.onKey);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('popstate', this.router.onPop);
    const detach = this.drag.attach();
    void this.router.route();
    return () => {
      detach();
      document.removeEventListener('keydown', this.input.onKey);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('popstate', this.router.onPop);
      scheme.removeEventListener('change', onScheme);
      this.server.stop();
    };
  }
}
