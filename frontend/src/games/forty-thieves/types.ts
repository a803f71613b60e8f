// Forty Thieves' shapes, from the generated schema.
import type { components } from '../../api/schema';
import type { GameView } from '../../model/types';

export type FortyThievesView = Extract<GameView, { game: 'forty-thieves' }>;
export type FortyThievesBoard = components['schemas']['FortyThievesBoard'];
/** A card or a run from a column or the waste. */
export type FtMove = components['schemas']['FortyThievesCardMove'];
