// Gaps (Montana): four rows of thirteen, each gap filled by the card one higher in suit than
// its left neighbour.
import './board.css';
import { rules } from './rules-page';
import { strings } from './strings';
import { cardName, translator } from '../../i18n';
import { short } from '../../model/cards';
import type { GapsView } from './types';
import type { GameModule, PileAction } from '../types';
import { GapsBoard } from './Board';
import { gapsCell, doubleTap, dragFrom, liftedLocs, moveSpots, parseGapsLoc, tap, targets } from './rules';

function pileActions(view: GapsView): PileAction[] {
  const offer = view.notices.includes('redeal_available') || view.notices.includes('stuck');
  const legal = view.legal_moves.some((m) => m.type === 'redeal');
  return [
    {
      move: { type: 'redeal' },
      label: 'btn.redeal',
      icon: 'recycle',
      key: 'R',
      accent: offer,
      pulse: offer,
      disabled: legal ? undefined : 'reason.no_redeals_left',
    },
  ];
}

export const gaps: GameModule<GapsView> = {
  game: 'gaps',
  art: '▦',
  sketch: {
    width: 142,
    height: 62,
    cards: Array.from({ length: 52 }, (_, n) => ({
      x: (n % 13) * 11,
      y: Math.floor(n / 13) * 16,
      red: n % 3 === 1,
    }))
      // four gaps, where the aces were taken out
      .filter((_, n) => ![5, 17, 34, 48].includes(n)),
  },
  Board: GapsBoard,
  targets,
  tap,
  dragFrom,
  liftedLocs,
  doubleTap,
  moveSpots,
  say(view, move, t) {
    if (move.type !== 'move' || !('card' in move)) return t('say.redeal');
    const p = parseGapsLoc(move.to) ?? { row: 0, col: 0 };
    const left = p.col > 0 ? view.board.grid[p.row]?.[p.col - 1] : null;
    return left
      ? t('gaps.say.gap.after', { card: short(move.card), left: short(left) })
      : t('gaps.say.gap.start', { card: short(move.card), r: p.row + 1 });
  },
  resultLabel: 'gaps.won.in_place',
  selectionName(view, loc, lang) {
    const c = gapsCell(view, loc);
    if (c) return cardName(lang, c);
    const p = parseGapsLoc(loc) ?? { row: 0, col: 0 };
    return translator(lang)('gaps.a11y.gap', { r: p.row + 1, c: p.col + 1 });
  },
  status(view, t) {
    const n = view.board.redeals_left;
    return [n === 'unlimited' ? t('gaps.status.redeals.unlimited') : t('gaps.status.redeals', { n })];
  },
  pileActions,
  keyMove: (_view, key) => (key === 'recycle' ? { type: 'redeal' } : null),
  unwinnableExits: ['undo', 'replay', 'new'],
  strings,
  rules,
};
