// Gaps (Montana) for the shared search: the native twin of patience/solver/gaps.py and
// gaps_grid.py, move for move (the equivalence tests hold it to them).
//
// State: the 52-place grid (a card's index, or GAP), the redeals left (-1: unlimited) and
// done (which fixes the next redeal's shuffle). Moves: ``card << 6 | gap``, or REDEAL.
// Orders (the dives' variants): bit 0 "late first", bit 1 "no persistent-set reduction".
// Redeals: a numbered deal's generator states derive from its 32-bit seed here
// (derived_seed); a ranked deal's 64-bit seed is hashed (SHA-256, engine/deal.py), which this
// core does not do, so its caller hands in the state of each redeal the deal can still make.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "../core/search.hpp"
#include "../core/splitmix.hpp"

namespace patience::gaps {

constexpr int ROWS = 4, COLS = 13, SIZE = 52;
constexpr uint8_t GAP = 0xFF;
constexpr Move REDEAL = -1;
constexpr int TWOS[4] = {1, 14, 27, 40};
constexpr int PATH_LIMIT = 400;  // steps of one gap's simulated future before giving up

struct State {
  uint8_t grid[SIZE];
  int32_t left;  // redeals left, -1 for unlimited
  uint32_t done;
};

using Places = uint64_t;  // a set of grid places, one bit each

class Game {
 public:
  using State = gaps::State;
  static constexpr int KEY_WORDS = 6;
  static constexpr bool ACYCLIC = false;
  static constexpr int ORDER_LATE_FIRST = 1, ORDER_UNREDUCED = 2;

  // ``symmetric_rows`` false keys every position exactly (only to measure what sorting the
  // rows is worth: GapsAdapter.symmetric_rows).
  Game(uint32_t seed, bool aces_shuffled, bool symmetric_rows = true)
      : seed_(seed), aces_(aces_shuffled), symmetric_(symmetric_rows) {}
  // A deal whose redeal ``k`` (1, 2, ...) shuffles from ``redeal_states[k - 1]``.
  Game(std::vector<uint64_t> redeal_states, bool aces_shuffled, bool symmetric_rows = true)
      : seed_(0),
        aces_(aces_shuffled),
        symmetric_(symmetric_rows),
        redeal_states_(std::move(redeal_states)) {}

  // The group: the grid, rows sorted when no redeal is left (rows are then
  // interchangeable), else the exact position. Rank 0 (no dominance order).
  Key<KEY_WORDS> group(const State& s) const {
    uint8_t grid[SIZE];
    const uint8_t* g = s.grid;
    const bool sorted = s.left == 0 && symmetric_;
    if (sorted) {
      int order[ROWS] = {0, 1, 2, 3};
      std::sort(order, order + ROWS, [&](int a, int b) {
        return std::memcmp(s.grid + a * COLS, s.grid + b * COLS, COLS) < 0;
      });
      for (int r = 0; r < ROWS; ++r) std::memcpy(grid + r * COLS, s.grid + order[r] * COLS, COLS);
      g = grid;
    }
    Key<KEY_WORDS> key{};
    for (int i = 0; i < SIZE; ++i) {  // 6 bits a place, 10 places a word
      const uint64_t v = g[i] == GAP ? 63 : g[i];
      key.w[i / 10] |= v << (6 * (i % 10));
    }
    // Word 5 holds places 50 and 51 in its low 12 bits; then, for an exact key, the
    // redeals done (32 bits) and left (+2: unlimited is -1).
    if (!sorted)
      key.w[5] |= static_cast<uint64_t>(s.done) << 12 | static_cast<uint64_t>(s.left + 2) << 44;
    return key;
  }
  int32_t rank(const State&) const { return 0; }

  bool is_won(const State& s) const {
    for (int r = 0; r < ROWS; ++r) {
      const uint8_t* row = s.grid + r * COLS;
      if (row[0] % 13 != 1 || row[0] == GAP || row[COLS - 1] != GAP) return false;
      for (int c = 1; c < COLS - 1; ++c)
        if (row[c] != row[0] + c) return false;
    }
    return true;
  }

