// The one state object with its listeners, and the small notices every part of the shell gives
// (select, dialog, announce, flash). `dispatch` changes the state at once, so queued server
// calls always read the newest view.
import { translatorFor } from '../games';
import type { T } from '../i18n';
import { isPaused, type GameView } from '../model/types';
import type { Selection } from '../model/play';
import type { GameName } from '../model/types';
import { reduce, type Action, type Dialog, type Fetched, type Toast, type UiState } from './state';

export class Store {
  private listeners = new Set<() => void>();
  private toastTimer: ReturnType<typeof setTimeout> | undefined;
  private toastCount = 0;

  constructor(public state: UiState) {}

  dispatch(a: Action): void {
    this.state = reduce(this.state, a);
    for (const l of this.listeners) l();
  }

  subscribe(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  get t(): T {
    return translatorFor(this.state.lang);
  }

  /** The playable view, if one is shown (not paused). */
  live(): GameView | null {
    const v = this.state.view;
    return v && !isPaused(v) ? v : null;
  }

  select(sel: Selection | null): void {
    this.dispatch({ type: 'select', sel });
  }

  dialog(dialog: Dialog, game?: GameName): void {
    this.dispatch({ type: 'dialog', dialog, ...(game ? { game } : {}) });
  }

  /** Something fetched for a panel arrived (or is on its way). */
  fetched(data: Partial<Fetched>): void {
    this.dispatch({ type: 'fetched', data });
  }

  clearHint(): void {
    this.dispatch({ type: 'hint', hint: null });
  }

  announce(text: string): void {
    this.dispatch({ type: 'announce', text });
  }

  /** A short notice on the note line (and in the live region), gone after 3 s or when a new
   *  selection or move replaces a refusal. */
  flash(text: string, kind: Toast['kind'] = 'error'): void {
    const id = ++this.toastCount;
    this.dispatch({ type: 'toast', toast: { text, kind, id } });
    this.announce(text);
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      if (this.state.toast?.id === id) this.dispatch({ type: 'toast', toast: null });
    }, 3000);
  }
}
