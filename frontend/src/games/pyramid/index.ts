// Pyramid: pairs making 13 from a pyramid of 28 cards, a stock and a waste.
import './board.css';
import { cardName, type Lang } from '../../i18n';
import { short } from '../../model/cards';
import { CLEAR, NONE, SELECT, SUBMIT, type Outcome, type Selection, type Target } from '../../model/play';
import type { Move } from '../../model/types';
import type { RulesPage } from '../../views/Rules';
import type { GameModule, PileAction } from '../types';
import { PyramidBoard, type PyramidView } from './Board';

export type { PyramidView };

// Pyramid's own strings, in English and Japanese (the shell's are in src/i18n/strings.ts).
const en = {
  'pyramid.name': 'Pyramid',
  'pyramid.about': 'Pair cards that add up to 13 and clear the pyramid.',
  'pyramid.a11y.stock': 'stock',
  'pyramid.btn.recycle': 'Recycle',
  'pyramid.say.king': 'remove the {card}',
  'pyramid.say.pair': 'pair the {a} with the {b}',
  'pyramid.say.recycle': 'turn the waste over',
  'pyramid.status.pass': 'Pass {n}/{m}',
  'pyramid.status.removed': '{n} of 28 removed',
  'pyramid.won.removed': 'Removed',
  'pyramid.reason.not_thirteen': 'These two cards do not sum to 13',
  'pyramid.reason.covered': 'This card is still covered',
  'pyramid.reason.recycle_stock_not_empty': 'Recycle is possible once the stock is used up',
  'pyramid.reason.recycle_no_passes': 'No recycles left',
  'pyramid.reason.recycle_waste_empty': 'The waste has no cards to recycle',
  'pyramid.reason.not_a_king': 'Only a king is removed alone',
  'pyramid.reason.no_card_there': 'There is no card there',
  'pyramid.reason.same_card': 'Choose two different cards',
  'pyramid.why.completes_pair': 'completes a pair',
  'pyramid.why.removes_king': 'removes a king',
  'pyramid.why.draw_nothing_pairs': 'nothing pairs: draw',
} as const;

const ja: Record<keyof typeof en, string> = {
  'pyramid.name': 'ピラミッド',
  'pyramid.about': '合計 13 になる 2 枚を取り、ピラミッドを崩します。',
  'pyramid.a11y.stock': '山札',
  'pyramid.btn.recycle': '再利用',
  'pyramid.say.king': '{card}を取り除く',
  'pyramid.say.pair': '{a}と{b}を組み合わせる',
  'pyramid.say.recycle': '捨て札を山札に戻す',
  'pyramid.status.pass': '{n}/{m} 巡目',
  'pyramid.status.removed': '28 枚中 {n} 枚',
  'pyramid.won.removed': '取り除いた枚数',
  'pyramid.reason.not_thirteen': 'この 2 枚は合計 13 になりません',
  'pyramid.reason.covered': 'このカードはまだ重なっています',
  'pyramid.reason.recycle_stock_not_empty': '山札をめくり終えると再利用できます',
  'pyramid.reason.recycle_no_passes': '再利用できる回数が残っていません',
  'pyramid.reason.recycle_waste_empty': '捨て札に再利用できるカードがありません',
  'pyramid.reason.not_a_king': '単独で取り除けるのは K だけです',
  'pyramid.reason.no_card_there': 'そこにカードはありません',
  'pyramid.reason.same_card': '別々の 2 枚を選んでください',
  'pyramid.why.completes_pair': 'ペアが完成する',
  'pyramid.why.removes_king': 'K を取り除ける',
  'pyramid.why.draw_nothing_pairs': '組める札がないのでめくる',
};

export const strings = { en, ja };

// Pyramid interaction as pure functions over (view, selection): locations `p0`…`p27`,
// `stock`, `waste`.
export function pyramidCard(view: PyramidView, loc: string): string | null {
  const b = view.board;
  if (loc === 'stock') return b.stock.top;
  if (loc === 'waste') return b.waste.top;
  const m = /^p(\d+)$/.exec(loc);
  return m ? (b.pyramid[Number(m[1])] ?? null) : null;
}

export function targets(view: PyramidView, sel: Selection): Target[] {
  const out: Target[] = [];
  for (const m of view.legal_moves) {
    if (m.type !== 'pair') continue;
    const other = m.a === sel.loc ? m.b : m.b === sel.loc ? m.a : null;
    if (other) out.push({ loc: other, move: m, recommended: false });
  }
  return out;
}

