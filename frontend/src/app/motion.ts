// Motion by FLIP: before a new view is shown the cards' places are measured; after it is drawn
// each card starts where it was and slides to where it is now (a card that left flies off, a
// new deal flies in from the stock). The DOM always holds the new position, so a tap during an
// animation acts on the position the player is looking at; any input finishes the animations.
// Focus: when the focused card is gone (a pair removed by keyboard), focus moves to the nearest
// playable card.

interface Seen {
  rect: DOMRect;
  el: HTMLElement;
}

const DURATION = 220;
/** The one mark of a card a drag lifted (styled in base.css, read by the e2e tests). */
const LIFTED = 'data-lifted';

/** Keys for the cards on the table: the card plus its occurrence (two decks have twins). */
function cardsByKey(root: HTMLElement): Map<string, HTMLElement> {
  const out = new Map<string, HTMLElement>();
  const seen = new Map<string, number>();
  for (const el of root.querySelectorAll<HTMLElement>('[data-card]')) {
    const card = el.dataset.card!;
    const n = seen.get(card) ?? 0;
    seen.set(card, n + 1);
    out.set(`${card}#${n}`, el);
  }
  return out;
}

const center = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + Math.min(r.height / 2, 20) });

export class Motion {
  private before = new Map<string, Seen>();
  private focused: { x: number; y: number } | null = null;
  private deal = false;
  /** cards a drop left where they were dropped, until the answer moves them on (or not) */
  private held: HTMLElement[] = [];

  constructor(
    private root: () => HTMLElement | null,
    readonly enabled: () => boolean,
  ) {}

  /** Measure the table before a new view replaces it; `deal` when it is a new game. */
  capture(deal: boolean): void {
    const root = this.root();
    this.before.clear();
    this.deal = deal;
    const active = document.activeElement as HTMLElement | null;
    this.focused =
      root && active?.dataset.loc && root.contains(active) ? center(active.getBoundingClientRect()) : null;
    if (root && this.enabled()) {
      this.finish();
      for (const [key, el] of cardsByKey(root))
        this.before.set(key, { rect: el.getBoundingClientRect(), el });
    }
    // Dropped cards were measured where they lie: from there they slide to their new places.
    this.release(this.held);
  }

  /** Keep dragged cards where they were dropped while the server answers. */
  hold(els: HTMLElement[]): void {
    this.held = els;
  }

  /** Whether `els` are still held (no new view took them). */
  holding(els: HTMLElement[]): boolean {
    return els.length > 0 && els.every((el) => this.held.includes(el));
  }

  /** Lifted or held cards back to their places: they slide home with motion on, else jump. */
  sendBack(els: HTMLElement[]): void {
    const shifts = els.map((el) => el.getBoundingClientRect());
    this.release(els);
    if (!this.enabled()) return;
    els.forEach((el, i) => {
      const to = el.getBoundingClientRect();
      const from = shifts[i]!;
      el.animate(
        [
          { transform: `translate(${from.left - to.left}px, ${from.top - to.top}px)`, zIndex: 30 },
          { transform: 'none', zIndex: 30 },
        ],
        { duration: DURATION, easing: 'cubic-bezier(.2,.7,.3,1)' },
      );
    });
  }

  /** Mark cards as lifted by a drag: above everything, and the pointer's hit tests pass
   *  through them. `release` is the one way back: every end of a drag comes through it. */
  lift(els: HTMLElement[]): void {
    // A card left lifted by a drag that ended unseen (its element re-used) is put down first.
    const root = this.root();
    if (root)
      this.release([...root.querySelectorAll<HTMLElement>(`[${LIFTED}]`)].filter((el) => !els.includes(el)));
    for (const el of els) {
      el.setAttribute(LIFTED, '');
      el.style.willChange = 'transform';
    }
  }

