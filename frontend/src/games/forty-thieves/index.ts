// Forty Thieves: two decks, ten columns built down in suit, eight foundations, one stock.
import './board.css';
import type { components } from '../../api/schema';
import { cardName, type Lang, type T } from '../../i18n';
import { short } from '../../model/cards';
import { CLEAR, NONE, SELECT, SUBMIT, type Outcome, type Selection, type Target } from '../../model/play';
import type { Move } from '../../model/types';
import type { RulesPage } from '../../views/Rules';
import type { GameModule, PileAction } from '../types';
import { columnLength, FortyThievesBoard, SelectionBar, type FortyThievesView } from './Board';

// Forty Thieves' shapes, from the generated schema.
export type { FortyThievesView };
/** A card or a run from a column or the waste. */
export type FtMove = components['schemas']['FortyThievesCardMove'];

// Forty Thieves' own strings, in English and Japanese (the shell's are in src/i18n/strings.ts).
const en = {
  'forty-thieves.name': 'Forty Thieves',
  'forty-thieves.about': 'Two decks, ten columns: build down by suit and send all 104 cards home.',
  'forty-thieves.a11y.column': 'column {n}',
  'forty-thieves.a11y.column.empty': 'column {n}, empty',
  'forty-thieves.a11y.foundation': 'foundation {n}',
  'forty-thieves.a11y.foundation.empty': 'foundation {n}, empty',
  'forty-thieves.a11y.foundations': 'foundations',
  'forty-thieves.label.stock': 'Stock',
  'forty-thieves.label.waste': 'Waste',
  'forty-thieves.label.foundations': 'Foundations: ace to king by suit',
  'forty-thieves.a11y.stock.count': 'stock, {n} {n:card|cards}',
  'forty-thieves.btn.collect': 'Collect all',
  'forty-thieves.btn.fewer': 'Lift one fewer card',
  'forty-thieves.btn.more': 'Lift one more card',
  'forty-thieves.say.from.col': 'column {n}',
  'forty-thieves.say.from.waste': 'the waste',
  'forty-thieves.say.ft.one': 'move the {card} from {from} {to}',
  'forty-thieves.say.ft.run': 'move {n} cards ({top} down to {bottom}) from {from} {to}',
  'forty-thieves.say.to.card': 'onto the {card} in column {n}',
  'forty-thieves.say.to.empty': 'to the empty column {n}',
  'forty-thieves.say.to.foundation': 'to a foundation',
  'forty-thieves.say.collect': 'collect all cards',
  'forty-thieves.sel.lift': '{n} cards lifted',
  'forty-thieves.sel.lift1': '1 card lifted',
  'forty-thieves.sel.max': 'at most {n} cards',
  'forty-thieves.sel.max1': 'at most 1 card',
  'forty-thieves.status.foundations': 'Foundations {n}/104',
  'forty-thieves.won.on_foundations': 'On foundations',
  'forty-thieves.opt.rules': 'Which cards may move',
  'forty-thieves.opt.rules.classic': 'Classic: one card at a time',
  'forty-thieves.opt.rules.relaxed': 'Relaxed: a run moves as far as free columns allow',
  'forty-thieves.opt.auto_safe': 'Send cards no one needs to the foundations by themselves',
  'forty-thieves.reason.not_a_run': 'These cards are not a same-suit run',
  'forty-thieves.reason.too_many_cards': 'At most {max} cards can move there',
  'forty-thieves.reason.too_many_cards1': 'Only one card can move there',
  'forty-thieves.reason.foundation_mismatch': 'That card cannot go up yet',
  'forty-thieves.reason.stock_not_empty': 'Redeal is possible once the stock is used up',
  'forty-thieves.reason.waste_empty': 'The waste has no cards to redeal',
  'forty-thieves.reason.cannot_collect': 'Not every card can go up yet',
  'forty-thieves.reason.empty_source': 'There is no card there',
  'forty-thieves.notice.columns_have_moves': 'The columns still have moves',
  'forty-thieves.why.frees_card': 'frees a covered card',
  'forty-thieves.why.to_foundation': 'sends a card to a foundation',
  'forty-thieves.why.builds': 'builds down in suit',
  'forty-thieves.why.empties_column': 'empties a column',
  'forty-thieves.why.collect': 'every card can go up',
} as const;

