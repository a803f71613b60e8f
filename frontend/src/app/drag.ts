// Drag and drop beside tap, for the games whose module says what a drag lifts
// (Forty Thieves: a card or a run from a column, the waste's top card; Gaps: a card). Pointer
// events of every kind (mouse, touch, pen) on the table: a press that moves past a small
// threshold lifts the cards (the grabbed one stays under the finger where it was grabbed),
// lights the selection's targets (from the server's legal moves only) and follows the pointer
// every frame by transform alone; a drop on a lit target, or on the bare table near one (within
// about a card's width), makes that move; a drop on any other place (an illegal pile, the cards'
// own column) or far from every target slides the cards back and asks the server nothing. A press that
// does not move is a tap, as before; keyboard play does not come here.
import { moduleOf } from '../games';
import type { Selection, Target } from '../model/play';
import { dropMeant, isDrag, shift, type Point, type Under, type Zone } from '../state/drag';
import { targets as targetsOf } from '../state/select';
import type { Motion } from './motion';
import type { Server } from './server';
import type { Store } from './store';

interface Press {
  id: number;
  type: string;
  at: Point;
  /** where the grabbed card was seen at the press (mid-slide, perhaps) */
  seen: Point;
  loc: string;
  version: number;
  el: HTMLElement;
}

interface Lift {
  press: Press;
  sel: Selection;
  els: HTMLElement[];
  /** the grabbed card's place in the layout */
  home: DOMRect;
  targets: Target[];
  zones: Zone[];
  zoneEls: Map<string, HTMLElement[]>;
  reach: number;
  point: Point;
  near: string | null;
  frame: number;
}

const selector = (attr: string, value: string) => `[${attr}="${CSS.escape(value)}"]`;

export class Drag {
  private press: Press | null = null;
  private lift: Lift | null = null;
  /** a drag just ended: the click the browser sends after it is not a tap */
  private swallow = false;

  constructor(
    private store: Store,
    private server: Server,
    private motion: Motion,
    private table: () => HTMLElement | null,
  ) {}

  /** Install the listeners; returns the undo of it. */
  attach(): () => void {
    const on: [EventTarget, string, EventListener, boolean][] = [
      [document, 'pointerdown', this.onDown as EventListener, false],
      [window, 'pointermove', this.onMove as EventListener, false],
      [window, 'pointerup', this.onUp as EventListener, false],
      [window, 'pointercancel', this.onCancel as EventListener, false],
      [window, 'click', this.onClick as EventListener, true],
      [window, 'keydown', this.onKey as EventListener, true],
    ];
    for (const [t, name, fn, capture] of on) t.addEventListener(name, fn, { capture, passive: false });
    return () => {
      for (const [t, name, fn, capture] of on) t.removeEventListener(name, fn, { capture });
    };
  }

  get dragging(): boolean {
    return this.lift !== null;
  }

  /** Drop the drag (the position changed under it, or Esc): the cards go back. */
  cancel(): void {
    const lift = this.lift;
    this.press = null;
    if (!lift) return;
    this.end(lift);
    this.store.select(null);
    this.motion.sendBack(lift.els);
  }

  private onDown = (e: PointerEvent): void => {
    this.swallow = false;
    if (e.button !== 0 || !e.isPrimary || this.lift) return;
    const root = this.table();
    const el = (e.target as Element | null)?.closest<HTMLElement>('[data-loc].grab');
    const v = this.store.live();
    if (!root || !el || !root.contains(el) || !v || v.status !== 'playing') return;
    const loc = el.dataset.loc!;
    if (!moduleOf(v).dragFrom?.(v, loc)) return;
    const r = el.getBoundingClientRect();
    const at = { x: e.clientX, y: e.clientY };
    this.press = {
      id: e.pointerId,
      type: e.pointerType,
      at,
      seen: { x: r.left, y: r.top },
      loc,
      version: v.version,
      el,
    };
  };

  private onMove = (e: PointerEvent): void => {
    const press = this.press;
    if (!press || e.pointerId !== press.id) return;
    const p = { x: e.clientX, y: e.clientY };
    if (!this.lift) {
      if (!isDrag(press.at, p, press.type)) return;
      this.begin(press);
    }
    const lift = this.lift;
    if (!lift) return;
    e.preventDefault();
    lift.point = p;
    if (!lift.frame) lift.frame = requestAnimationFrame(() => this.paint());
  };

