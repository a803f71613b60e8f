// Pyramid for the shared search: the native twin of patience/solver/pyramid.py, move for
// move (the equivalence tests hold it to it). See that module for the ideas: rank-keyed
// talons, passed draws, forced kings and only-partner pairs, and the relaxed games that prove
// states dead (open talon; in the last pass, open stock).
//
// State: the pyramid cards left (28 bits), the talon cards left in draw order (waste bottom
// to top, then stock top to bottom), the stock pointer and the pass. Moves: ``(a + 8) << 16 |
// (b + 8)`` for the reference's move ``(a, b)``.
#pragma once
#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "../core/search.hpp"

namespace patience::pyramid {

constexpr int SIZE = 28, STOCK = 28, WASTE = 29, MAX_PASSES = 3;
constexpr int ALONE = -1, DRAW = -2, RECYCLE = -3;

struct State {
  uint32_t pyr;
  uint64_t talon;
  int32_t ptr;
  int32_t passes;
};

inline Move encode(int a, int b) { return ((a + 8) << 16) | (b + 8); }

class Game {
 public:
  using State = pyramid::State;
  static constexpr int KEY_WORDS = 4;
  static constexpr bool ACYCLIC = true;  // every move removes a card or moves the walk on

  // ``memo_bytes``: the cap of the relaxed games' memo tables (they only save work).
  Game(const std::vector<int>& pyramid_ranks, const std::vector<int>& talon_ranks,
       size_t memo_bytes);

  // Group: the pyramid left and the ranks of the talon left in draw order (suits play no
  // part); rank: how far the stock walk has got.
  Key<KEY_WORDS> group(const State& s) const { return pack(s.pyr, s.talon); }
  int32_t rank(const State& s) const {
    return s.passes * 32 + bit_count(s.talon & below(s.ptr));
  }
  // The key of the reference's group (pyr, the packed rank sequence as 4 words).
  static Key<KEY_WORDS> pack_sequence(uint32_t pyr, const uint64_t* seq);

  bool is_won(const State& s) const { return s.pyr == 0; }
  bool is_dead(const State& s);
  void successors(const State& s, int order, std::vector<Child<State>>& out);
  void beam_successors(const State& s, std::vector<Child<State>>& out) {
    successors(s, 0, out);
  }
  int64_t score(const State&) const { return 0; }

 private:
  struct Shape {
    uint32_t avail = 0;
    int king = -1;
    std::vector<std::pair<int, int>> pairs;
    std::vector<int> avail_list;
    std::vector<int> by_rank[14];
  };

  static uint64_t below(int ptr) { return ptr >= 64 ? ~0ULL : (1ULL << ptr) - 1; }
  Key<KEY_WORDS> pack(uint32_t pyr, uint64_t talon) const;
  const Shape& shape(uint32_t pyr);
  uint64_t rank_counts(uint64_t talon) const;
  bool clearable(uint32_t pyr, uint64_t counts, uint64_t waste);
  bool unmatched(uint32_t pyr, uint64_t talon) const;
  uint64_t reachable_talon(const State& s) const;
  bool forced_pair(const State& s, const Shape& sh, int stock, int waste, Child<State>& out);
  bool draw(const State& s, int stock, const Shape& sh, Child<State>& out) const;

  int pyr_rank_[SIZE];
  std::vector<int> talon_rank_;
  std::vector<std::array<uint32_t, 256>> chunks_;  // per talon byte: its cards' ranks, packed
  uint32_t pyr_by_rank_[14] = {};
  uint64_t talon_by_rank_[14] = {};
  std::unordered_map<uint32_t, Shape> shapes_;  // only 1,430 shapes are reachable
  BucketTable<2> dead_;  // (pyr, talon) -> proven dead (1) or not (0), before the last pass
  BucketTable<3> open_;  // (pyr, counts, waste) -> clearable
};

}  // namespace patience::pyramid

#include "pyramid_rules.hpp"