  bool is_dead(const State& s) const {
    const uint8_t* g = s.grid;
    int gaps = 0;
    bool ace = false;
    uint64_t present = 0;
    for (int i = 0; i < SIZE; ++i) {
      if (g[i] == GAP) {
        ++gaps;
      } else {
        if (g[i] % 13 == 0) ace = true;
        present |= 1ULL << g[i];
      }
    }
    if (gaps != 4 || ace) {  // hand-built: a card missing is a certain loss
      for (int c = 0; c < 52; ++c)
        if (c % 13 && !(present >> c & 1)) return true;
    }
    if (redeals_left(s) != 0 || g[0] == GAP || g[13] == GAP || g[26] == GAP || g[39] == GAP)
      return false;  // a gap in column 0 lets every 2, so nearly every card, move
    bool stuck[52];
    frozen(g, stuck);
    return misplaced(g, stuck);
  }

  void successors(const State& s, int order, std::vector<Child<State>>& out) const {
    moves(s, !(order & ORDER_UNREDUCED), order & ORDER_LATE_FIRST, out);
  }
  void beam_successors(const State& s, std::vector<Child<State>>& out) const {
    moves(s, false, false, out);
  }

  // The beam's guide (GapsAdapter.score).
  int64_t score(const State& s) const {
    const uint8_t* g = s.grid;
    int64_t in_place = 0, pairs = 0, dead = 0;
    for (int r = 0; r < ROWS; ++r) in_place += run_length(g, r);
    for (int i = 0; i < SIZE - 1; ++i) {
      if (i % COLS == COLS - 1) continue;
      if (g[i] != GAP && g[i] % 13 != 12 && g[i + 1] == g[i] + 1) ++pairs;
    }
    for (int i = 0; i < SIZE; ++i)
      if (g[i] == GAP && i % COLS && (g[i - 1] == GAP || g[i - 1] % 13 == 12)) ++dead;
    const int64_t redeals = std::max(redeals_left(s), 0);
    return 100 * in_place + 10 * pairs - 30 * dead + 300 * redeals;
  }

  // The engine's redeal (patience/engine/gaps.py: redeal), bit for bit.
  State redeal(const State& s) const {
    int runs[ROWS];
    bool kept[SIZE] = {};
    for (int r = 0; r < ROWS; ++r) {
      runs[r] = run_length(s.grid, r);  // the engine's runs too: no run passes the king
      for (int c = 0; c < runs[r]; ++c) kept[r * COLS + c] = true;
    }
    uint8_t gathered[56];
    int n = 0;
    for (int i = 0; i < SIZE; ++i)
      if (s.grid[i] != GAP && !kept[i]) gathered[n++] = s.grid[i];
    if (aces_)
      for (int suit = 0; suit < 4; ++suit) gathered[n++] = static_cast<uint8_t>(suit * 13);
    std::sort(gathered, gathered + n);
    SplitMix64 rng(redeal_state(static_cast<uint64_t>(s.done) + 1));
    rng.shuffle(gathered, n);
    State out = s;
    int next = 0;
    for (int r = 0; r < ROWS; ++r) {
      if (!aces_) out.grid[r * COLS + runs[r]] = GAP;
      for (int c = aces_ ? runs[r] : runs[r] + 1; c < COLS; ++c)
        out.grid[r * COLS + c] = next < n ? gathered[next++] : GAP;
    }
    if (aces_)
      for (int i = 0; i < SIZE; ++i)
        if (out.grid[i] != GAP && out.grid[i] % 13 == 0) out.grid[i] = GAP;
    out.left = s.left < 0 ? s.left : s.left - 1;
    out.done = s.done + 1;
    return out;
  }

  int32_t redeals_left(const State& s) const { return s.left; }

 private:
  struct CardMove {
    int card, source, gap;
  };

  // The leading run of ``row``: a 2 in column 0, then its suit's 3, 4, … (at most 12 long).
  static int run_length(const uint8_t* g, int row) {
    const int base = row * COLS;
    const uint8_t first = g[base];
    if (first == GAP || first % 13 != 1) return 0;
    int length = 1;
    while (length < COLS - 1 && g[base + length] == first + length) ++length;
    return length;
  }

  static void positions(const uint8_t* g, int* pos) {
    for (int c = 0; c < 52; ++c) pos[c] = -1;
    for (int i = 0; i < SIZE; ++i)
      if (g[i] != GAP) pos[g[i]] = i;
  }

