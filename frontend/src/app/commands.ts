// What the shell's components may do, named for what the player does, and what they may read:
// a small typed interface over the controller, handed down through a Preact context. A
// component depends on `Commands` alone, never on the controller, its store or its raw actions
// (`test/imports.test.ts` holds this), so the controller can change behind it and a component
// can be rendered with any implementation of it.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Api, Device } from '../api/client';
import type { PileAction } from '../games/types';
import type { Exit, Selection } from '../model/play';
import type { GameName, GameView, Options } from '../model/types';
import type { MenuItem } from '../views/Menus';
import { Controller } from './controller';
import type { Settings } from './settings';
import type { Dialog, Toast, UiState } from './state';

export interface Commands {
  // At the table.
  /** a tap, a click or Enter/Space on a place: select, move, or what the game's module says */
  tap(loc: string, e?: MouseEvent): void;
  /** select the cards `sel` names (Forty Thieves' lift bar), or nothing */
  select(sel: Selection | null): void;
  /** press a pile button of the toolbar (draw, recycle, redeal, collect) */
  pile(p: PileAction): void;
  undo(): void;
  hint(): void;
  closeHint(): void;
  /** play the same deal again from its start */
  restart(): void;
  /** come back to a game paused in another tab */
  resume(): void;
  /** take an exit of a dead end (undo, hint, rewind, …) */
  exit(e: Exit): void;
  closeDeadEnd(version: number): void;
  /** show the result panel of a finished game again, or put it away */
  showResult(shown: boolean): void;
  // Games and pages.
  /** start a game: of a numbered deal, a random one, or a daily (`daily`: today's, or a date's) */
  newGame(game: GameName, options: Options, deal?: number, daily?: boolean | string): void;
  watch(replayId: string): void;
  goHome(): void;
  openDaily(game: GameName): void;
  openDialog(dialog: Dialog): void;
  closeDialog(): void;
  pickMenu(item: MenuItem): void;
  // The player's own things.
  switchLang(): void;
  changeSettings(settings: Settings): void;
  notify(text: string, kind?: Toast['kind']): void;
  saveRecord(view: GameView, how: 'copy' | 'download'): void;
  verifyRecord(text: string): void;
  makeLinkCode(): void;
  redeemLinkCode(code: string): void;
  signOut(device: Device): void;
  exportData(): void;
  deletePlayer(confirm: string): void;
  // What the replay viewer needs: it fetches its steps and moves its cards itself.
  readonly api: Api;
  motionOn(): boolean;
}

/** The shell's root: the commands, the one state object (read-only), and the hooks of the
 *  document and the table the root component installs. */
export interface Shell {
  readonly commands: Commands;
  readonly state: Readonly<UiState>;
  subscribe(listener: () => void): () => void;
  /** install the document's listeners and take the first route; returns the undo of it */
  attach(): () => void;
  /** the table element, for the cards' motion and the arrow keys' focus */
  setTable(el: HTMLElement | null): void;
  /** play the cards' motion after a render that showed a new position */
  playMotion(): void;
}

/** The shell over a controller talking to `api` (a stand-in in the tests). */
export function createShell(api?: Api): Shell {
  const ctl = new Controller(api);
  const { store, server, input, router, data, account } = ctl;
  const commands: Commands = {
    tap: (loc, e) => input.tap(loc, e),
    select: (sel) => store.select(sel),
    pile: (p) => input.pile(p),
    undo: () => server.undo(),
    hint: () => server.askHint(),
    closeHint: () => store.clearHint(),
    restart: () => server.restart(),
    resume: () => server.resume(),
    exit: (e) => input.exit(e),
    closeDeadEnd: (version) => store.dispatch({ type: 'deadEndClosed', version }),
    showResult: (shown) => store.dispatch({ type: 'hideResult', hide: !shown }),
    newGame: (game, options, deal, daily = false) => server.startGame(game, options, deal, daily),
    watch: (id) => router.watch(id),
    goHome: () => router.goHome(),
    openDaily: (game) => data.open('daily', game),
    openDialog: (dialog) => store.dialog(dialog),
    closeDialog: () => store.dialog(null),
    pickMenu: (item) => input.menu(item),
    switchLang: () => ctl.switchLang(),
    changeSettings: (settings) => ctl.setSettings(settings),
    notify: (text, kind) => store.flash(text, kind),
    saveRecord: (view, how) => account.record(view, how),
    verifyRecord: (text) => account.verify(text),
    makeLinkCode: () => account.makeCode(),
    redeemLinkCode: (code) => account.redeem(code),
    signOut: (device) => account.signOut(device),
    exportData: () => account.exportData(),
    deletePlayer: (confirm) => account.deletePlayer(confirm),
    api: ctl.api,
    motionOn: () => ctl.motionOn(),
  };
  return {
    commands,
    get state() {
      return store.state;
    },
    subscribe: (listener) => store.subscribe(listener),
    attach: () => ctl.attach(),
    setTable: (el) => {
      ctl.table = el;
    },
    playMotion: () => ctl.motion.play(),
  };
}

export const CommandsContext = createContext<Commands | null>(null);

/** The commands of the shell a component sits in (`App` provides them). */
export function useCommands(): Commands {
  const c = useContext(CommandsContext);
  if (!c) throw new Error('useCommands outside the shell (App provides the commands)');
  return c;
}
