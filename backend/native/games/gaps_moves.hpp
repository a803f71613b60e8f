// Gaps' move generation and its persistent-set reduction (gaps.py: _moves; gaps_grid.py:
// gap_future, persistent_cards, _outside_conflicts), kept apart from the state's rules.
#pragma once
#include "gaps.hpp"

namespace patience::gaps {

namespace detail {

// Zobrist keys of (place, card or GAP): a simulated future's grids hashed incrementally.
struct Zobrist {
  uint64_t z[SIZE][53];
  uint64_t at[SIZE];
  Zobrist() {
    SplitMix64 rng(0x5EED);
    for (auto& row : z)
      for (uint64_t& v : row) v = rng.next();
    for (uint64_t& v : at) v = rng.next();
  }
  uint64_t of(uint8_t card, int place) const { return z[place][card == GAP ? 52 : card]; }
};

inline const Zobrist& zobrist() {
  static const Zobrist table;
  return table;
}

}  // namespace detail

inline Game::Future Game::gap_future(const uint8_t* grid, int gap) {
  struct Node {
    uint8_t grid[SIZE];
    int at;
    uint64_t hash;  // of the grid alone
  };
  constexpr size_t SLOTS = 2048;  // > 2 * (PATH_LIMIT + 1): probes stay short
  static thread_local std::vector<Node> nodes;
  static thread_local std::vector<int32_t> slots(SLOTS, 0);  // index into nodes, plus one
  static thread_local std::vector<int32_t> used;             // the slots to clear afterwards
  static thread_local std::vector<int> stack;
  const detail::Zobrist& zob = detail::zobrist();
  nodes.clear();
  used.clear();
  stack.clear();
  // Adds the node unless seen (compared in full); true when new.
  auto add = [&](const Node& n) {
    size_t i = (n.hash ^ zob.at[n.at]) & (SLOTS - 1);
    while (slots[i]) {
      const Node& m = nodes[slots[i] - 1];
      if (m.hash == n.hash && m.at == n.at && std::memcmp(m.grid, n.grid, SIZE) == 0)
        return false;
      i = (i + 1) & (SLOTS - 1);
    }
    nodes.push_back(n);
    slots[i] = static_cast<int32_t>(nodes.size());
    used.push_back(static_cast<int32_t>(i));
    return true;
  };
  Future out{true, 0, 0};
  Node first;
  std::memcpy(first.grid, grid, SIZE);
  first.at = gap;
  first.hash = 0;
  for (int i = 0; i < SIZE; ++i) first.hash ^= zob.of(grid[i], i);
  add(first);
  stack.push_back(0);
  int steps = 0;
  while (!stack.empty() && out.known) {
    const Node here = nodes[stack.back()];
    stack.pop_back();
    const int at = here.at;
    int fillers[4];
    int nf = 0;
    if (at % COLS == 0) {
      for (int two : TWOS) fillers[nf++] = two;
    } else {
      out.reads |= 1ULL << (at - 1);
      const uint8_t before = here.grid[at - 1];
      if (before == GAP || before % 13 == 12) continue;
      fillers[nf++] = before + 1;
    }
    for (int k = 0; k < nf; ++k) {
      const int card = fillers[k];
      const int source = find(here.grid, card);
      if (source < 0 || source == at) continue;
      if (++steps > PATH_LIMIT) {
        out.known = false;
        break;
      }
      out.reads |= 1ULL << source;
      out.writes |= (1ULL << source) | (1ULL << at);
      Node next = here;
      const uint8_t c = static_cast<uint8_t>(card);
      next.grid[source] = GAP;
      next.grid[at] = c;
      next.at = source;
      next.hash ^= zob.of(c, source) ^ zob.of(GAP, source) ^ zob.of(GAP, at) ^ zob.of(c, at);
      if (add(next)) stack.push_back(static_cast<int>(nodes.size()) - 1);
    }
  }
  for (int32_t i : used) slots[i] = 0;
  return out;
}

inline uint64_t Game::persistent_cards(const uint8_t* g, const CardMove* moves, int count) {
  int gaps[SIZE];
  int ngaps = 0;
  Future futures[SIZE];
  for (int i = 0; i < SIZE; ++i)
    if (g[i] == GAP) {
      gaps[ngaps++] = i;
      futures[i] = gap_future(g, i);
    }
  // movers: gap -> the places of the cards that can fill it, in the reference's dict order
  // (cards by first appearance among the moves, each card's gaps in order).
  int mover_gaps[SIZE];
  int nmovers = 0;
  Places sources[SIZE] = {};
  Places movers = 0;
  bool done_card[52] = {};
  for (int a = 0; a < count; ++a) {
    const int card = moves[a].card;
    if (done_card[card]) continue;
    done_card[card] = true;
    for (int b = a; b < count; ++b) {
      if (moves[b].card != card) continue;
      const int gap = moves[b].gap;
      if (!(movers >> gap & 1)) {
        movers |= 1ULL << gap;
        mover_gaps[nmovers++] = gap;
      }
      sources[gap] |= 1ULL << moves[b].source;
    }
  }
  auto conflicts = [&](Places chosen) -> Places {
    Places outside = 0, unknown = 0;
    for (int k = 0; k < ngaps; ++k) {
      const int gap = gaps[k];
      if (chosen >> gap & 1) continue;
      outside |= 1ULL << gap;
      if (!futures[gap].known) unknown |= 1ULL << gap;
    }
    if (unknown) return unknown;
    Places emptied = 0, touched = chosen;
    for (Places c = chosen; c; c &= c - 1) {
      const int gap = lowest_bit(c);
      emptied |= sources[gap];
      if (gap > 0) touched |= 1ULL << (gap - 1);
    }
    touched |= emptied;
    Places bad = 0;
    for (Places o = outside; o; o &= o - 1) {
      const int gap = lowest_bit(o);
      const Future& f = futures[gap];
      bool conflict = (emptied & f.reads) || (touched & f.writes);
      for (Places p = outside & ~(1ULL << gap); !conflict && p; p &= p - 1)
        conflict = f.writes & futures[lowest_bit(p)].reads;
      if (conflict) bad |= 1ULL << gap;
    }
    return bad;
  };
  Places best = movers;
  for (int k = 0; k < nmovers; ++k) {
    Places chosen = 1ULL << mover_gaps[k];
    while (bit_count(chosen) < bit_count(best)) {
      const Places bad = conflicts(chosen);
      if (!bad) {
        best = chosen;
        break;
      }
      if (bad & ~movers) break;
      chosen |= bad;
    }
  }
  uint64_t cards = 0;
  for (Places b = best; b; b &= b - 1)
    for (Places src = sources[lowest_bit(b)]; src; src &= src - 1)
      cards |= 1ULL << g[lowest_bit(src)];
  return cards;
}

inline void Game::moves(const State& s, bool reduce, bool late_first,
                        std::vector<Child<State>>& out) const {
  const uint8_t* g = s.grid;
  CardMove ms[SIZE * 4];
  int n = card_moves(g, ms);
  if (reduce && redeals_left(s) == 0) {
    uint64_t cards = 0;
    for (int i = 0; i < n; ++i) cards |= 1ULL << ms[i].card;
    if (bit_count(cards) > 1) {
      const uint64_t keep = persistent_cards(g, ms, n);
      int kept = 0;
      for (int i = 0; i < n; ++i)
        if (keep >> ms[i].card & 1) ms[kept++] = ms[i];
      n = kept;
    }
  }
  if (n > 1) {
    if (late_first) {
      std::sort(ms, ms + n, [](const CardMove& a, const CardMove& b) {
        return a.source != b.source ? a.source > b.source : a.gap > b.gap;
      });
    } else {
      int runs[ROWS];
      for (int r = 0; r < ROWS; ++r) runs[r] = run_length(g, r);
      int prio[SIZE * 4];
      int index[SIZE * 4];
      for (int i = 0; i < n; ++i) prio[i] = priority(g, runs, ms[i]), index[i] = i;
      std::sort(index, index + n, [&](int a, int b) {
        if (prio[a] != prio[b]) return prio[a] < prio[b];
        if (ms[a].card != ms[b].card) return ms[a].card < ms[b].card;
        if (ms[a].gap != ms[b].gap) return ms[a].gap < ms[b].gap;
        return ms[a].source < ms[b].source;
      });
      CardMove sorted[SIZE * 4];
      for (int i = 0; i < n; ++i) sorted[i] = ms[index[i]];
      std::memcpy(ms, sorted, sizeof(CardMove) * n);
    }
  }
  for (int i = 0; i < n; ++i) {
    Child<State> child{ms[i].card << 6 | ms[i].gap, s};
    child.state.grid[ms[i].source] = GAP;
    child.state.grid[ms[i].gap] = static_cast<uint8_t>(ms[i].card);
    out.push_back(child);
  }
  if (redeals_left(s) != 0) out.push_back({REDEAL, redeal(s)});
}

}  // namespace patience::gaps
