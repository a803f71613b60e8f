// Pyramid: pairs making 13 from a pyramid of 28 cards, a stock and a waste.
import './board.css';
import { rules } from './rules-page';
import { strings } from './strings';
import { cardName } from '../../i18n';
import { short } from '../../model/cards';
import type { PyramidView } from './types';
import type { GameModule, PileAction } from '../types';
import { PyramidBoard } from './Board';
import { moveSpots, pyramidCard, tap, targets } from './rules';

function pileActions(view: PyramidView): PileAction[] {
  const b = view.board;
  if (b.stock.count > 0)
    return [{ move: { type: 'draw' }, label: 'btn.draw', icon: 'draw', key: 'D', accent: true }];
  const legal = view.legal_moves.some((m) => m.type === 'recycle');
  const why = legal
    ? undefined
    : b.pass >= b.max_passes
      ? ('pyramid.reason.recycle_no_passes' as const)
      : ('pyramid.reason.recycle_waste_empty' as const);
  return [
    {
      move: { type: 'recycle' },
      label: 'pyramid.btn.recycle',
      icon: 'recycle',
      key: 'R',
      accent: true,
      disabled: why,
    },
  ];
}

export const pyramid: GameModule<PyramidView> = {
  game: 'pyramid',
  art: '▲',
  sketch: {
    width: 90,
    height: 62,
    cards: Array.from({ length: 7 }, (_, r) =>
      Array.from({ length: r + 1 }, (_, i) => ({ x: 40 - r * 6 + i * 12, y: r * 8, red: (r + i) % 3 === 0 })),
    ).flat(),
  },
  Board: PyramidBoard,
  targets,
  tap,
  moveSpots,
  say(view, move, t) {
    const name = (loc: string) => short(pyramidCard(view, loc) ?? '');
    if (move.type === 'pair') return t('pyramid.say.pair', { a: name(move.a), b: name(move.b) });
    if (move.type === 'king') return t('pyramid.say.king', { card: name(move.at) });
    return move.type === 'recycle' ? t('pyramid.say.recycle') : t('say.draw');
  },
  resultLabel: 'pyramid.won.removed',
  selectionName(view, loc, lang) {
    const c = pyramidCard(view, loc);
    return c ? cardName(lang, c) : loc;
  },
  status(view, t) {
    const b = view.board;
    return [
      t('pyramid.status.removed', { n: b.removed }),
      t('status.stock', { n: b.stock.count }),
      t('pyramid.status.pass', { n: b.pass, m: b.max_passes }),
    ];
  },
  pileActions,
  keyMove: (_view, key) => ({ type: key }),
  unwinnableExits: ['undo', 'hint', 'replay', 'new'],
  strings,
  rules,
};