  static int find(const uint8_t* g, int card) {
    const void* at = std::memchr(g, card, SIZE);
    return at ? static_cast<int>(static_cast<const uint8_t*>(at) - g) : -1;
  }

  // gaps_grid.card_moves: gaps row-major; column 0 takes any 2, another gap the successor of
  // its left neighbour.
  static int card_moves(const uint8_t* g, CardMove* out) {
    int n = 0;
    for (int gap = 0; gap < SIZE; ++gap) {
      if (g[gap] != GAP) continue;
      if (gap % COLS == 0) {
        for (int two : TWOS) {
          const int source = find(g, two);
          if (source >= 0) out[n++] = {two, source, gap};
        }
      } else {
        const uint8_t before = g[gap - 1];
        if (before != GAP && before % 13 != 12) {
          const int source = find(g, before + 1);
          if (source >= 0) out[n++] = {before + 1, source, gap};
        }
      }
    }
    return n;
  }

  // gaps_grid.frozen: for each card, whether it can never move again without a redeal.
  static void frozen(const uint8_t* g, bool* stuck) {
    int pos[52];
    positions(g, pos);
    bool movable[52] = {};
    int places[SIZE * 4];
    int np = 0;
    for (int i = 0; i < SIZE; ++i)
      if (g[i] == GAP) places[np++] = i;
    int due[64];
    while (np) {
      const int place = places[--np];
      int nd = 0;
      if (place % COLS == 0) {
        for (int two : TWOS)
          if (pos[two] != place) due[nd++] = two;
      } else {
        const uint8_t left = g[place - 1];
        if (left == GAP || left % 13 == 12 || g[place] == left + 1) continue;
        due[nd++] = left + 1;
      }
      while (nd) {
        const int card = due[--nd];
        if (movable[card] || pos[card] < 0) continue;
        movable[card] = true;
        places[np++] = pos[card];
        if (card % 13 != 12) due[nd++] = card + 1;
      }
    }
    for (int c = 0; c < 52; ++c) stuck[c] = !movable[c];
  }

  // gaps_grid.misplaced: a frozen card off every winning layout.
  static bool misplaced(const uint8_t* g, const bool* stuck) {
    for (int r = 0; r < ROWS; ++r) {
      int suit = -1;
      for (int c = 0; c < COLS; ++c) {
        const uint8_t card = g[r * COLS + c];
        if (card == GAP || !stuck[card]) continue;
        if (card % 13 != c + 1 || (suit != -1 && suit != card / 13)) return true;
        suit = card / 13;
      }
    }
    return false;
  }

  struct Future {
    bool known;
    Places writes, reads;
  };

  // gaps_grid.gap_future: what the gap at ``gap`` may write and read if it alone moves.
  static Future gap_future(const uint8_t* grid, int gap);

  // gaps_grid.persistent_cards: the cards whose moves form a small persistent set.
  static uint64_t persistent_cards(const uint8_t* g, const CardMove* moves, int count);

  // GapsAdapter._priority: lower is tried first.
  static int priority(const uint8_t* g, const int* runs, const CardMove& m) {
    const int row = m.gap / COLS, col = m.gap % COLS;
    if (col == runs[row]) {
      const int follow = col < COLS - 1 ? g[m.gap + 1] : GAP;
      return (follow == m.card + 1 || col) ? 0 : 1;
    }
    const int srow = m.source / COLS, scol = m.source % COLS;
    if (scol == 0) return m.card % 13 == 1 ? 8 : 3;
    if (scol == runs[srow]) return 2;
    const uint8_t behind = g[m.source - 1];
    if (behind == GAP || behind % 13 == 12 || find(g, behind + 1) < 0) return 6;
    return 4;
  }

  void moves(const State& s, bool reduce, bool late_first, std::vector<Child<State>>& out) const;

  uint64_t redeal_state(uint64_t ordinal) const {
    if (redeal_states_.empty()) return derived_seed(seed_, ordinal);
    return redeal_states_.at(ordinal - 1);  // the caller handed in every redeal left
  }

  uint32_t seed_;
  bool aces_;
  bool symmetric_;
  std::vector<uint64_t> redeal_states_;
};

}  // namespace patience::gaps

#include "gaps_moves.hpp"
