// Pyramid: pairs making 13 from a pyramid of 28 cards, a stock and a waste.
import { cardName } from '../../i18n';
import type { PyramidView } from '../../model/types';
import type { GameModule, PileAction } from '../types';
import { PyramidBoard } from './Board';
import { moveSpots, pyramidCard, tap, targets } from './rules';

function pileActions(view: PyramidView): PileAction[] {
  return view.board.stock.count === 0
    ? [{ move: { type: 'recycle' }, label: 'btn.recycle', icon: 'recycle', key: 'R', accent: true }]
    : [{ move: { type: 'draw' }, label: 'btn.draw', icon: 'draw', key: 'D', accent: true }];
}

export const pyramid: GameModule<PyramidView> = {
  game: 'pyramid',
  art: '▲',
  Board: PyramidBoard,
  targets,
  tap,
  moveSpots,
  selectionName(view, loc, lang) {
    const c = pyramidCard(view, loc);
    return c ? cardName(lang, c) : loc;
  },
  status(view, t) {
    const b = view.board;
    return [t('status.removed', { n: b.removed }), t('status.stock', { n: b.stock.count }), t('status.pass', { n: b.pass, m: b.max_passes })];
  },
  pileActions,
  keyMove: (_view, key) => ({ type: key }),
  unwinnableExits: ['undo', 'hint', 'replay', 'new'],
};
