// Gaps' shapes, from the generated schema.
import type { components } from '../../api/schema';
import type { GameView } from '../../model/types';

export type GapsView = Extract<GameView, { game: 'gaps' }>;
export type GapsBoard = components['schemas']['GapsBoard'];
/** A card into a gap (the other Gaps move is the redeal). */
export type GapsMove = components['schemas']['GapsPlace'];
