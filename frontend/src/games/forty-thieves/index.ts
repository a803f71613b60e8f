// Forty Thieves: two decks, ten columns built down in suit, eight foundations, one stock.
import { cardName } from '../../i18n';
import type { FortyThievesView } from '../../model/types';
import { stepFrames } from '../../state/animate';
import type { GameModule, PileAction } from '../types';
import { FortyThievesBoard, SelectionBar } from './Board';
import { moveSpots, tap, targets } from './rules';

function pileActions(view: FortyThievesView): PileAction[] {
  if (view.board.can_collect) return [{ move: { type: 'collect' }, label: 'btn.collect', icon: 'collect', accent: true }];
  return [{ move: { type: 'draw' }, label: 'btn.draw', icon: 'draw', key: 'D', accent: true }];
}

export const fortyThieves: GameModule<FortyThievesView> = {
  game: 'forty-thieves',
  art: '40',
  Board: FortyThievesBoard,
  Overlay: SelectionBar,
  targets,
  tap,
  moveSpots,
  selectionName(view, loc, lang) {
    const b = view.board;
    const pile = loc === 'waste' ? b.waste.cards : (b.tableau[Number(loc.slice(1))] ?? []);
    const top = pile[pile.length - 1];
    return top ? cardName(lang, top) : loc;
  },
  status(view, t) {
    const b = view.board;
    const up = b.foundations.reduce((s, f) => s + f.count, 0);
    return [t('status.stock', { n: b.stock.count }), t('status.waste', { n: b.waste.count }), t('status.foundations', { n: up })];
  },
  pileActions,
  keyMove: (_view, key) => (key === 'draw' ? { type: 'draw' } : { type: 'redeal' }),
  unwinnableExits: ['undo', 'resign', 'replay'],
  frames: (before, events) => stepFrames(before.board.tableau, events),
};
