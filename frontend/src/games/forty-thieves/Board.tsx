import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { cardName } from '../../i18n';
import { face } from '../../model/cards';
import type { Card, GameView } from '../../model/types';
import { CardButton } from '../../views/Card';
import { labelWith } from '../../views/context';
import { targetInfo, type Selection } from '../../model/play';
import type { BoardProps, OverlayProps } from '../types';

export type FortyThievesView = Extract<GameView, { game: 'forty-thieves' }>;

export function FortyThievesBoard(p: BoardProps<FortyThievesView>) {
  const tableau = p.view.board.tableau;
  const { n1, n2, f1 } = rows(tableau);
  const [ref, box] = useBox();
  const cls = twoRows(box.width, box.height, tableau) ? 'ft rows2' : 'ft';
  return (
    <div class={cls} ref={ref} style={{ '--n1': n1, '--n2': n2, '--f1': f1 } as never}>
      <div class="ft-top">
        <div class="ft-piles">
          <Stock {...p} />
          <WastePile {...p} />
        </div>
        <Foundations {...p} />
        {/* What the small piles are, under them (the waste is the most tapped card there). */}
        <span class="pile-label ft-label-stock" aria-hidden="true">
          {p.t('forty-thieves.label.stock')}
        </span>
        <span class="pile-label ft-label-waste" aria-hidden="true">
          {p.t('forty-thieves.label.waste')}
        </span>
        <span class="pile-label ft-label-found" aria-hidden="true">
          {p.t('forty-thieves.label.foundations')}
        </span>
      </div>
      <div class="tableau">
        {tableau.map((col, c) => (
          <Column key={`t${c}`} p={p} col={col} c={c} />
        ))}
      </div>
    </div>
  );
}

/** The size of an element: measured when it is first drawn (so the first frame painted has the
 *  right layout), then followed as it changes. */
