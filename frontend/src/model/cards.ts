// Presentation of cards: rank label, suit symbol, colour. (No values, no rules.)
import type { Card } from './types';

export type Suit = 'S' | 'H' | 'D' | 'C';
export const SUIT_SYMBOL: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

export interface CardFace {
  rank: string; // 'A' '2' … '10' 'J' 'Q' 'K'
  suit: Suit;
  symbol: string;
  red: boolean;
}

export function face(card: Card): CardFace {
  const r = card.slice(0, -1);
  const suit = card.slice(-1) as Suit;
  const rank = r === 'T' ? '10' : r;
  return { rank, suit, symbol: SUIT_SYMBOL[suit] ?? '?', red: suit === 'H' || suit === 'D' };
}

/** "Q♥" */
export function short(card: Card): string {
  const f = face(card);
  return `${f.rank}${f.symbol}`;
}