export function tap(view: PyramidView, sel: Selection | null, loc: string): Outcome {
  if (!pyramidCard(view, loc)) return sel ? CLEAR : NONE;
  const king = view.legal_moves.find((m) => m.type === 'king' && m.at === loc);
  if (sel && sel.loc === loc) return CLEAR;
  if (king) return SUBMIT(king, true);
  if (!sel) {
    const uncovered = !loc.startsWith('p') || view.board.available.includes(loc);
    // A covered card: let the server say why (it answers "covered" before anything else).
    return uncovered ? SELECT(loc) : SUBMIT({ type: 'king', at: loc }, false);
  }
  const pair = targets(view, sel).find((t) => t.loc === loc);
  return pair ? SUBMIT(pair.move, true) : SUBMIT({ type: 'pair', a: sel.loc, b: loc }, false);
}

export function moveSpots(_view: PyramidView, move: Move): string[] {
  switch (move.type) {
    case 'pair':
      return [move.a, move.b];
    case 'king':
      return [move.at];
    case 'draw':
      return ['stock'];
    default:
      return [];
  }
}

// Pyramid's rules page: English from SPEC.md §2, Japanese from the seed page.
export const rules: Record<Lang, RulesPage> = {
  en: {
    title: 'Pyramid',
    sections: [
      {
        heading: 'Layout',
        items: [
          'One 52-card deck. 28 cards form a pyramid of 7 rows, all face up; each card is covered by the two below it.',
          'The other 24 cards are the stock. Its top card is face up and playable; drawn cards go to the ' +
            'waste, whose top card is playable.',
        ],
      },
      {
        heading: 'Moves',
        items: [
          'Tap a card to select it: every card that makes 13 with it lights up. Tap a lit card to remove ' +
            'the pair (10+3, 9+4, 8+5, 7+6, J+2, Q+A). Tap the selected card again to deselect.',
          'A king is 13 on its own: one tap removes it.',
          'Any two of the three places combine: pyramid + pyramid, pyramid + stock top, pyramid + waste ' +
            'top, stock top + waste top.',
          'Draw moves the stock top to the waste. When the stock is used up, Recycle turns the waste ' +
            'over for the next pass — three passes in all.',
        ],
      },
      {
        heading: 'Winning',
        items: [
          'Remove all 28 pyramid cards; what is left in stock or waste does not matter. No time limit, no penalty.',
          'Undo is unlimited (draws and recycles too). When no move is left, the game says so and offers ' +
            'undo, replay this deal, or a new deal.',
        ],
      },
      {
        heading: 'Keys',
        items: [
          'U undo · H hint · N new deal · D draw · R recycle · arrows move between playable cards · ' +
            'Enter/Space select · Esc deselect.',
        ],
      },
    ],
  },
  ja: {
    title: 'ピラミッド',
    sections: [
      {
        heading: '配り方',
        items: [
          'ジョーカーを除いた 52 枚を 1 組使います。28 枚で七段の塔を作り、すべて表向き。上の段の 1 枚は下の段の 2 枚に押さえられています。',
          '残りの 24 枚は山札。山札の一番上は表向きでそのままペアに使えます。めくった札は捨て札に積まれ、使えるのは一番上の 1 枚だけです。',
        ],
      },
      {
        heading: '取り除き方',
        items: [
          'カードをタップすると選択され、合計 13 になるカードがすべて光ります。光ったカードをタップすればペア成立（10 と 3、9 と 4、8 と 5、7 と 6、J と 2、Q と ' +
            'A）。同じカードをもう一度タップすれば選択解除です。',
          'K はそれだけで 13 なので、1 回タップするだけで取り除けます。',
          '塔の 2 枚どうし、塔と山札の一番上、塔と捨て札の一番上、山札と捨て札の一番上を自由に組み合わせられます。',
          '「めくる」で山札の一番上が捨て札へ。山札をめくり終えると「再利用」で捨て札を新しい山札にし、次の巡へ。合計 3 巡です。',
        ],
      },
      {
        heading: 'クリア',
        items: [
          '塔の 28 枚をすべて取り除けばクリア。山札や捨て札に残っていてもかまいません。制限時間も罰もありません。',
          '戻すは何度でも使えます。打てる手がなくなるとそれを伝え、戻す・この配りをやり直す・もう一局を選べます。',
        ],
      },
      {
        heading: 'キー操作',
        items: [
          'U 戻す・H ヒント・N 新しい局・D めくる・R 再利用・矢印キーで使えるカードへ移動・Enter/スペースで選択と決定・Esc で選択解除。',
        ],
      },
    ],
  },
};

// The module.
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
  order: 1,
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
