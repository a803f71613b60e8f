// One card (or an empty place) as a button: the only interactive element of the table.
// Every tap, click and Enter/Space arrives through `onTap(loc, event)`; a card that can be
// dragged says so (`grab`: the table's pointer handling lifts it, and touch does not scroll).
import type { ComponentChildren, JSX } from 'preact';
import { face } from '../model/cards';
import type { Card as CardT } from '../model/types';

export interface CardProps {
  card: CardT | null;
  loc: string;
  label: string;
  onTap: (loc: string, e?: MouseEvent) => void;
  selected?: boolean;
  target?: boolean;
  recommended?: boolean;
  hinted?: boolean;
  dim?: boolean;
  nav?: boolean;
  /** it can be dragged */
  grab?: boolean;
  /** a card can be dropped here, meaning this target */
  drop?: string;
  class?: string;
  style?: JSX.CSSProperties;
  children?: ComponentChildren;
}

export function CardButton(p: CardProps) {
  const f = p.card ? face(p.card) : null;
  const cls = [
    'card',
    f ? `${f.red ? 'red' : 'black'} suit-${f.suit}` : 'slot',
    p.selected && 'selected',
    p.target && 'target',
    p.recommended && 'recommended',
    p.hinted && 'hinted',
    p.dim && 'dim',
    p.grab && 'grab',
    p.class,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      class={cls}
      style={p.style}
      data-loc={p.loc}
      data-card={p.card ?? undefined}
      data-nav={p.nav ? '' : undefined}
      data-drop={p.drop}
      tabIndex={p.nav ? 0 : -1}
      aria-label={p.label}
      aria-pressed={p.selected ? true : undefined}
      onClick={(e) => p.onTap(p.loc, e)}
    >
      {f ? (
        <>
          <span class="corner" aria-hidden="true">
            <span class="rank">{f.rank}</span>
            <span class="suit">{f.symbol}</span>
          </span>
          <span class="pip" aria-hidden="true">
            {f.symbol}
          </span>
        </>
      ) : null}
      {p.children}
      {p.recommended ? (
        <span class="arrow" aria-hidden="true">
          ↓
        </span>
      ) : null}
    </button>
  );
}
