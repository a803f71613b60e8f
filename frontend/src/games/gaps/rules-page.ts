// Gaps' rules page: English from SPEC.md §3, Japanese from the seed page.
import type { Lang } from '../../i18n';
import type { RulesPage } from '../../views/Rules';

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
