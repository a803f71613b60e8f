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
};

export const strings = { en, ja };
