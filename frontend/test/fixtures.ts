import type { FortyThievesView } from '../src/games/forty-thieves';
import type { GapsView } from '../src/games/gaps';
import type { PyramidView } from '../src/games/pyramid';

export const base = {
  id: 'g1',
  ruleset: 'standard',
  options: {},
  deal: 1,
  status: 'playing' as const,
  version: 3,
  moves: 3,
  undos: 0,
  hints: 0,
  elapsed_ms: 0,
  clock_running: true,
  notices: [],
  result: null,
  created_at: '2026-01-01T00:00:00Z',
  finished_at: null,
  daily: null,
  ranked: false,
};

export function pyramid(over: Partial<PyramidView> = {}): PyramidView {
  return {
    ...base,
    game: 'pyramid',
    deal_id: 'pyramid-1',
    board: {
      pyramid: [
        '7H',
        '9S',
        '4H',
        '8D',
        '8H',
        '5C',
        'JH',
        '6H',
        '9C',
        'JS',
        '5H',
        'KH',
        '3S',
        '2H',
        'JD',
        '5D',
        '7D',
        '4D',
        '2S',
        'AH',
        '6C',
        'KS',
        'KD',
        'TD',
        'TC',
        'JC',
        'TH',
        '8C',
      ],
      available: ['p21', 'p22', 'p23', 'p24', 'p25', 'p26', 'p27'],
      stock: { count: 24, top: '3S' },
      waste: { count: 0, top: null },
      pass: 1,
      max_passes: 3,
      removed: 0,
    },
    legal_moves: [
      { type: 'king', at: 'p21' },
      { type: 'king', at: 'p22' },
      { type: 'pair', a: 'p23', b: 'stock' },
      { type: 'pair', a: 'p24', b: 'stock' },
      { type: 'draw' },
    ],
    ...over,
  };
}

export function gaps(over: Partial<GapsView> = {}): GapsView {
  const grid: (string | null)[][] = [
    ['7H', '9S', '4H', '8D', '8H', '5C', 'JH', '6H', '9C', 'JS', '5H', 'KH', '3S'],
    ['2H', 'JD', '5D', '7D', '4D', '2S', null, '6C', 'KS', 'KD', 'TD', 'TC', 'JC'],
    ['TH', '8C', 'QS', '4C', '6S', '7S', null, '5S', null, 'KC', '6D', 'QC', 'QD'],
    [null, '9H', '3H', '3C', 'QH', '4S', '2D', '8S', 'TS', '3D', '2C', '9D', '7C'],
  ];
  return {
    ...base,
    game: 'gaps',
    deal_id: 'gaps-1',
    ruleset: 'redeals-2',
    board: { grid, redeals_left: 2 },
    legal_moves: [
      { type: 'move', card: '3S', to: 'r1c6' },
      { type: 'move', card: '8S', to: 'r2c6' },
      { type: 'move', card: '6S', to: 'r2c8' },
      { type: 'move', card: '2D', to: 'r3c0' },
      { type: 'move', card: '2C', to: 'r3c0' },
      { type: 'redeal' },
    ],
    ...over,
  };
}

export function forty(over: Partial<FortyThievesView> = {}): FortyThievesView {
  return {
    ...base,
    game: 'forty-thieves',
    deal_id: 'forty-thieves-1',
    ruleset: 'classic',
    board: {
      tableau: [['KD', '9S', '8S', '7S'], ['TS'], [], ['9H'], ['5C'], ['AC'], ['3H'], ['4H'], ['QC'], ['JC']],
      foundations: Array.from({ length: 8 }, () => ({ suit: null, top: null, count: 0 })),
      stock: { count: 40 },
      waste: { count: 1, cards: ['8H'] },
      redeals_left: 0,
      max_run: { to_card: 2, to_empty: 1 },
      can_collect: false,
    },
    legal_moves: [
      { type: 'move', from: 't0', to: 't2' },
      { type: 'move', from: 't0', to: 't2', count: 1 },
      { type: 'move', from: 't0', to: 't1', count: 2 },
      { type: 'move', from: 'waste', to: 't3' },
      { type: 'move', from: 'waste', to: 't2' },
      { type: 'move', from: 't5', to: 'foundation' },
      { type: 'move', from: 't5', to: 't2' },
      { type: 'move', from: 't4', to: 't2' },
      { type: 'draw' },
    ],
    ...over,
  };
}