const ja: Record<keyof typeof en, string> = {
  'forty-thieves.name': 'フォーティーシーブス',
  'forty-thieves.about': '2 組のカードと 10 列。同じマークで下へ重ね、104 枚を組札へ。',
  'forty-thieves.a11y.column': '{n} 列目',
  'forty-thieves.a11y.column.empty': '{n} 列目、空き',
  'forty-thieves.a11y.foundation': '組札 {n}',
  'forty-thieves.a11y.foundation.empty': '組札 {n}、空',
  'forty-thieves.a11y.foundations': '組札',
  'forty-thieves.label.stock': '山札',
  'forty-thieves.label.waste': '捨て札',
  'forty-thieves.label.foundations': '組札：マークごとに A から K',
  'forty-thieves.a11y.stock.count': '山札、{n} 枚',
  'forty-thieves.btn.collect': 'まとめて回収',
  'forty-thieves.btn.fewer': '1枚減らす',
  'forty-thieves.btn.more': '1枚増やす',
  'forty-thieves.say.from.col': '{n}列目',
  'forty-thieves.say.from.waste': '捨て札',
  'forty-thieves.say.ft.one': '{card}を{from}から{to}',
  'forty-thieves.say.ft.run': '{n}枚（{top}〜{bottom}）を{from}から{to}',
  'forty-thieves.say.to.card': '{n}列目の{card}の上へ',
  'forty-thieves.say.to.empty': '空いた{n}列目へ',
  'forty-thieves.say.to.foundation': '組札へ',
  'forty-thieves.say.collect': 'すべて組札へ回収する',
  'forty-thieves.sel.lift': '{n} 枚を持ち上げ中',
  'forty-thieves.sel.lift1': '1 枚を持ち上げ中',
  'forty-thieves.sel.max': '最大 {n} 枚まで',
  'forty-thieves.sel.max1': '最大 1 枚まで',
  'forty-thieves.status.foundations': '組札 {n}/104',
  'forty-thieves.won.on_foundations': '組札のカード',
  'forty-thieves.opt.rules': 'ルール',
  'forty-thieves.opt.rules.classic': 'クラシック',
  'forty-thieves.opt.rules.relaxed': 'ゆるめ',
  'forty-thieves.opt.auto_safe': '安全な札を自動で送る',
  'forty-thieves.reason.not_a_run': '同じスートの連続した札ではありません',
  'forty-thieves.reason.too_many_cards': 'そこへは最大 {max} 枚までです',
  'forty-thieves.reason.too_many_cards1': 'そこへは 1 枚ずつしか動かせません',
  'forty-thieves.reason.foundation_mismatch': 'そのカードはまだ組札に送れません',
  'forty-thieves.reason.stock_not_empty': '山札を使い切ると戻せます',
  'forty-thieves.reason.waste_empty': '捨て札に戻せるカードがありません',
  'forty-thieves.reason.cannot_collect': 'まだすべての札を回収できません',
  'forty-thieves.reason.empty_source': 'そこにカードはありません',
  'forty-thieves.notice.columns_have_moves': '列にまだ手があります',
  'forty-thieves.why.frees_card': '下のカードが空く',
  'forty-thieves.why.to_foundation': '組札へ送れる',
  'forty-thieves.why.builds': '同じスートで降順に重ねる',
  'forty-thieves.why.empties_column': '列が空く',
  'forty-thieves.why.collect': 'すべて組札へ送れる',
};

export const strings = { en, ja };

// Forty Thieves interaction as pure functions over (view, selection): columns `t0`…`t9`,
// cards `t<col>.<index>`, `waste`, `stock`, `foundation`/`f0`…`f7`. A selection lifts
// `count` cards from the top of a column.
export function ftMoves(view: FortyThievesView): FtMove[] {
  return view.legal_moves.filter((m): m is FtMove => m.type === 'move' && 'from' in m);
}

function isEmptyColumn(view: FortyThievesView, loc: string): boolean {
  const m = /^t(\d)$/.exec(loc);
  return !!m && (view.board.tableau[Number(m[1])]?.length ?? 0) === 0;
}

/** The recommended destination: a build on a non-empty column, else a foundation, else an
 *  empty column (the scarcest resource last). */
export function recommend(view: FortyThievesView, locs: string[]): string | null {
  const col = locs.find((l) => /^t\d$/.test(l) && !isEmptyColumn(view, l));
  const found = locs.find((l) => l === 'foundation' || /^f\d$/.test(l));
  return col ?? found ?? locs[0] ?? null;
}

export function targets(view: FortyThievesView, sel: Selection): Target[] {
  const moves = ftMoves(view).filter((m) => m.from === sel.loc && (m.count ?? 1) === sel.count);
  const locs = moves.map((m) => (/^f\d$/.test(m.to) ? 'foundation' : m.to));
  const best = recommend(view, locs);
  return moves.map((m, i) => ({ loc: locs[i]!, move: m, recommended: locs[i] === best }));
}

