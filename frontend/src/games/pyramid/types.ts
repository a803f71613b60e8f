// Pyramid's shapes, from the generated schema.
import type { components } from '../../api/schema';
import type { GameView } from '../../model/types';

export type PyramidView = Extract<GameView, { game: 'pyramid' }>;
export type PyramidBoard = components['schemas']['PyramidBoard'];
export type PyramidMove = components['schemas']['PyramidMove'];
