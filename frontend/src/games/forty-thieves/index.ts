// Forty Thieves: two decks, ten columns built down in suit, eight foundations, one stock.
import './board.css';
import { rules } from './rules-page';
import { strings } from './strings';
import { cardName, type T } from '../../i18n';
import { short } from '../../model/cards';
import type { Move } from '../../model/types';
import type { FortyThievesView } from './types';
import type { GameModule, PileAction } from '../types';
import { FortyThievesBoard, SelectionBar } from './Board';
import { doubleTap, dragFrom, liftedLocs, moveSpots, tap, targets } from './rules';

function pileActions(view: FortyThievesView): PileAction[] {
  const b = view.board;
  if (b.can_collect)
    return [{ move: { type: 'collect' }, label: 'forty-thieves.btn.collect', icon: 'collect', accent: true }];
  if (b.stock.count > 0)
    return [{ move: { type: 'draw' }, label: 'btn.draw', icon: 'draw', key: 'D', accent: true }];
  if (view.legal_moves.some((m) => m.type === 'redeal')) {
    return [{ move: { type: 'redeal' }, label: 'btn.redeal', icon: 'recycle', key: 'R', accent: true }];
  }
  const why =
    view.options.rules === 'relaxed' && b.redeals_left === 0
      ? ('reason.no_redeals_left' as const)
      : ('reason.stock_empty' as const);
  return [
    { move: { type: 'draw' }, label: 'btn.draw', icon: 'draw', key: 'D', accent: false, disabled: why },
  ];
}

function say(view: FortyThievesView, move: Move, t: T): string {
  if (move.type === 'collect') return t('forty-thieves.say.collect');
  if (move.type === 'draw' || move.type === 'redeal') return t(`say.${move.type}`);
  if (move.type !== 'move' || !('from' in move)) return t('say.draw');
  const b = view.board;
  const src = move.from === 'waste' ? b.waste.cards : (b.tableau[Number(move.from.slice(1))] ?? []);
  const n = move.count ?? 1;
  const run = src.slice(-n);
  const from =
    move.from === 'waste'
      ? t('forty-thieves.say.from.waste')
      : t('forty-thieves.say.from.col', { n: Number(move.from.slice(1)) + 1 });
  const col = /^t(\d)$/.exec(move.to);
  const dest = col ? (b.tableau[Number(col[1])] ?? []) : null;
  const onto = dest?.[dest.length - 1];
  const to = !col
    ? t('forty-thieves.say.to.foundation')
    : onto
      ? t('forty-thieves.say.to.card', { card: short(onto), n: Number(col[1]) + 1 })
      : t('forty-thieves.say.to.empty', { n: Number(col[1]) + 1 });
  if (n === 1) return t('forty-thieves.say.ft.one', { card: short(run[0] ?? ''), from, to });
  return t('forty-thieves.say.ft.run', {
    n,
    top: short(run[0] ?? ''),
    bottom: short(run[run.length - 1] ?? ''),
    from,
    to,
  });
}

export const fortyThieves: GameModule<FortyThievesView> = {
  game: 'forty-thieves',
  art: '40',
  sketch: {
    width: 109,
    height: 50,
    cards: [
      ...Array.from({ length: 2 }, (_, i) => ({ x: i * 11, y: 0, red: i === 1 })),
      ...Array.from({ length: 40 }, (_, n) => ({
        x: (n % 10) * 11,
        y: 18 + Math.floor(n / 10) * 6,
        red: n % 3 === 0,
      })),
    ],
  },
  Board: FortyThievesBoard,
  Overlay: SelectionBar,
  targets,
  tap,
  dragFrom,
  liftedLocs,
  doubleTap,
  moveSpots,
  say,
  resultLabel: 'forty-thieves.won.on_foundations',
  selectionName(view, loc, lang) {
    const b = view.board;
    const pile = loc === 'waste' ? b.waste.cards : (b.tableau[Number(loc.slice(1))] ?? []);
    const top = pile[pile.length - 1];
    return top ? cardName(lang, top) : loc;
  },
  status(view, t) {
    const b = view.board;
    const up = b.foundations.reduce((s, f) => s + f.count, 0);
    return [
      t('status.stock', { n: b.stock.count }),
      t('status.waste', { n: b.waste.count }),
      t('forty-thieves.status.foundations', { n: up }),
    ];
  },
  pileActions,
  keyMove: (_view, key) => (key === 'draw' ? { type: 'draw' } : { type: 'redeal' }),
  unwinnableExits: ['undo', 'resign', 'replay'],
  strings,
  rules,
};
