// Gaps' own strings, in English and Japanese (the shell's are in src/i18n/strings.ts).

const en = {
  'gaps.name': 'Gaps',
  'gaps.a11y.fits': 'fits: {cards}',
  'gaps.a11y.gap': 'gap, row {r} column {c}',
  'gaps.a11y.grid.row': 'row {n}',
  'gaps.say.gap.after': 'put the {card} in the gap after the {left}',
  'gaps.say.gap.start': 'put the {card} in the gap at the start of row {r}',
  'gaps.status.redeals': 'Redeals left: {n}',
  'gaps.status.redeals.unlimited': 'Redeals: unlimited',
  'gaps.won.in_place': 'Cards in place',
  'gaps.opt.redeals': 'Redeals',
  'gaps.opt.redeals.unlimited': 'unlimited',
  'gaps.opt.aces_shuffled': 'Aces shuffled in',
  'gaps.opt.difficulty': 'Difficulty',
  'gaps.opt.difficulty.easy': 'easy',
  'gaps.opt.difficulty.normal': 'normal',
  'gaps.opt.difficulty.hard': 'hard',
  'gaps.opt.difficulty.any': 'any deal (ungraded)',
  'gaps.opt.show_fits': 'Show which card fits each gap',
  'gaps.opt.winnable_only':
    'Winnable deals only (proven winnable by a solver that knows how the redeals fall)',
  'gaps.reason.not_a_gap': 'That place is not a gap',
  'gaps.reason.does_not_fit': 'That card does not fit there',
  'gaps.reason.after_king': 'Nothing can follow a king',
  'gaps.reason.left_is_gap': 'The gap to its left must be filled first',
  'gaps.notice.redeal_available': 'No card can move — redeal',
} as const;

const ja: Record<keyof typeof en, string> = {
  'gaps.name': 'ギャップ',
  'gaps.a11y.fits': '入るカード: {cards}',
  'gaps.a11y.gap': '空き、{r} 段目 {c} 列目',
  'gaps.a11y.grid.row': '{n} 段目',
  'gaps.say.gap.after': '{card}を{left}の右の空きへ',
  'gaps.say.gap.start': '{card}を{r}段目の左端の空きへ',
  'gaps.status.redeals': '配り直し 残り {n} 回',
  'gaps.status.redeals.unlimited': '配り直し 無制限',
  'gaps.won.in_place': '正しい位置のカード',
  'gaps.opt.redeals': '配り直しの回数',
  'gaps.opt.redeals.unlimited': '無制限',
  'gaps.opt.aces_shuffled': 'A も混ぜて配り直す',
  'gaps.opt.difficulty': '難しさ',
  'gaps.opt.difficulty.easy': 'やさしい',
  'gaps.opt.difficulty.normal': 'ふつう',
  'gaps.opt.difficulty.hard': 'むずかしい',
  'gaps.opt.difficulty.any': 'すべての配札（難易度なし）',
  'gaps.opt.show_fits': '各空きに入るカードを表示',
  'gaps.opt.winnable_only':
    'クリア可能な配りのみ（配り直しでカードがどう落ちるかを知るソルバーでクリア可能と確認済み）',
  'gaps.reason.not_a_gap': 'そこは空きではありません',
  'gaps.reason.does_not_fit': 'そのカードはそこに置けません',
  'gaps.reason.after_king': 'K の右の空きには入れられません',
  'gaps.reason.left_is_gap': '左の空きを先に埋めてください',
  'gaps.notice.redeal_available': '動かせるカードがありません — 配り直し',
};

export const strings = { en, ja };
