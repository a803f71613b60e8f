// What the analysis says: the hint reasons any game may give (a game's own are in its module's
// strings, `<game>.why.<code>`), back to the last winnable point, the fair-play marks and why
// there is no verdict: the strings, in English and Japanese (merged into the tables of
// `strings.ts`).
export const enAnalysis = {
  'why.draw': 'no better move: draw',
  'why.recycle': 'the stock is empty: turn the waste over',
  'why.redeal': 'no card can move: redeal',
  'why.generic': 'a good move here',
  'hint.searched': 'checked by a full search',
  'rewind.exit': 'Back to the last winnable point ({n} moves back)',
  'rewind.exit1': 'Back to the last winnable point (1 move back)',
  'rewind.lost': 'Even the deal as dealt could not be won with these rules.',
  'rewind.done': 'Back {n} {n:move|moves}, to a position that can still be won',
  'lb.assisted': 'solver-assisted',
  'lb.assisted.long': 'The player fetched the solution before winning',
  'lb.replay': 'Replay',
  'lb.notes': 'Notes',
  'lb.hints_undos': '{h} {h:hint|hints}, {u} {u:undo|undos}',
  'lb.open': 'Open deal: anyone can compute its cards',
  'lb.review': 'under review',
  'lb.review.long': 'Choices that show knowledge of unseen cards; an operator decides',
  'lb.pending': 'checking',
  'analysis.unseen_shuffle':
    'A redeal shuffles the cards again, so whether this deal can still be won is known only ' +
    'after your last redeal.',
} as const;

export const jaAnalysis: Record<keyof typeof enAnalysis, string> = {
  'why.draw': 'ほかに良い手がないのでめくる',
  'why.recycle': '山札が空なので捨て札を戻す',
  'why.redeal': '動かせるカードがないので配り直す',
  'why.generic': 'この局面での良い手',
  'hint.searched': '全探索で確認済み',
  'rewind.exit': 'まだ勝てた局面まで戻る（{n}手前）',
  'rewind.exit1': 'まだ勝てた局面まで戻る（1手前）',
  'rewind.lost': 'このルールでは、配った直後からすでに勝てない局でした。',
  'rewind.done': '{n}手戻りました。ここからはまだ勝てます',
  'lb.assisted': 'ソルバー使用',
  'lb.assisted.long': 'クリア前に解答を取得したプレイヤー',
  'lb.replay': 'リプレイ',
  'lb.notes': '備考',
  'lb.hints_undos': 'ヒント {h}・戻す {u}',
  'lb.open': 'オープンな配り：誰でもカードを計算できます',
  'lb.review': '審査中',
  'lb.review.long': '見えていないカードを知っていたような選択があります。運営者が判断します',
  'lb.pending': 'チェック中',
  'analysis.unseen_shuffle':
    '配り直しでカードが混ざるため、まだ勝てるかどうかは最後の配り直しの後まで分かりません。',
};