function useBox(): [{ current: HTMLDivElement | null }, { width: number; height: number }] {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const take = (width: number, height: number) =>
      setBox((b) => (b.width === width && b.height === height ? b : { width, height }));
    take(el.clientWidth, el.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([e]) => {
      if (e) take(e.contentRect.width, e.contentRect.height);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, box];
}

function Foundations({ view, targets, lang, t, onTap, hinted }: BoardProps<FortyThievesView>) {
  const found = targetInfo(targets, 'foundation');
  return (
    <div
      class={`foundations${found.target ? ' target' : ''}${found.recommended ? ' recommended' : ''}`}
      role="group"
      aria-label={t('forty-thieves.a11y.foundations')}
      data-loc="foundation"
      data-drop="foundation"
    >
      {found.recommended ? (
        <span class="arrow" aria-hidden="true">
          ↓
        </span>
      ) : null}
      {view.board.foundations.map((f, i) => (
        <CardButton
          key={`f${i}`}
          card={f.top}
          loc={`f${i}`}
          label={labelWith(
            t,
            f.top
              ? `${t('forty-thieves.a11y.foundation', { n: i + 1 })}: ${cardName(lang, f.top)}`
              : t('forty-thieves.a11y.foundation.empty', { n: i + 1 }),
            { target: found.target },
          )}
          onTap={onTap}
          recommended={false}
          hinted={hinted.includes('foundation') && i === 0}
          nav={found.target}
          class="fcard"
        >
          {/* What goes on an empty foundation: an ace. */}
          {f.top ? null : (
            <span class="slot-mark" aria-hidden="true">
              A
            </span>
          )}
        </CardButton>
      ))}
    </div>
  );
}

function Stock({ view, t, onTap, hinted }: BoardProps<FortyThievesView>) {
  const b = view.board;
  return (
    <button
      type="button"
      class={`card back${b.stock.count ? '' : ' slot'}${hinted.includes('stock') ? ' hinted' : ''}`}
      data-loc="stock"
      data-nav=""
      aria-label={
        b.stock.count ? t('forty-thieves.a11y.stock.count', { n: b.stock.count }) : t('a11y.stock.empty')
      }
      onClick={() => onTap('stock')}
    >
      <span class="count" aria-hidden="true">
        {b.stock.count || (b.redeals_left ? '↻' : '')}
      </span>
      {/* Its name on the pile itself where the names' row is left out (a phone upright). */}
      <span class="pile-name" aria-hidden="true">
        {t('forty-thieves.label.stock')}
      </span>
    </button>
  );
}

function Column({ p, col, c }: { p: BoardProps<FortyThievesView>; col: Card[]; c: number }) {
  const { sel, targets, lang, t, onTap, hinted } = p;
  const loc = `t${c}`;
  const ti = targetInfo(targets, loc);
  const lifted = sel?.loc === loc ? sel.count : 0;
  const name = t('forty-thieves.a11y.column', { n: c + 1 });
  return (
    <div class={`column${ti.target ? ' target' : ''}`} role="group" aria-label={name} data-drop={loc}>
      <div class="colnum" aria-hidden="true">
        {c + 1}
      </div>
      <div class="stack" style={{ '--n': Math.max(col.length, 1) } as never}>
        {col.length === 0 ? (
          <CardButton
            card={null}
            loc={loc}
            label={labelWith(t, t('forty-thieves.a11y.column.empty', { n: c + 1 }), { target: ti.target })}
            onTap={onTap}
            target={ti.target}
            recommended={ti.recommended}
            hinted={hinted.includes(loc)}
            nav
          />
        ) : (
          col.map((card, i) => {
            const top = i === col.length - 1;
            const selected = lifted > 0 && i >= col.length - lifted;
            return (
              <CardButton
                key={`${loc}.${i}`}
                card={card}
                loc={`${loc}.${i}`}
                label={labelWith(t, `${cardName(lang, card)}, ${name}`, {
                  selected,
                  target: top && ti.target,
                })}
                onTap={onTap}
                selected={selected}
                target={top && ti.target}
                recommended={top && ti.recommended}
                hinted={top && hinted.includes(loc)}
                nav
                grab
                class="tcard"
                style={{ '--i': i } as never}
              />
            );
          })
        )}
      </div>
    </div>
  );
}

function WastePile({ view, sel, targets, lang, t, onTap, hinted }: BoardProps<FortyThievesView>) {
  const cards = view.board.waste.cards;
  const top = cards[cards.length - 1] ?? null;
  const shown = cards.slice(-3, -1);
  const selected = sel?.loc === 'waste';
  return (
    <div class="waste">
      {shown.map((c, i) => (
        <div
          class={`card ghost ${/[HD]$/.test(c) ? 'red' : 'black'}`}
          style={{ '--w': i } as never}
          key={`${c}${i}`}
          aria-hidden="true"
        >
          <span class="corner">
            <span class="rank">{face(c).rank}</span>
            <span class="suit">{face(c).symbol}</span>
          </span>
        </div>
      ))}
      <CardButton
        card={top}
        loc="waste"
        label={
          top
            ? labelWith(t, `${t('a11y.waste')}: ${cardName(lang, top)}`, {
                selected,
                target: targetInfo(targets, 'waste').target,
              })
            : t('a11y.waste.empty')
        }
        onTap={onTap}
        selected={selected}
        hinted={hinted.includes('waste')}
        nav={!!top}
        grab={!!top}
        style={{ '--w': shown.length } as never}
      >
        {top ? null : (
          <span class="pile-name" aria-hidden="true">
            {t('forty-thieves.label.waste')}
          </span>
        )}
      </CardButton>
    </div>
  );
}

export function SelectionBar({ view, t, sel, onSelect }: OverlayProps<FortyThievesView>) {
  if (!sel || !/^t\d$/.test(sel.loc)) return null;
  const onLift = (d: 1 | -1) => onSelect(lift(view, sel, d));
  const limit = runLimit(view, sel);
  const column = /^t\d$/.test(sel.loc);
  const lifted =
    sel.count === 1 ? t('forty-thieves.sel.lift1') : t('forty-thieves.sel.lift', { n: sel.count });
  return (
    <div class="note selbar" role="group" aria-label={lifted} data-testid="selbar">
      <span>{lifted}</span>
      {column ? (
        <>
          <button
            type="button"
            class="tool small"
            onClick={() => onLift(1)}
            aria-label={t('forty-thieves.btn.more')}
          >
            ▲
          </button>
          <button
            type="button"
            class="tool small"
            onClick={() => onLift(-1)}
            aria-label={t('forty-thieves.btn.fewer')}
          >
            ▼
          </button>
        </>
      ) : null}
      {limit !== null ? (
        <strong class="limit" data-testid="run-limit">
          {limit === 1 ? t('forty-thieves.sel.max1') : t('forty-thieves.sel.max', { n: limit })}
        </strong>
      ) : null}
    </div>
  );
}

// What the lift bar does with a selection from a column.

export function columnLength(view: FortyThievesView, col: string): number {
  return view.board.tableau[Number(col.slice(1))]?.length ?? 0;
}

/** ▲ lifts one more card, ▼ one fewer, within the column. */
export function lift(view: FortyThievesView, sel: Selection, delta: 1 | -1): Selection {
  if (!/^t\d$/.test(sel.loc)) return sel;
  const len = columnLength(view, sel.loc);
  return { loc: sel.loc, count: Math.min(len, Math.max(1, sel.count + delta)) };
}

/** "at most N cards": the lifted run is longer than any legal run move now allows. */
export function runLimit(view: FortyThievesView, sel: Selection | null): number | null {
  if (!sel || sel.count <= 1) return null;
  const limit = Math.max(view.board.max_run.to_card, view.board.max_run.to_empty);
  return sel.count > limit ? limit : null;
}

// The one choice of Forty Thieves' layout the stylesheet cannot make by itself: whether the ten
// columns stand in two rows of five (a phone in portrait) or in one row. Two rows when every
// overlapped card can still show FAN_MIN px of its face there; otherwise one row, whose columns
// each have the whole height (a position with long columns in both halves on a small phone).
// The sizes follow board.css (the `.rows2` rules); only the decision is made here.

/** Face of an overlapped card that stays in sight (rank and suit readable). */
export const FAN_MIN = 16;
/** The smallest card of the two-row layout (board.css: `--cw`'s floor). */
const CW_MIN = 28;
/** A column's number above it, and the breath below its top card. */
const COLNUM = 20;
const ROW_GAP = 6;

/** The longest column of each half of the tableau, and the share of the height the first half
 *  gets in two rows: each row as tall as its longest column needs, a card counting as four fans. */
export function rows(tableau: Card[][]): { n1: number; n2: number; f1: number } {
  const longest = (cols: Card[][]) => Math.max(1, ...cols.map((c) => c.length));
  const n1 = longest(tableau.slice(0, 5));
  const n2 = longest(tableau.slice(5));
  return { n1, n2, f1: Math.round(((n1 + 4) / (n1 + n2 + 8)) * 1000) / 1000 };
}

/** Whether the columns go in two rows on a board of `width`×`height` CSS px. */
export function twoRows(width: number, height: number, tableau: Card[][]): boolean {
  if (width <= 0 || height <= 0 || width / height > 0.8) return false;
  const { n1, n2, f1 } = rows(tableau);
  const gap = Math.min(8, Math.max(2, 0.009 * width));
  const fw = Math.min(86, (width - 5 * gap) / 6.4);
  const tableauHeight = height - fw * 1.4 - 8 - ROW_GAP;
  const fits = (share: number, n: number) => (tableauHeight * share - COLNUM - FAN_MIN * (n - 1)) / 1.4;
  return Math.min((width - 4 * gap) / 5, fits(f1, n1), fits(1 - f1, n2)) >= CW_MIN;
}
