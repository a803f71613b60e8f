// Pyramid's rules page: English from SPEC.md §2, Japanese from the seed page.
import type { Lang } from '../../i18n';
import type { RulesPage } from '../../views/Rules';

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
