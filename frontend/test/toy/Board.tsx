import type { GameView } from '../../src/model/types';
import type { BoardProps } from '../../src/games/types';

/** Climb's board as the server sends it (tests/games/toy.py: `ClimbGame.board`). */
export interface ClimbBoardData {
  stock: { count: number };
  waste: { count: number; top: string | null };
  foundation: number;
  recycles_left: number;
}

// The generated schema knows only the built-in games, so the toy names its board's shape here.
export const climbBoard = (view: GameView): ClimbBoardData => view.board as unknown as ClimbBoardData;

export function ClimbBoard({ view, t, onTap }: BoardProps) {
  const b = climbBoard(view);
  return (
    <div class="climb" role="group" aria-label={t('climb.name' as never)}>
      <button type="button" data-loc="stock" onClick={() => onTap('stock')}>
        {b.stock.count}
      </button>
      <button type="button" data-loc="waste" onClick={() => onTap('waste')}>
        {b.waste.top ?? ''}
      </button>
      <span data-loc="foundation">{b.foundation}</span>
    </div>
  );
}
