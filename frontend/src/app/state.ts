// The shell's one state object and its reducer: the server's view plus what the table shows
// around it (selection, hint, dialogs, notices), and everything else fetched from the server
// (the catalog, today's deals, the panels' leaderboards, statistics and bests, a replay's
// record). Pure: every change is an action.
import type { Best, Catalog, DailyBoard, DailyToday, Device, LinkCode, Player, Replay } from '../api/client';
import type { Checked, DailyRank, DealBoard, Loaded } from '../model/fetched';
import type { Lang } from '../i18n';
import type { GameName, ServerView } from '../model/types';
import { noVerdictAfter, type NoVerdict, type Watch } from '../state/analysis';
import type { ShownHint } from '../state/hint';
import type { Selection } from '../model/play';
import type { Settings } from './settings';

export type Dialog =
  | 'new'
  | 'rules'
  | 'bests'
  | 'leaderboard'
  | 'menu'
  | 'stats'
  | 'settings'
  | 'daily'
  | 'devices'
  | 'record'
  | null;
export interface Toast {
  text: string;
  kind: 'error' | 'info';
  id: number;
}

/** What the panels show, fetched by `Data` when they open. */
export interface Fetched {
  /** the player's statistics (the statistics dialog) */
  me: Loaded<Player>;
  /** the player's personal bests */
  bests: Loaded<Best[]>;
  dealBoard: DealBoard | null;
  /** the day's leaderboard of `dailyGame` (the 'daily' dialog) */
  dailyBoard: Loaded<DailyBoard>;
  dailyRank: DailyRank | null;
  /** the record of the replay being watched */
  replayMeta: Loaded<Replay>;
  /** the link code made here for another device (the 'devices' dialog) */
  link: Loaded<LinkCode>;
  /** the player's devices (the 'devices' dialog) */
  devices: Loaded<Device[]>;
  /** a pasted record, checked by the server (the 'record' dialog) */
  checked: Loaded<Checked>;
  /** a code from a /link/<code> address, redeemed once the player says so */
  linkInput: string;
  /** what an account action said, shown in its dialog */
  accountNote: { text: string; kind: 'error' | 'info'; near?: 'redeem' } | null;
}

export interface UiState extends Fetched {
  lang: Lang;
  /** the game on the table, as the server last sent it */
  view: ServerView | null;
  /** when `view` arrived (the clock ticks from there) */
  receivedAt: number;
  sel: Selection | null;
  /** the selection is being dragged (src/app/drag.ts) */
  dragging: boolean;
  toast: Toast | null;
  /** the live region's text */
  live: string;
  dialog: Dialog;
  hint: ShownHint | null;
  watch: Watch | null;
  /** the game has no verdict for a reason the player is told (the note line) */
  noVerdict: NoVerdict | null;
  /** the results panel was closed to look at the finished board */
  hideResult: boolean;
  /** the version whose dead-end panel was dismissed */
  deadEndClosed: number | null;
  catalog: Catalog | null;
  fatal: string | null;
  /** server calls in flight */
  busy: number;
  /** the first route has been taken */
  ready: boolean;
  /** a game is being opened or dealt: the table keeps its place for it */
  opening: boolean;
  settings: Settings;
  /** the version of a win being celebrated (0: none) */
  celebrate: number;
  /** the server could not be reached; retrying */
  offline: boolean;
  /** the finished game being watched at /replay/<id> */
  replay: string | null;
  /** today's deals and the player's daily streaks (the home page) */
  daily: Loaded<DailyToday>;
  stats: Player['stats'] | null;
  /** the game whose daily leaderboard the 'daily' dialog shows */
  dailyGame: GameName | null;
}

