// Input: one path for every card and place (`tap`: mouse, touch, Enter, Space), one for keys
// and buttons (`command`), the toolbar's pile buttons, the menu and the dead-end exits. Each
// game's module says what a tap, a pile button or a key means; what needs the server goes to
// `Server`.
import { moduleOf } from '../games';
import type { PileAction } from '../games/types';
import { reasonText } from '../i18n';
import type { Exit, Outcome } from '../model/play';
import { keyCommand, nextFocus, type Command, type Direction } from '../state/keys';
import { tap as tapOutcome, targets as targetsOf } from '../state/select';
import type { MenuItem } from '../views/Menus';
import type { Data } from './data';
import type { Motion } from './motion';
import type { Server } from './server';
import type { Store } from './store';

/** Two touch taps on one place within this are a double tap. */
const DOUBLE_TAP_MS = 350;

export class Input {
  constructor(
    private store: Store,
    private server: Server,
    private data: Data,
    private motion: Motion,
    /** the table element, for arrow-key focus movement */
    private table: () => HTMLElement | null,
    /** menu items that are not the server's: the language */
    private switchLang: () => void,
  ) {}

  /** Every card and place arrives here (mouse, touch, Enter, Space); `e` tells a double click. */
  tap(loc: string, e?: MouseEvent): void {
    const v = this.store.live();
    if (!v) return;
    this.motion.finish();
    const { sel, lang } = this.store.state;
    const t = this.store.t;
    const double = this.isDouble(loc, e);
    const mod = moduleOf(v);
    if (double && mod.doubleTap && v.status === 'playing') {
      // The first click selected the card (or already moved it: then this one does nothing).
      const meant = mod.dragFrom?.(v, loc);
      if (meant && sel && meant.loc === sel.loc && meant.count === sel.count) this.act(mod.doubleTap(v, sel));
      return;
    }
    const out = tapOutcome(v, sel, loc);
    this.act(out);
    if (out.kind === 'select') {
      const ts = targetsOf(v, out.selection);
      const what = mod.selectionName(v, out.selection.loc, lang, t);
      const where = ts.length ? t('sel.targets', { n: ts.length }) : t('sel.none');
      this.store.announce(`${t('sel.selected', { card: what })}. ${where}`);
    }
  }

  private lastTap = { loc: '', at: -Infinity };

  /** A second tap on the place the last tap reached: by the browser's click count (a mouse) or
   *  soon after (a finger). The browser counts a drag's press too, so a tap just after a drag
   *  that missed is a first tap, not a double. */
  private isDouble(loc: string, e: MouseEvent | undefined): boolean {
    if (!e) return false;
    const last = this.lastTap;
    this.lastTap = { loc, at: e.timeStamp };
    const touch = 'pointerType' in e && e.pointerType === 'touch';
    const double = last.loc === loc && (e.detail >= 2 || (touch && e.timeStamp - last.at < DOUBLE_TAP_MS));
    if (double) this.lastTap = { loc: '', at: -Infinity };
    return double;
  }

  /** What a tap (or a double tap) came to. */
  private act(out: Outcome): void {
    const v = this.store.live();
    if (!v) return;
    const t = this.store.t;
    if (out.kind === 'select') {
      this.store.select(out.selection);
      this.store.clearHint();
    } else if (out.kind === 'clear') {
      this.store.select(null);
      this.store.announce(t('sel.cleared'));
    } else if (out.kind === 'submit') {
      this.server.submit(out.move);
    } else if (out.kind === 'refuse') {
      this.store.flash(reasonText(t, v.game, out.reason, '', out.max !== undefined ? { max: out.max } : {}));
    }
  }

  /** A pile button: its move, or (when it can do nothing now) the reason why not. */
  pile(p: PileAction): void {
    const v = this.store.live();
    if (!v || v.status !== 'playing') return;
    if (p.disabled) this.store.flash(this.store.t(p.disabled));
    else this.server.submit(p.move);
  }

  menu(item: MenuItem): void {
    this.store.dialog(null);
    if (item === 'restart') return this.server.restart();
    if (item === 'undo_all') return this.server.undoAll();
    if (item === 'lang') return this.switchLang();
    this.data.open(item);
  }

  exit(e: Exit): void {
    const server = this.server;
    if (e === 'rewind') return server.rewind();
    if (e === 'undo') return server.undo();
    if (e === 'hint') return server.askHint(true);
    if (e === 'resign') return server.resign();
    if (e === 'replay') return server.restart();
    return this.store.dialog('new');
  }

  command(c: Command): void {
    this.motion.finish();
    const s = this.store.state;
    if (c === 'escape') return this.escape();
    if (s.dialog) return;
    if (c === 'new') return this.store.dialog('new');
    if (!s.view) return;
    switch (c) {
      case 'undo':
        return this.server.undo();
      case 'hint':
        return this.server.askHint();
      case 'draw':
        return this.pileKey('draw');
      case 'recycle':
        return this.pileKey('recycle');
      default:
        return this.focusStep(c);
    }
  }

  /** The D and R keys: whatever the game's module says they mean now. */
  private pileKey(key: 'draw' | 'recycle'): void {
    const v = this.store.live();
    if (!v || v.status !== 'playing') return;
    const move = moduleOf(v).keyMove(v, key);
    if (move) this.server.submit(move);
  }

  private focusStep(dir: Direction): void {
    const root = this.table();
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

  /** Esc: the dialog, else the results, else the selection and the hint, else the dead end. */
  private escape(): void {
    const { dialog, view, hideResult, sel, hint } = this.store.state;
    if (dialog) this.store.dialog(null);
    else if (view && view.status !== 'playing' && !hideResult) {
      this.store.dispatch({ type: 'hideResult', hide: true });
    } else if (sel || hint) {
      this.store.select(null);
      this.store.clearHint();
    } else if (view) this.store.dispatch({ type: 'deadEndClosed', version: view.version });
  }

  readonly onKey = (e: KeyboardEvent): void => {
    const s = this.store.state;
    if (s.replay && !s.dialog) return; // the replay viewer has its own keys
    const el = e.target as HTMLElement | null;
    const inField = !!el && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName);
    const c = keyCommand({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, inField });
    if (!c) return;
    if (inField && c !== 'escape') return;
    e.preventDefault();
    this.command(c);
  };
}