/** Parse `t3.2` (card 2 of column 3) → { col: 't3', index: 2 }. */
export function parseCardLoc(loc: string): { col: string; index: number } | null {
  const m = /^(t\d)\.(\d+)$/.exec(loc);
  return m ? { col: m[1]!, index: Number(m[2]) } : null;
}

/** Select `loc` with `count` cards; a single card with exactly one destination moves at once. */
function ftSelect(view: FortyThievesView, loc: string, count: number): Outcome {
  const sel = { loc, count };
  const ts = targets(view, sel);
  if (count === 1 && ts.length === 1) return SUBMIT(ts[0]!.move, true);
  return SELECT(loc, count);
}

function ftTapAgain(view: FortyThievesView, sel: Selection): Outcome {
  const best = targets(view, sel).find((t) => t.recommended);
  return best ? SUBMIT(best.move, true) : CLEAR;
}

function ftToward(view: FortyThievesView, sel: Selection, dest: string): Outcome {
  const hit = targets(view, sel).find((t) => t.loc === dest);
  if (hit) return SUBMIT(hit.move, true);
  const move: FtMove = {
    type: 'move',
    from: sel.loc,
    to: dest,
    ...(sel.count !== 1 ? { count: sel.count } : {}),
  };
  return SUBMIT(move, false);
}

export function tap(view: FortyThievesView, sel: Selection | null, loc: string): Outcome {
  const b = view.board;
  if (loc === 'stock') {
    const draw = view.legal_moves.find((m) => m.type === 'draw');
    const redeal = view.legal_moves.find((m) => m.type === 'redeal');
    if (draw) return SUBMIT(draw, true);
    if (redeal) return SUBMIT(redeal, true);
    return SUBMIT(b.stock.count > 0 || b.redeals_left === 0 ? { type: 'draw' } : { type: 'redeal' }, false);
  }
  if (loc === 'waste') {
    if (b.waste.count === 0) return sel ? CLEAR : NONE;
    if (sel?.loc === 'waste') return ftTapAgain(view, sel);
    return ftSelect(view, 'waste', 1);
  }
  if (loc === 'foundation' || /^f\d$/.test(loc)) {
    if (!sel) return NONE;
    // One card at a time goes up; a lifted run is refused here ("at most 1 card").
    if (sel.count > 1) return { kind: 'refuse', reason: 'too_many_cards', max: 1 };
    return ftToward(view, sel, 'foundation');
  }
  const card = parseCardLoc(loc);
  if (card) {
    const len = columnLength(view, card.col);
    const count = len - card.index;
    if (sel && sel.loc === card.col) {
      return sel.count === count ? ftTapAgain(view, sel) : ftSelect(view, card.col, count);
    }
    if (sel && count === 1) {
      // The top card of another column is where the lifted cards would go.
      const hit = targets(view, sel).find((t) => t.loc === card.col);
      if (hit || !targets(view, { loc: card.col, count: 1 }).length) return ftToward(view, sel, card.col);
    }
    return ftSelect(view, card.col, count);
  }
  if (/^t\d$/.test(loc)) {
    return sel ? ftToward(view, sel, loc) : NONE;
  }
  return NONE;
}

export function moveSpots(_view: FortyThievesView, move: Move): string[] {
  if (move.type === 'draw') return ['stock'];
  if (move.type !== 'move' || !('from' in move)) return [];
  return [move.from, /^f\d$/.test(move.to) ? 'foundation' : move.to];
}

/** A drag lifts the card grabbed and every card on it (a column), or the waste's top card. */
export function dragFrom(view: FortyThievesView, loc: string): Selection | null {
  if (loc === 'waste') return view.board.waste.count > 0 ? { loc, count: 1 } : null;
  const card = parseCardLoc(loc);
  if (!card) return null;
  const count = columnLength(view, card.col) - card.index;
  return count > 0 ? { loc: card.col, count } : null;
}

export function liftedLocs(view: FortyThievesView, sel: Selection): string[] {
  if (sel.loc === 'waste') return ['waste'];
  const len = columnLength(view, sel.loc);
  return Array.from({ length: Math.min(sel.count, len) }, (_, i) => `${sel.loc}.${len - sel.count + i}`);
}

/** A double click sends a card to a foundation when it can go there, else makes its only move. */
export function doubleTap(view: FortyThievesView, sel: Selection): Outcome {
  const ts = targets(view, sel);
  const home = ts.find((t) => t.loc === 'foundation');
  if (home) return SUBMIT(home.move, true);
  return ts.length === 1 ? SUBMIT(ts[0]!.move, true) : NONE;
}

