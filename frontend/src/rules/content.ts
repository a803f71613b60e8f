// The rules pages, per game and language (English from SPEC.md, Japanese from the seed pages).
import type { Lang } from '../i18n';
import type { GameName } from '../model/types';

export interface RulesPage {
  title: string;
  sections: { heading: string; items: string[] }[];
}

const EN: Record<GameName, RulesPage> = {
  pyramid: {
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
  gaps: {
    title: 'Gaps (Montana)',
    sections: [
      {
        heading: 'Layout',
        items: ['One deck dealt face up in 4 rows of 13. The four aces are removed, leaving four gaps.'],
      },
      {
        heading: 'Moves',
        items: [
          'A gap takes the card of the same suit, one rank higher than the card to its left (left of the ' +
            'gap 5♥ → only 6♥).',
          "A gap in the leftmost column takes any 2; that 2 decides the row's suit. A gap right of a " +
            'king stays empty; a gap whose left neighbour is a gap waits for it.',
          'Tap a card to light up the gap it fits, then tap the gap. Or tap a gap to light up the card that fits it.',
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
  'forty-thieves': {
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
};

const JA: Record<GameName, RulesPage> = {
  pyramid: {
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
  gaps: {
    title: 'ギャップ（モンタナ）',
    sections: [
      {
        heading: '配り方',
        items: ['52 枚を表向きで 4 段×13 列に並べ、A を 4 枚取り除きます。取り除いた所が「空き」です。'],
      },
      {
        heading: '動かし方',
        items: [
          '空きには、左隣のカードと同じマークで 1 つ大きい数のカードを入れます（左隣がハートの 5 ならハートの 6 だけ）。',
          '一番左の列の空きにはどのマークの 2 でも入れられ、その 2 のマークがその段のマークになります。K の右の空きには入れられず、左隣も空きなら左を先に埋めます。',
          'カードをタップすると入れられる空きが光ります。空きをタップすると、そこに入るカードが光ります。',
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
  'forty-thieves': {
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

export function rulesPage(game: GameName, lang: Lang): RulesPage {
  return (lang === 'ja' ? JA : EN)[game];
}
