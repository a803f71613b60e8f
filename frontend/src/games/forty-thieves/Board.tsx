import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { cardName } from '../../i18n';
import { face } from '../../model/cards';
import type { Card } from '../../model/types';
import type { FortyThievesView } from './types';
import { CardButton } from '../../views/Card';
import { labelWith } from '../../views/context';
import { targetInfo } from '../../model/play';
import type { BoardProps, OverlayProps } from '../types';
import { rows, twoRows } from './layout';
import { lift, runLimit } from './rules';

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