  private onUp = (e: PointerEvent): void => {
    const press = this.press;
    if (!press || e.pointerId !== press.id) return;
    this.press = null;
    const lift = this.lift;
    if (!lift) return; // a tap: its click follows
    lift.point = { x: e.clientX, y: e.clientY };
    this.paint();
    const target = lift.targets.find((t) => t.loc === lift.near);
    this.end(lift);
    if (!target) {
      this.store.select(null);
      this.motion.sendBack(lift.els);
      return;
    }
    // The cards stay where they were dropped until the answer moves them on; a refusal (or no
    // answer) sends them back.
    this.motion.hold(lift.els);
    void this.server.submit(target.move).then(() => {
      if (this.motion.holding(lift.els)) this.motion.sendBack(lift.els);
    });
  };

  private onCancel = (e: PointerEvent): void => {
    if (this.press && e.pointerId === this.press.id) this.cancel();
  };

  private onClick = (e: MouseEvent): void => {
    if (!this.swallow) return;
    this.swallow = false;
    e.stopPropagation();
    e.preventDefault();
  };

  private onKey = (e: KeyboardEvent): void => {
    if (!this.lift || e.key !== 'Escape') return;
    e.preventDefault();
    e.stopImmediatePropagation();
    this.cancel();
  };

  /** The press has become a drag: lift the cards and light the targets. */
  private begin(press: Press): void {
    const v = this.store.live();
    const root = this.table();
    const sel = v && v.version === press.version ? moduleOf(v).dragFrom?.(v, press.loc) : null;
    if (!v || !root || !sel) {
      this.press = null;
      return;
    }
    this.motion.finish();
    const find = (loc: string) => root.querySelector<HTMLElement>(selector('data-loc', loc));
    const els = (moduleOf(v).liftedLocs?.(v, sel) ?? [press.loc]).flatMap((l) => find(l) ?? []);
    const grabbed = find(press.loc) ?? press.el;
    const home = grabbed.getBoundingClientRect();
    const targets = targetsOf(v, sel);
    const zoneEls = new Map<string, HTMLElement[]>();
    for (const t of targets) {
      zoneEls.set(t.loc, [...root.querySelectorAll<HTMLElement>(selector('data-drop', t.loc))]);
    }
    const zones = [...zoneEls].flatMap(([loc, zs]) =>
      zs.map((z) => ({ loc, box: z.getBoundingClientRect() })),
    );
    this.motion.lift(els);
    root.dataset.dragging = '';
    try {
      press.el.setPointerCapture(press.id);
    } catch {
      /* the pointer is gone already */
    }
    const reach = home.width;
    this.lift = {
      press,
      sel,
      els,
      home,
      targets,
      zones,
      zoneEls,
      reach,
      point: press.at,
      near: null,
      frame: 0,
    };
    this.store.select(sel);
    this.store.clearHint();
    this.store.dispatch({ type: 'dragging', on: true });
  }

  /** One frame: the lifted cards under the pointer, the target a drop would mean marked. */
  private paint(): void {
    const lift = this.lift;
    if (!lift) return;
    lift.frame = 0;
    const s = shift(lift.press.at, lift.point, lift.press.seen, lift.home);
    const transform = `translate(${s.x}px, ${s.y}px)`;
    for (const el of lift.els) el.style.transform = transform;
    const centre = {
      x: lift.home.left + lift.home.width / 2 + s.x,
      y: lift.home.top + lift.home.height / 2 + s.y,
    };
    const near = dropMeant(lift.zones, centre, lift.reach, this.under(centre));
    if (near === lift.near) return;
    for (const z of lift.zoneEls.get(lift.near ?? '') ?? []) delete z.dataset.near;
    for (const z of lift.zoneEls.get(near ?? '') ?? []) z.dataset.near = '';
    lift.near = near;
  }

  /** What lies under a point of the table, the lifted cards aside (hit tests pass through
   *  them): a drop place's loc, '' for any other card or place, null for the bare table. */
  private under(p: Point): Under {
    const root = this.table();
    const hit = document.elementFromPoint(p.x, p.y);
    if (!root || !hit || !root.contains(hit)) return null;
    const drop = hit.closest<HTMLElement>('[data-drop]');
    if (drop && root.contains(drop)) return drop.dataset.drop!;
    return hit.closest('[data-loc]') ? '' : null;
  }

  private end(lift: Lift): void {
    cancelAnimationFrame(lift.frame);
    for (const zs of lift.zoneEls.values()) for (const z of zs) delete z.dataset.near;
    delete this.table()?.dataset.dragging;
    this.store.dispatch({ type: 'dragging', on: false });
    this.lift = null;
    this.swallow = true;
  }
}
