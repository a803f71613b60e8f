// The interface every game module implements: the shell (src/app) talks to a game only through
// it, so adding a game means adding a module: its folder `src/games/<game>/` with `index.ts`
// (the `GameModule` with its types, strings, rules of the table and rules page), `Board.tsx` and
// `board.css`. The registry (`src/games/index.ts`) finds the folder by itself.
import type { ComponentType } from 'preact';
import type { GameKey, Key, Lang, Strings, T } from '../i18n';
import type { Exit, Outcome, Selection, Target } from '../model/play';
import type { GameName, GameView, Move } from '../model/types';
import type { Sketch } from '../views/GamePicture';
import type { IconName } from '../views/Icon';
import type { RulesPage } from '../views/Rules';

/** What every board renderer receives: the view, the headless UI state, and one input. A board
 *  marks each place a card can be dropped on with `data-drop="<target loc>"` and each card that
 *  can be dragged with `grab` (see `GameModule.dragFrom`). */
export interface BoardProps<V extends GameView = GameView> {
  view: V;
  sel: Selection | null;
  targets: Target[];
  lang: Lang;
  t: T;
  /** a tap, a click or Enter/Space on a place (the event tells a double click) */
  onTap: (loc: string, e?: MouseEvent) => void;
  /** places of the hinted move */
  hinted: string[];
}

/** Extra controls above the board (Forty Thieves: the lift bar). */
export interface OverlayProps<V extends GameView = GameView> {
  view: V;
  sel: Selection | null;
  t: T;
  onSelect: (sel: Selection) => void;
}

/** One button of the toolbar that acts on a pile (draw, recycle, redeal, collect). */
export interface PileAction {
  /** the move it submits */
  move: Move;
  label: Key | GameKey;
  icon: IconName;
  /** the keyboard command that does the same (D or R) */
  key?: 'D' | 'R';
  /** drawn as the primary action */
  accent: boolean;
  /** drawn as an offer the player should notice (Gaps: "no card can move — redeal") */
  pulse?: boolean;
  /** why it can do nothing now (it is then shown disabled, with this reason) */
  disabled?: Key | GameKey;
}

export interface GameModule<V extends GameView = GameView> {
  game: GameName;
  /** where the game stands in the list of games (home page, menus): lower first */
  order: number;
  /** the daily card's mark (a short text) */
  art: string;
  /** the home page's picture of the game: where its cards lie at the start (`GamePicture`) */
  sketch: Sketch;
  Board: ComponentType<BoardProps<V>>;
  Overlay?: ComponentType<OverlayProps<V>>;
  /** what lights up for a selection (from `legal_moves` only) */
  targets(view: V, sel: Selection): Target[];
  /** what tapping a place means */
  tap(view: V, sel: Selection | null, loc: string): Outcome;
  /** what a drag from `loc` lifts (null: nothing there can be dragged); a game without it is
   *  played by tap alone (Pyramid: a pair is two taps, nothing is carried anywhere) */
  dragFrom?(view: V, loc: string): Selection | null;
  /** the places of the cards a selection lifts, bottom first (they move with the pointer) */
  liftedLocs?(view: V, sel: Selection): string[];
  /** a double click or double tap on the selected place (the first click selected it) */
  doubleTap?(view: V, sel: Selection): Outcome;
  /** the places a move involves (hint highlight) */
  moveSpots(view: V, move: Move): string[];
  /** a move in words, e.g. "put the 7♣ in the gap after the 6♣" (hints) */
  say(view: V, move: Move, t: T): string;
  /** the result panel's count of cards placed (its label) */
  resultLabel: GameKey;
  /** the spoken name of a selected place */
  selectionName(view: V, loc: string, lang: Lang, t: T): string;
  /** the status line */
  status(view: V, t: T): string[];
  /** the pile buttons of the toolbar */
  pileActions(view: V): PileAction[];
  /** the move of the D (draw) and R (recycle/redeal) keys, if the game has one */
  keyMove(view: V, key: 'draw' | 'recycle'): Move | null;
  /** notices kept back until the player reaches for the stock (a view answering a draw or a
   *  redeal): true on every fresh deal, they would only nag there */
  noticesAfterDraw?: readonly string[];
  /** the exits of a position proven unwinnable (SPEC §2–§5) */
  unwinnableExits: Exit[];
  /** the game's own strings (keys `<game>.…`: its name `<game>.name`, option labels
   *  `<game>.opt.<name>`, refusals `<game>.reason.<code>`, notices `<game>.notice.<code>`) */
  strings: Strings;
  /** the rules page in each language */
  rules: Record<Lang, RulesPage>;
}