export type Action =
  | { type: 'view'; view: ServerView | null; at: number }
  | { type: 'select'; sel: Selection | null }
  | { type: 'dragging'; on: boolean }
  | { type: 'toast'; toast: Toast | null }
  | { type: 'announce'; text: string }
  | { type: 'dialog'; dialog: Dialog; game?: GameName }
  | { type: 'hint'; hint: ShownHint | null }
  | { type: 'watch'; watch: Watch | null }
  | { type: 'hideResult'; hide: boolean }
  | { type: 'deadEndClosed'; version: number | null }
  | { type: 'catalog'; catalog: Catalog }
  | { type: 'fatal'; text: string | null }
  | { type: 'busy'; delta: 1 | -1 }
  | { type: 'ready' }
  | { type: 'opening'; on: boolean }
  | { type: 'lang'; lang: Lang }
  | { type: 'settings'; settings: Settings }
  | { type: 'offline'; offline: boolean }
  | { type: 'celebrate'; version: number }
  | { type: 'replay'; id: string | null }
  | { type: 'daily'; daily: Loaded<DailyToday>; stats: Player['stats'] | null }
  | { type: 'fetched'; data: Partial<Fetched> }
  /** a new game is being dealt: nothing of the old one stays selected or shown */
  | { type: 'fresh' };

export function initialState(lang: Lang, settings: Settings, opening = false): UiState {
  return {
    lang,
    settings,
    offline: false,
    view: null,
    receivedAt: 0,
    sel: null,
    dragging: false,
    celebrate: 0,
    toast: null,
    live: '',
    dialog: null,
    hint: null,
    watch: null,
    noVerdict: null,
    hideResult: false,
    deadEndClosed: null,
    catalog: null,
    fatal: null,
    busy: 0,
    ready: false,
    opening,
    replay: null,
    daily: null,
    stats: null,
    dailyGame: null,
    me: null,
    bests: null,
    dealBoard: null,
    dailyBoard: null,
    dailyRank: null,
    replayMeta: null,
    link: null,
    devices: null,
    checked: null,
    linkInput: '',
    accountNote: null,
  };
}

/** The toast that outlives a new selection or move: a notice, not a refusal. */
const staleRefusalOff = (toast: Toast | null): Toast | null => (toast?.kind === 'error' ? null : toast);

/** A view arrives; a move (a new version) replaces the refusal of the position before it. */
function shown(s: UiState, view: ServerView | null, at: number): UiState {
  const moved = view?.id !== s.view?.id || view?.version !== s.view?.version;
  return {
    ...s,
    view,
    receivedAt: at,
    opening: view ? false : s.opening,
    toast: moved ? staleRefusalOff(s.toast) : s.toast,
  };
}

export function reduce(s: UiState, a: Action): UiState {
  switch (a.type) {
    case 'view':
      return shown(s, a.view, a.at);
    // A refusal speaks of the selection it refused: a new selection replaces it.
    case 'select':
      return { ...s, sel: a.sel, toast: a.sel ? staleRefusalOff(s.toast) : s.toast };
    case 'dragging':
      return { ...s, dragging: a.on };
    case 'toast':
      return { ...s, toast: a.toast };
    // The same text twice must still be spoken: make it differ invisibly.
    case 'announce':
      return { ...s, live: s.live === a.text ? `${a.text}\u00a0` : a.text };
    case 'dialog':
      return { ...s, dialog: a.dialog, dailyGame: a.game ?? s.dailyGame };
    case 'hint':
      return { ...s, hint: a.hint };
    case 'watch':
      return { ...s, watch: a.watch, noVerdict: noVerdictAfter(s.noVerdict, a.watch) };
    // Looking at the finished board ends the celebration: nothing falls over "See the result".
    case 'hideResult':
      return { ...s, hideResult: a.hide, celebrate: a.hide ? 0 : s.celebrate };
    case 'deadEndClosed':
      return { ...s, deadEndClosed: a.version };
    case 'catalog':
      return { ...s, catalog: a.catalog };
    case 'fatal':
      return { ...s, fatal: a.text };
    case 'busy':
      return { ...s, busy: s.busy + a.delta };
    case 'ready':
      return { ...s, ready: true };
    case 'opening':
      return { ...s, opening: a.on };
    case 'lang':
      return { ...s, lang: a.lang };
    case 'settings':
      return { ...s, settings: a.settings };
    case 'offline':
      return { ...s, offline: a.offline };
    case 'celebrate':
      return { ...s, celebrate: a.version };
    case 'replay':
      return { ...s, replay: a.id };
    case 'daily':
      return { ...s, daily: a.daily, stats: a.stats };
    case 'fetched':
      return { ...s, ...a.data };
    case 'fresh':
      return { ...s, dialog: null, sel: null, hint: null, hideResult: false };
  }
}