// Forty Thieves' rules page: English from SPEC.md §4, Japanese from the seed page.
export const rules: Record<Lang, RulesPage> = {
  en: {
    title: 'Forty Thieves',
    sections: [
      {
        heading: 'Layout',
        items: [
          'Two decks (104 cards). 40 cards face up in 10 columns of 4; the other 64 form the stock, with ' +
            'the waste beside it. Eight foundations build A to K in suit.',
        ],
      },
      {
        heading: 'Moves',
        items: [
          'A card goes onto a column whose top is the same suit and one rank higher (8♠ only on 9♠). Any ' +
            'card or movable run goes into an empty column.',
          'Tap a card: it is lifted with the cards on it, every legal destination lights up and the ' +
            'recommended one has an arrow. Tap a lit place to move, or tap the card again to send it to ' +
            'the arrow. A single card with only one destination moves at once.',
          "The selection bar's ▲ and ▼ lift one more or one fewer card.",
          'Or drag: a card lifts every card on it (or the waste top alone) and the lit places are where ' +
            'it can go; dropped anywhere else it goes back. A double click (double tap) sends a card to a ' +
            'foundation, or else to its only place.',
          'On a phone held upright the ten columns stand in two rows of five, numbered 1–10.',
          'Classic: a run moves as single cards through empty columns, so at most 2^E cards move onto a ' +
            'card (E = empty columns), half that into an empty column. Relaxed: any same-suit run moves at ' +
            'once, and the waste may be turned over once.',
          'Tap the stock to draw one card to the waste; only the waste top is playable.',
        ],
      },
      {
        heading: 'Winning',
        items: [
          'All 104 cards on the foundations. Safe cards may go up automatically; Collect all appears ' +
            'when the rest can go up at once.',
        ],
      },
      {
        heading: 'Keys',
        items: [
          'U undo · H hint · N new deal · D draw · R redeal · arrows move between cards · Enter/Space ' +
            'select · Esc deselect.',
        ],
      },
    ],
  },
  ja: {
    title: 'フォーティーシーブス',
    sections: [
      {
        heading: '配り方',
        items: [
          'トランプ 2 組 104 枚。40 枚を 10 列×4 枚の表向きで配り、残り 64 枚が山札、その隣が捨て札。組札は 8 つで、同じスートを A から K まで積みます。',
        ],
      },
      {
        heading: '動かし方',
        items: [
          '列には同じスートで数字がちょうど 1 つ小さい札だけ重ねられます（スペードの 8 はスペードの 9 の上だけ）。空き列には何でも置けます。',
          '札をタップすると、その上の札ごと持ち上がり、置ける場所が光ります。いちばんおすすめの場所には矢印。光った場所をタップすれば移動、同じ札をもう一度タップすればおすすめの場所へ。行き先が 1 ' +
            'つしかない 1 枚の札はそのまま移ります。',
          '選択バーの ▲（1 枚増やす）▼（1 枚減らす）で持つ枚数を調整できます。',
          'ドラッグでも動かせます。つかんだカードは上に重なるカードごと（捨て札は一番上の 1 枚）持ち上がり、' +
            '光っている場所に置けます。ほかの場所で離すと元に戻ります。ダブルクリック（ダブルタップ）で組札へ、' +
            '組札へ行けなければ唯一の行き先へ送ります。',
          'スマホを縦に持つと 10 列が上下 2 段に並び、列番号が付きます。',
          'クラシックでは連続した札は空き列を経由して 1 枚ずつ動くので、札の上へは最大 2 の「空き列の数」乗枚、空き列へはその半分。ゆるめは同じスートの連続した札を何枚でも動かせ、山札を 1 回だけ戻せます。',
          '山札をタップすると 1 枚が捨て札にめくれます。使えるのは捨て札の一番上だけです。',
        ],
      },
      {
        heading: 'クリア',
        items: [
          '104 枚すべてを組札に送ればクリア。安全な札は自動で組札に上がります。残りが全部上がる状態になると「まとめて回収」が出ます。',
        ],
      },
      {
        heading: 'キー操作',
        items: [
          'U 戻す・H ヒント・N 新しい局・D めくる・R 山札を戻す・矢印キーでカード間を移動・Enter/スペースで選択・Esc で選択解除。',
        ],
      },
    ],
  },
};

// The module.
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
  order: 3,
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
  noticesAfterDraw: ['columns_have_moves'],
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
