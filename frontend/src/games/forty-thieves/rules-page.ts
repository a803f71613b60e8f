// Forty Thieves' rules page: English from SPEC.md §4, Japanese from the seed page.
import type { Lang } from '../../i18n';
import type { RulesPage } from '../../views/Rules';

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
