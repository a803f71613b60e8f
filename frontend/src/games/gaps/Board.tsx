import { cardName } from '../../i18n';
import { short } from '../../model/cards';
import { CardButton } from '../../views/Card';
import { labelWith } from '../../views/context';
import { targetInfo } from '../../model/play';
import type { GameView } from '../../model/types';
import type { BoardProps } from '../types';

export type GapsView = Extract<GameView, { game: 'gaps' }>;

export const gapsLoc = (row: number, col: number): string => `r${row}c${col}`;

export function GapsBoard({ view, sel, targets, lang, t, onTap, hinted }: BoardProps<GapsView>) {
  const b = view.board;
  return (
    <div class="gaps" role="grid" aria-label={t('gaps.name')}>
      {b.grid.map((row, r) => (
        <div class="gaps-row" role="row" key={r} aria-label={t('gaps.a11y.grid.row', { n: r + 1 })}>
          {/* Shown where the rows stand as columns (a phone held upright): which row, which way. */}
          <div class="gaps-rowhead" aria-hidden="true">
            {t('gaps.rowhead', { n: r + 1 })}
          </div>
          {row.map((card, c) => {
            const loc = gapsLoc(r, c);
            const ti = targetInfo(targets, loc);
            const selected = sel?.loc === loc;
            const fits = !card && b.fits ? b.fits[loc] : undefined;
            const base = card
              ? cardName(lang, card)
              : t('gaps.a11y.gap', { r: r + 1, c: c + 1 }) +
                (fits?.length
                  ? `, ${t('gaps.a11y.fits', { cards: fits.map((x) => cardName(lang, x)).join(', ') })}`
                  : '');
            return (
              <div role="gridcell" class="gcell" key={loc}>
                <CardButton
                  key={loc}
                  card={card}
                  loc={loc}
                  label={labelWith(t, base, { selected, target: ti.target })}
                  onTap={onTap}
                  selected={selected}
                  target={ti.target}
                  hinted={hinted.includes(loc)}
                  nav
                  grab={!!card}
                  drop={card ? undefined : loc}
                  class="gcard"
                >
                  {fits?.length ? (
                    <span class="fits" aria-hidden="true">
                      {fits.map(short).join(' ')}
                    </span>
                  ) : null}
                </CardButton>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