  /** The drag's marks and inline styles off (the DOM holds each card's place). */
  private release(els: HTMLElement[]): void {
    for (const el of els) {
      el.style.transform = '';
      el.style.willChange = '';
      el.removeAttribute(LIFTED);
    }
    this.held = this.held.filter((el) => !els.includes(el));
  }

  /** After the new view is drawn: slide, fly in, fly off; then put focus back on the table. */
  play(): void {
    const root = this.root();
    if (!root) return;
    this.refocus(root);
    if (!this.enabled() || (!this.before.size && !this.deal)) return;
    const now = cardsByKey(root);
    if (this.deal) this.dealIn(root, now);
    else {
      for (const [key, el] of now) this.slide(el, this.before.get(key)?.rect);
      for (const [key, seen] of this.before) if (!now.has(key)) this.flyOff(seen);
    }
    this.before.clear();
    this.deal = false;
  }

  /** Any input: every running card animation jumps to its end. */
  finish(): void {
    const root = this.root();
    for (const a of root?.getAnimations({ subtree: true }) ?? []) {
      // Endless ones (the glow of lit targets) have no end to jump to.
      if (a.effect?.getComputedTiming().endTime !== Infinity) a.finish();
    }
  }

  private slide(el: HTMLElement, from: DOMRect | undefined): void {
    if (!from) return;
    const to = el.getBoundingClientRect();
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
    // The card played travels above the cards the new layout only nudges (a row that grew).
    const zIndex = 20 + Math.min(9, Math.round(Math.hypot(dx, dy) / 40));
    el.animate(
      [
        { transform: `translate(${dx}px, ${dy}px)`, zIndex },
        { transform: 'none', zIndex },
      ],
      { duration: DURATION, easing: 'cubic-bezier(.2,.7,.3,1)' },
    );
  }

  private flyOff({ rect, el }: Seen): void {
    const ghost = el.cloneNode(true) as HTMLElement;
    ghost.removeAttribute('data-card');
    ghost.removeAttribute('data-loc');
    ghost.setAttribute('aria-hidden', 'true');
    ghost.tabIndex = -1;
    Object.assign(ghost.style, {
      position: 'fixed',
      left: `${rect.left}px`,
      top: `${rect.top}px`,
      margin: '0',
      pointerEvents: 'none',
      zIndex: '60',
    });
    document.body.appendChild(ghost);
    const a = ghost.animate(
      [
        { transform: 'none', opacity: 1 },
        { transform: 'translateY(-40px) scale(0.7)', opacity: 0 },
      ],
      { duration: DURATION + 80, easing: 'ease-in' },
    );
    a.onfinish = () => ghost.remove();
    a.oncancel = () => ghost.remove();
  }

  private dealIn(root: HTMLElement, now: Map<string, HTMLElement>): void {
    const stock = root.querySelector<HTMLElement>('[data-loc="stock"]') ?? root;
    const s = stock.getBoundingClientRect();
    const step = Math.min(14, 700 / Math.max(now.size, 1));
    let i = 0;
    for (const el of now.values()) {
      const r = el.getBoundingClientRect();
      const dx = s.left - r.left;
      const dy = s.top - r.top;
      el.animate(
        [
          { transform: `translate(${dx}px, ${dy}px)`, opacity: 0.2 },
          { transform: 'none', opacity: 1 },
        ],
        { duration: DURATION + 60, delay: i++ * step, easing: 'cubic-bezier(.2,.7,.3,1)', fill: 'backwards' },
      );
    }
  }

  private refocus(root: HTMLElement): void {
    const at = this.focused;
    this.focused = null;
    const active = document.activeElement;
    if (!at || (active && active !== document.body && active.isConnected)) return;
    let best: HTMLElement | null = null;
    let bestD = Infinity;
    for (const el of root.querySelectorAll<HTMLElement>('[data-nav]')) {
      const c = center(el.getBoundingClientRect());
      const d = Math.hypot(c.x - at.x, c.y - at.y);
      if (d < bestD) {
        bestD = d;
        best = el;
      }
    }
    best?.focus({ preventScroll: true });
  }
}
