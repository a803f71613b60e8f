import { cardName } from '../../i18n';
import { CardButton } from '../../views/Card';
import { labelWith } from '../../views/context';
import { targetInfo } from '../../model/play';
import type { GameView } from '../../model/types';
import type { BoardProps } from '../types';

export type PyramidView = Extract<GameView, { game: 'pyramid' }>;

const ROW_START = [0, 1, 3, 6, 10, 15, 21];

export function PyramidBoard({ view, sel, targets, lang, t, onTap, hinted }: BoardProps<PyramidView>) {
  const b = view.board;
  const cards = [];
  for (let row = 0; row < 7; row++) {
    for (let i = 0; i <= row; i++) {
      const idx = ROW_START[row]! + i;
      const card = b.pyramid[idx];
      if (!card) continue;
      const loc = `p${idx}`;
      const covered = !b.available.includes(loc);
      const ti = targetInfo(targets, loc);
      const selected = sel?.loc === loc;
      cards.push(
        <CardButton
          key={loc}
          card={card}
          loc={loc}
          label={labelWith(t, cardName(lang, card), { covered, selected, target: ti.target })}
          onTap={onTap}
          selected={selected}
          target={ti.target}
          dim={covered}
          hinted={hinted.includes(loc)}
          nav={!covered}
          class="pcard"
          style={{ '--row': row, '--col': i - row / 2 } as never}
        />,
      );
    }
  }
  return (
    <div class="pyramid-board">
      <div class="pyramid" role="group" aria-label={t('pyramid.name')}>
        {cards}
      </div>
      <Piles view={view} sel={sel} targets={targets} lang={lang} t={t} onTap={onTap} hinted={hinted} />
    </div>
  );
}

function Piles({ view, sel, targets, lang, t, onTap, hinted }: BoardProps<PyramidView>) {
  const b = view.board;
  const stock = b.stock.top;
  const waste = b.waste.top;
  const st = targetInfo(targets, 'stock');
  const wt = targetInfo(targets, 'waste');
  return (
    <div class="pyr-piles">
      <div class="pile">
        <CardButton
          card={stock}
          loc="stock"
          label={
            stock
              ? labelWith(t, `${t('pyramid.a11y.stock')}: ${cardName(lang, stock)}`, {
                  selected: sel?.loc === 'stock',
                  target: st.target,
                })
              : t('a11y.stock.empty')
          }
          onTap={onTap}
          selected={sel?.loc === 'stock'}
          hinted={hinted.includes('stock')}
          target={st.target}
          nav={!!stock}
        />
        <span class="pile-label">{t('status.stock', { n: b.stock.count })}</span>
      </div>
      <div class="pile">
        <CardButton
          card={waste}
          loc="waste"
          label={
            waste
              ? labelWith(t, `${t('a11y.waste')}: ${cardName(lang, waste)}`, {
                  selected: sel?.loc === 'waste',
                  target: wt.target,
                })
              : t('a11y.waste.empty')
          }
          onTap={onTap}
          selected={sel?.loc === 'waste'}
          hinted={hinted.includes('waste')}
          target={wt.target}
          nav={!!waste}
        />
        <span class="pile-label">{t('status.waste', { n: b.waste.count })}</span>
      </div>
    </div>
  );
}
