// Climb, a toy game that exists only in the tests (as tests/games/toy.py does for the backend):
// one suit of 13 cards, a face-down stock, a waste, and a foundation built from the ace up. Its
// module has the shape docs/architecture/adding-a-game.md lists for a game's folder: this file
// (the `GameModule` with its types, strings, rules of the table and rules page), `Board.tsx`
// and `board.css`. It names no file of the shell's but the interfaces a real game uses.
import './board.css';
import type { GameKey, Lang, Strings } from '../../src/i18n';
import { NONE, SUBMIT, type Outcome, type Selection, type Target } from '../../src/model/play';
import type { GameName, GameView, Move } from '../../src/model/types';
import type { RulesPage } from '../../src/views/Rules';
import type { GameModule, PileAction } from '../../src/games/types';
import { ClimbBoard, climbBoard } from './Board';

/** The game's name: not one of the built-in games the generated schema knows. */
export const CLIMB = 'climb' as GameName;

/** A key of the toy's own strings (`<game>.…`, as a real game's). */
const key = (k: string) => `${CLIMB}.${k}` as GameKey;

const en = {
  'climb.name': 'Climb',
  'climb.about': 'Send one suit up from the ace.',
  'climb.won.up': 'Sent up',
  'climb.status.up': '{n} of 13 up',
  'climb.say.up': 'send the waste card up',
  'climb.why.next_rank': 'the next rank goes up',
};
const ja: Record<keyof typeof en, string> = {
  'climb.name': 'クライム',
  'climb.about': 'エースから 1 スートを積み上げます。',
  'climb.won.up': '積んだ枚数',
  'climb.status.up': '13 枚中 {n} 枚',
  'climb.say.up': '捨て札を組札へ',
  'climb.why.next_rank': '次のランクを積める',
};

/** The rules of the table: the stock draws, the waste goes up when its move is legal. */
function tap(view: GameView, _sel: Selection | null, loc: string): Outcome {
  const legal = (type: string) => view.legal_moves.find((m) => m.type === type);
  const move = loc === 'stock' ? legal('draw') : loc === 'waste' ? legal('up') : undefined;
  return move ? SUBMIT(move, true) : NONE;
}

const page = (title: string, line: string): RulesPage => ({
  title,
  sections: [{ heading: title, items: [line] }],
});

export const climb: GameModule = {
  game: CLIMB,
  order: 99,
  art: '↑',
  sketch: { width: 30, height: 40, cards: [{ x: 0, y: 0, red: false }] },
  Board: ClimbBoard,
  targets: (): Target[] => [],
  tap,
  moveSpots: (_view, move) => (move.type === 'draw' ? ['stock'] : ['waste']),
  say: (_view, move, t) => (move.type === 'draw' ? t('say.draw') : t(key('say.up'))),
  resultLabel: key('won.up'),
  selectionName: (_view, loc) => loc,
  status: (view, t) => [t(key('status.up'), { n: climbBoard(view).foundation })],
  pileActions: (view): PileAction[] =>
    climbBoard(view).stock.count > 0
      ? [{ move: { type: 'draw' } as Move, label: 'btn.draw', icon: 'draw', key: 'D', accent: true }]
      : [],
  keyMove: (_view, k) => (k === 'draw' ? ({ type: 'draw' } as Move) : null),
  unwinnableExits: ['undo', 'new'],
  strings: { en, ja } as Strings,
  rules: { en: page('Climb', en['climb.about']), ja: page('クライム', ja['climb.about']) } satisfies Record<
    Lang,
    RulesPage
  >,
};
