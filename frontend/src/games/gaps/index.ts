// Gaps (Montana): four rows of thirteen, each gap filled by the card one higher in suit than
// its left neighbour.
import './board.css';
import type { components } from '../../api/schema';
import { cardName, translator, type Lang } from '../../i18n';
import { short } from '../../model/cards';
import { CLEAR, NONE, SELECT, SUBMIT, type Outcome, type Selection, type Target } from '../../model/play';
import type { Move } from '../../model/types';
import type { RulesPage } from '../../views/Rules';
import type { GameModule, PileAction } from '../types';
import { GapsBoard, gapsLoc, type GapsView } from './Board';

export type { GapsView };
/** A card into a gap (the other Gaps move is the redeal). */
export type GapsMove = components['schemas']['GapsPlace'];

// Gaps' own strings, in English and Japanese (the shell's are in src/i18n/strings.ts).
const en = {
  'gaps.name': 'Gaps',
  'gaps.about': 'Slide the cards into order, one gap at a time: each row from 2 to King.',
  'gaps.a11y.fits': 'fits: {cards}',
  'gaps.a11y.gap': 'gap, row {r} column {c}',
  'gaps.a11y.grid.row': 'row {n}',
  'gaps.rowhead': 'Row {n} ↓',
  'gaps.say.gap.after': 'put the {card} in the gap after the {left}',
  'gaps.say.gap.start': 'put the {card} in the gap at the start of row {r}',
  'gaps.status.redeals': 'Redeals left: {n}',
  'gaps.status.redeals.unlimited': 'Redeals: unlimited',
  'gaps.won.in_place': 'Cards in place',
  'gaps.opt.redeals': 'Redeals when you are stuck',
  'gaps.opt.redeals.unlimited': 'As many as you like',
  'gaps.opt.aces_shuffled': 'Shuffle the aces back in at a redeal',
  'gaps.opt.winnable_only': 'Only deals that can be won',
  'gaps.opt.difficulty': 'Difficulty',
  'gaps.opt.difficulty.easy': 'Easy',
  'gaps.opt.difficulty.normal': 'Medium',
  'gaps.opt.difficulty.hard': 'Hard',
  'gaps.opt.difficulty.any': 'Any deal',
  'gaps.opt.show_fits': 'Show which card fits each gap',
  'gaps.reason.not_a_gap': 'That place is not a gap',
  'gaps.reason.does_not_fit': 'That card does not fit there',
  'gaps.reason.after_king': 'Nothing can follow a king',
  'gaps.reason.left_is_gap': 'The gap before it in its row must be filled first',
  'gaps.notice.redeal_available': 'No card can move — redeal',
  'gaps.why.extends_run': "extends a row's run",
  'gaps.why.fills_gap': 'fills a gap',
} as const;

const ja: Record<keyof typeof en, string> = {
  'gaps.name': 'ギャップ',
  'gaps.about': '空きにカードを入れて、各段を 2 から K まで並べます。',
  'gaps.a11y.fits': '入るカード: {cards}',
  'gaps.a11y.gap': '空き、{r} 段目 {c} 列目',
  'gaps.a11y.grid.row': '{n} 段目',
  'gaps.rowhead': '{n} 段目 ↓',
  'gaps.say.gap.after': '{card}を{left}の右の空きへ',
  'gaps.say.gap.start': '{card}を{r}段目の左端の空きへ',
  'gaps.status.redeals': '配り直し 残り {n} 回',
  'gaps.status.redeals.unlimited': '配り直し 無制限',
  'gaps.won.in_place': '正しい位置のカード',
  'gaps.opt.redeals': '配り直しの回数',
  'gaps.opt.redeals.unlimited': '無制限',
  'gaps.opt.aces_shuffled': 'A も混ぜて配り直す',
  'gaps.opt.winnable_only': 'クリアできる配札だけ',
  'gaps.opt.difficulty': '難しさ',
  'gaps.opt.difficulty.easy': 'やさしい',
  'gaps.opt.difficulty.normal': 'ふつう',
  'gaps.opt.difficulty.hard': 'むずかしい',
  'gaps.opt.difficulty.any': 'すべての配札（難易度なし）',
  'gaps.opt.show_fits': '各空きに入るカードを表示',
  'gaps.reason.not_a_gap': 'そこは空きではありません',
  'gaps.reason.does_not_fit': 'そのカードはそこに置けません',
  'gaps.reason.after_king': 'K の右の空きには入れられません',
  'gaps.reason.left_is_gap': '同じ段で手前の空きを先に埋めてください',
  'gaps.notice.redeal_available': '動かせるカードがありません — 配り直し',
  'gaps.why.extends_run': '段の並びを伸ばす',
  'gaps.why.fills_gap': '空きを埋める',
};

export const strings = { en, ja };

// Gaps interaction as pure functions over (view, selection): locations `r<row>c<col>`.
/** `r1c5` → row 1, column 5 (the one place that reads a Gaps location). */
export function parseGapsLoc(loc: string): { row: number; col: number } | null {
  const m = /^r(\d)c(\d+)$/.exec(loc);
  return m ? { row: Number(m[1]), col: Number(m[2]) } : null;
}

/** The card at `loc`, `null` for a gap, `undefined` for no such place. */
export function gapsCell(view: GapsView, loc: string): string | null | undefined {
  const p = parseGapsLoc(loc);
  return p ? view.board.grid[p.row]?.[p.col] : undefined;
}

function gapsMoves(view: GapsView): GapsMove[] {
  return view.legal_moves.filter((m): m is GapsMove => m.type === 'move' && 'card' in m);
}

export function locOfCard(view: GapsView, card: string): string | null {
  const g = view.board.grid;
  for (let r = 0; r < g.length; r++) {
    const c = g[r]!.indexOf(card);
    if (c >= 0) return gapsLoc(r, c);
  }
  return null;
}

export function targets(view: GapsView, sel: Selection): Target[] {
  const cell = gapsCell(view, sel.loc);
  if (cell === undefined) return [];
  if (cell) {
    return gapsMoves(view)
      .filter((m) => m.card === cell)
      .map((m) => ({ loc: m.to, move: m, recommended: false }));
  }
  const out: Target[] = [];
  for (const m of gapsMoves(view)) {
    const from = m.to === sel.loc ? locOfCard(view, m.card) : null;
    if (from) out.push({ loc: from, move: m, recommended: false });
  }
  return out;
}

export function tap(view: GapsView, sel: Selection | null, loc: string): Outcome {
  const cell = gapsCell(view, loc);
  if (cell === undefined) return NONE;
  if (!sel) return SELECT(loc);
  if (sel.loc === loc) return CLEAR;
  const selCell = gapsCell(view, sel.loc);
  const hit = targets(view, sel).find((t) => t.loc === loc);
  if (hit) return SUBMIT(hit.move, true);
  if (selCell && !cell) return SUBMIT({ type: 'move', card: selCell, to: loc }, false);
  if (!selCell && cell) return SUBMIT({ type: 'move', card: cell, to: sel.loc }, false);
  return SELECT(loc); // card → card or gap → gap: change the selection
}

export function moveSpots(view: GapsView, move: Move): string[] {
  if (move.type !== 'move' || !('card' in move)) return [];
  const from = locOfCard(view, move.card);
  return from ? [from, move.to] : [move.to];
}

/** A card can be dragged (towards the gap it fits); a gap cannot. */
export function dragFrom(view: GapsView, loc: string): Selection | null {
  return gapsCell(view, loc) ? { loc, count: 1 } : null;
}

export const liftedLocs = (_view: GapsView, sel: Selection): string[] => [sel.loc];

/** A double click puts a card in its only gap; with none or several, nothing happens. */
export function doubleTap(view: GapsView, sel: Selection): Outcome {
  const ts = targets(view, sel);
  return ts.length === 1 && gapsCell(view, sel.loc) ? SUBMIT(ts[0]!.move, true) : NONE;
}

// Gaps' rules page: English from SPEC.md §3, Japanese from the seed page.
export const rules: Record<Lang, RulesPage> = {
  en: {
    title: 'Gaps (Montana)',
    sections: [
      {
        heading: 'Layout',
        items: [
          'One deck dealt face up in 4 rows of 13. The four aces are removed, leaving four gaps.',
          'On a phone held upright each row stands as a column under its label, read from the top: there ' +
            '"left" means above and the start of a row is its top.',
        ],
      },
      {
        heading: 'Moves',
        items: [
          'A gap takes the card of the same suit, one rank higher than the card to its left (left of the ' +
            'gap 5♥ → only 6♥).',
          "A gap in the leftmost column takes any 2; that 2 decides the row's suit. A gap right of a " +
            'king stays empty; a gap whose left neighbour is a gap waits for it.',
          'Tap a card to light up the gap it fits, then tap the gap. Or tap a gap to light up the card that fits it.',
          'Or drag a card onto the lit gap (dropped anywhere else it goes back); a double click (double tap) ' +
            'puts a card in its only gap.',
        ],
      },
      {
        heading: 'Redeal',
        items: [
          "While redeals remain (2 by default), Redeal keeps each row's leading run (2, 3, 4 … of one " +
            'suit from the left), shuffles the rest and deals them back with one gap right after each run.',
        ],
      },
      { heading: 'Winning', items: ['Each row reads 2 to K of one suit. Undo is unlimited.'] },
      {
        heading: 'Keys',
        items: [
          'U undo · H hint · N new deal · R redeal · arrows move between cards · Enter/Space select · Esc deselect.',
        ],
      },
    ],
  },
  ja: {
    title: 'ギャップ（モンタナ）',
    sections: [
      {
        heading: '配り方',
        items: [
          '52 枚を表向きで 4 段×13 列に並べ、A を 4 枚取り除きます。取り除いた所が「空き」です。',
          'スマートフォンを縦に持つと、各段はラベルの下に縦に並び、上から読みます。「左」は上、段の先頭は一番上です。',
        ],
      },
      {
        heading: '動かし方',
        items: [
          '空きには、左隣のカードと同じマークで 1 つ大きい数のカードを入れます（左隣がハートの 5 ならハートの 6 だけ）。',
          '一番左の列の空きにはどのマークの 2 でも入れられ、その 2 のマークがその段のマークになります。K の右の空きには入れられず、左隣も空きなら左を先に埋めます。',
          'カードをタップすると入れられる空きが光ります。空きをタップすると、そこに入るカードが光ります。',
          'カードを光っている空きへドラッグしても動かせます（ほかで離すと元に戻ります）。' +
            'ダブルクリック（ダブルタップ）で唯一の空きへ入れます。',
        ],
      },
      {
        heading: '配り直し',
        items: [
          '配り直しが残っていれば（初期設定は 2 回）、各段の左端の 2 から同じマークで続く並びを残し、ほかを混ぜて並べ直します。空きは各段の並びのすぐ右に 1 つずつです。',
        ],
      },
      {
        heading: 'クリア',
        items: ['4 つの段がマークごとに 2 から K まで揃えばクリア。戻すは何度でも使えます。'],
      },
      {
        heading: 'キー操作',
        items: [
          'U 戻す・H ヒント・N 新しい局・R 配り直し・矢印キーでカード間を移動・Enter/スペースで選択・Esc で選択解除。',
        ],
      },
    ],
  },
};

// The module.
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
  order: 2,
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
