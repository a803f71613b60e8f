// Forty Thieves for the shared search: the native twin of patience/solver/forty_thieves.py,
// move for move (the equivalence tests hold it to it). See that module for the ideas: safe
// cards go up at once (the closure after every action), column-sorted keys ranked by the
// point of the stock walk, whole runs before parts of runs, one empty column only.
//
// State: the columns' cards in one array (column 0 first, each bottom to top, ``end[i]`` the
// end of column i), the foundations' heights (two per suit, sorted high first), the talon
// cards still in play as a mask over the draw order (waste bottom to top, then stock top to
// bottom), the boundary ``ptr`` (the waste top is card ``ptr - 1``) and the redeals left.
// Moves are the reference's ints: ``src << 8 | dst << 4 | count`` (engine locations), DRAW,
// REDEAL.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../core/search.hpp"

namespace patience::forty_thieves {

constexpr int COLUMNS = 10, CARDS = 104, PILES = 8, TALON = 64;
constexpr int WASTE = 10, FOUNDATION = 11, LONGEST_RUN = 13;
constexpr Move DRAW = -1, REDEAL = -2;
constexpr Move UP = FOUNDATION << 4 | 1;  // the low bits of one card sent up
constexpr int32_t SECOND_PASS = 256;  // the rank offset of the relaxed second pass

struct State {
  uint8_t card[CARDS];  // card codes suit * 13 + rank - 1, the columns one after another
  uint8_t end[COLUMNS];
  uint8_t found[PILES];
  uint64_t talon;
  int32_t ptr;
  int32_t redeals;

  int begin(int c) const { return c ? end[c - 1] : 0; }
  int size(int c) const { return end[c] - begin(c); }
  int top(int c) const { return card[end[c] - 1]; }  // only of a column with cards
  int total() const { return end[COLUMNS - 1]; }

  // Take the ``n`` top cards of column ``c`` off (into ``out`` when given).
  void take(int c, int n, uint8_t* out) {
    const int from = end[c] - n;
    if (out) std::memcpy(out, card + from, n);
    std::memmove(card + from, card + end[c], total() - end[c]);
    for (int i = c; i < COLUMNS; ++i) end[i] -= n;
  }
  // Put ``n`` cards on top of column ``c``.
  void put(int c, const uint8_t* cards, int n) {
    const int at = end[c];
    std::memmove(card + at + n, card + at, total() - at);
    std::memcpy(card + at, cards, n);
    for (int i = c; i < COLUMNS; ++i) end[i] += n;
  }
};

// ``card`` builds on ``parent``: same suit, one rank lower.
inline bool fits(int card, int parent) { return parent == card + 1 && card % 13 != 12; }

// The pile of ``found`` that takes ``card``, or -1.
inline int pile(const uint8_t* found, int card) {
  const int suit = card / 13 * 2, below = card % 13;
  if (found[suit] == below) return suit;
  if (found[suit + 1] == below) return suit + 1;
  return -1;
}

// An ace, or both cards one rank lower are up: with the pair sorted, the lower pile takes it.
inline bool safe(const uint8_t* found, int card) { return found[card / 13 * 2 + 1] == card % 13; }

// Put a card on ``p`` and keep the suit's pair sorted high first.
inline void raise(uint8_t* found, int p) {
  ++found[p];
  if ((p & 1) && found[p] > found[p - 1]) std::swap(found[p], found[p - 1]);
}

inline uint64_t below(int ptr) { return ptr >= 64 ? ~0ULL : (1ULL << ptr) - 1; }
inline int bit_length(uint64_t x) { return x ? highest_bit(x) + 1 : 0; }

class Game {
 public:
  using State = forty_thieves::State;
  // 122 symbols of 6 bits (the heights, the cards, a terminator per column), the talon.
  static constexpr int KEY_WORDS = 13;
  static constexpr bool ACYCLIC = false;  // moves between columns can come back

  // ``safe_closure`` false leaves safe cards to be moved like any other, ``locked_columns``
  // false proves nothing dead (only to measure what each is worth: FortyThievesAdapter's
  // switches of the same names).
  Game(const std::vector<int>& talon_cards, bool relaxed, bool safe_closure = true,
       bool locked_columns = true)
      : relaxed_(relaxed), closure_(safe_closure), locks_(locked_columns) {
    for (int c : talon_cards) talon_.push_back(static_cast<uint8_t>(c));
  }

  // Group: the columns sorted (as the reference's ``sorted(columns)``: their order does not
  // matter), the heights, the talon cards left; rank: the point of the stock walk.
  Key<KEY_WORDS> group(const State& s) const {
    // Sorted by the first eight cards (big-endian, each code + 1 so that a prefix comes
    // first), the whole columns compared only on a tie (two copies of a card share a code).
    int order[COLUMNS];
    uint64_t head[COLUMNS];
    const uint8_t* bytes = reinterpret_cast<const uint8_t*>(&s);
    for (int c = 0; c < COLUMNS; ++c) {
      const int n = s.size(c);
      uint64_t x;
      std::memcpy(&x, bytes + s.begin(c), 8);  // within the state: ``end`` follows ``card``
      x = __builtin_bswap64(x + 0x0101010101010101ULL);
      head[c] = n >= 8 ? x : n ? x & ~(~0ULL >> (8 * n)) : 0;
    }
    for (int i = 0; i < COLUMNS; ++i) {  // insertion sort: ten columns
      const int c = order[i] = i;
      int j = i;
      for (; j > 0; --j) {
        const int d = order[j - 1];
        if (head[c] > head[d] || (head[c] == head[d] && !less(s, c, d))) break;
        order[j] = d;
      }
      order[j] = c;
    }
    // 6-bit symbols: the eight heights, then each column's cards and a terminator (63, no
    // card's code), packed eight to 48 bits; the talon mask last.
    alignas(8) uint8_t sym[128] = {};
    std::memcpy(sym, s.found, PILES);
    int n = PILES;
    for (int c : order) {
      std::memcpy(sym + n, s.card + s.begin(c), s.size(c));
      n += s.size(c);
      sym[n++] = 63;
    }
    Key<KEY_WORDS> key{};
    for (int g = 0; g * 32 < n; ++g) {  // four 48-bit chunks to three words
      uint64_t c[4];
      for (int k = 0; k < 4; ++k) {
        uint64_t x;
        std::memcpy(&x, sym + g * 32 + k * 8, 8);
        x = (x & 0x003F003F003F003FULL) | (x & 0x3F003F003F003F00ULL) >> 2;
        x = (x & 0x00000FFF00000FFFULL) | (x & 0x0FFF00000FFF0000ULL) >> 4;
        c[k] = (x & 0xFFFFFFULL) | (x >> 8 & 0xFFFFFF000000ULL);
      }
      key.w[3 * g] = c[0] | c[1] << 48;
      key.w[3 * g + 1] = c[1] >> 16 | c[2] << 32;
      key.w[3 * g + 2] = c[2] >> 32 | c[3] << 16;
    }
    key.w[KEY_WORDS - 1] = s.talon;
    return key;
  }
  int32_t rank(const State& s) const { return s.redeals ? s.ptr : s.ptr + SECOND_PASS; }

  bool is_won(const State& s) const { return !s.talon && !s.total(); }
  // Classic: every column locked (forty_thieves.locked). Relaxed: no cheap proof.
  bool is_dead(const State& s) const { return locks_ && !relaxed_ && locked(s); }

  // forty_thieves.locked, step for step: with no column empty, whether every column holds a
  // card outside the least fixpoint of the cards that may ever leave their place.
  bool locked(const State& s) const {
    for (int c = 0; c < COLUMNS; ++c)
      if (!s.size(c)) return false;
    int loose[COLUMNS] = {};  // the top cards of each column that may leave
    bool leaves[52] = {};    // some copy of the card may leave its place
    uint8_t waste[TALON], stock[TALON];
    int wastes = 0, stocks = 0, waste_free = 0;
    for (int t = s.ptr - 1; t >= 0; --t)  // top first
      if (s.talon >> t & 1) waste[wastes++] = talon_[t];
    for (int t = s.ptr; t < static_cast<int>(talon_.size()); ++t)
      if (s.talon >> t & 1) stock[stocks++] = talon_[t];
    auto may_leave = [&](int card) {
      const int suit = card / 13, rank = card % 13;  // rank 0 for an ace
      const int high = s.found[2 * suit], low = s.found[2 * suit + 1];
      bool up = true;  // each rank its pile still needs may leave
      for (int below = high <= rank ? high : low; below < rank && up; ++below)
        up = leaves[suit * 13 + below];
      if (up) return true;
      if (rank == 12) return false;
      const int successor = card + 1;
      if (leaves[successor]) return true;
      for (int c = 0; c < COLUMNS; ++c)
        if (loose[c] < s.size(c) && s.card[s.end[c] - 1 - loose[c]] == successor) return true;
      return false;
    };
    bool changed = true;
    while (changed) {
      changed = false;
      for (int c = 0; c < COLUMNS; ++c)
        while (loose[c] < s.size(c) && may_leave(s.card[s.end[c] - 1 - loose[c]])) {
          leaves[s.card[s.end[c] - 1 - loose[c]]] = true;
          ++loose[c];
          changed = true;
        }
      while (waste_free < wastes && may_leave(waste[waste_free])) {
        leaves[waste[waste_free++]] = true;
        changed = true;
      }
      for (int i = 0; i < stocks; ++i)
        if (!leaves[stock[i]] && may_leave(stock[i])) leaves[stock[i]] = changed = true;
    }
    for (int c = 0; c < COLUMNS; ++c)
      if (loose[c] == s.size(c)) return false;
    return true;
  }

  void successors(const State& s, int, std::vector<Child<State>>& out) const {
    const int waste = s.ptr ? talon_[s.ptr - 1] : -1;
    // A safe card left over (only in a start position): up it goes, alone.
    for (int src = 0; closure_ && src < COLUMNS; ++src)
      if (s.size(src) && safe(s.found, s.top(src))) return out.push_back(after(s, src, -1, 1));
    if (closure_ && waste >= 0 && safe(s.found, waste))
      return out.push_back(after(s, WASTE, -1, 1));

    int tops[COLUMNS], runs[COLUMNS], empty = 0, first_empty = -1;
    for (int c = 0; c < COLUMNS; ++c) {
      const int n = s.size(c);
      tops[c] = n ? s.top(c) : -1;
      if (!n) {
        ++empty;
        if (first_empty < 0) first_empty = c;
        runs[c] = 0;
        continue;
      }
      int run = 1;
      while (run < n && fits(s.card[s.end[c] - run], s.card[s.end[c] - run - 1])) ++run;
      runs[c] = run;
    }
    int to_card, to_empty;  // engine.forty_thieves.run_limits
    if (relaxed_)
      to_card = LONGEST_RUN, to_empty = empty ? LONGEST_RUN : 0;
    else
      to_card = 1 << empty, to_empty = empty ? 1 << (empty - 1) : 0;

    // Foundation moves: the columns in order, then the waste.
    for (int src = 0; src < COLUMNS; ++src)
      if (tops[src] >= 0 && pile(s.found, tops[src]) >= 0) out.push_back(after(s, src, -1, 1));
    if (waste >= 0 && pile(s.found, waste) >= 0) out.push_back(after(s, WASTE, -1, 1));

    // Whole runs onto a card; parts of runs and moves into the empty column wait.
    struct Later {
      int8_t src, dst, n;
    };
    Later split[COLUMNS * LONGEST_RUN * 2];
    Later to_space[COLUMNS * LONGEST_RUN];
    int splits = 0, spaces = 0;
    for (int src = 0; src < COLUMNS; ++src) {
      const int run = runs[src];
      if (!run) continue;
      const int head = s.card[s.end[src] - run];
      if (run <= to_card && head % 13 != 12)
        for (int dst = 0; dst < COLUMNS; ++dst)
          if (tops[dst] == head + 1) out.push_back(after(s, src, dst, run));
      for (int n = 1; n < run && n <= to_card; ++n) {
        const int parent = s.card[s.end[src] - n] + 1;
        for (int dst = 0; dst < COLUMNS; ++dst)
          if (tops[dst] == parent && dst != src)
            split[splits++] = {static_cast<int8_t>(src), static_cast<int8_t>(dst),
                               static_cast<int8_t>(n)};
      }
      if (first_empty >= 0)
        for (int n = std::min({run, to_empty, s.size(src) - 1}); n > 0; --n)
          to_space[spaces++] = {static_cast<int8_t>(src), 0, static_cast<int8_t>(n)};
    }

    if (waste >= 0 && waste % 13 != 12)
      for (int dst = 0; dst < COLUMNS; ++dst)
        if (tops[dst] == waste + 1) out.push_back(after(s, WASTE, dst, 1));
    const uint64_t stock = s.ptr >= 64 ? 0 : s.talon >> s.ptr;
    if (stock) {
      State t = s;
      t.ptr = s.ptr + lowest_bit(stock) + 1;
      out.push_back({DRAW, close(t)});
    } else if (s.redeals && waste >= 0) {
      State t = s;
      t.ptr = 0;
      --t.redeals;
      out.push_back({REDEAL, close(t)});
    }
    for (int i = 0; i < spaces; ++i) out.push_back(after(s, to_space[i].src, first_empty, to_space[i].n));
    if (waste >= 0 && first_empty >= 0) out.push_back(after(s, WASTE, first_empty, 1));
    for (int i = 0; i < splits; ++i) out.push_back(after(s, split[i].src, split[i].dst, split[i].n));
  }

  // The state after ``action`` (a move of a line), and the foundation moves of its closure
  // (the reference's Step is the action, then those).
  State apply(const State& s, Move action, std::vector<Move>& ups) const {
    if (action == DRAW || action == REDEAL) {
      State t = s;
      if (action == DRAW)
        t.ptr = s.ptr + lowest_bit(s.talon >> s.ptr) + 1;
      else
        t.ptr = 0, --t.redeals;
      return close(t, &ups);
    }
    const int dst = action >> 4 & 15;
    return after(s, action >> 8, dst == FOUNDATION ? -1 : dst, action & 15, &ups).state;
  }

  // No beams in Forty Thieves' portfolio (the search only needs the members).
  void beam_successors(const State& s, std::vector<Child<State>>& out) const {
    successors(s, 0, out);
  }
  int64_t score(const State&) const { return 0; }

 private:
  // Column ``a`` before column ``b`` as Python orders tuples: by the cards, a prefix first.
  static bool less(const State& s, int a, int b) {
    const uint8_t *x = s.card + s.begin(a), *y = s.card + s.begin(b);
    const int n = std::min(s.size(a), s.size(b));
    for (int i = 0; i < n; ++i)
      if (x[i] != y[i]) return x[i] < y[i];
    return s.size(a) < s.size(b);
  }

  // A card move (``dst`` -1: a foundation), then the closure over safe cards (``ups``: the
  // foundation moves it makes, when given).
  Child<State> after(const State& s, int src, int dst, int n,
                     std::vector<Move>* ups = nullptr) const {
    State t = s;
    uint8_t moving[LONGEST_RUN + 1];
    if (src == WASTE) {
      moving[0] = talon_[s.ptr - 1];
      n = 1;
      t.talon &= ~(1ULL << (s.ptr - 1));
      t.ptr = bit_length(t.talon & below(s.ptr));
    } else {
      t.take(src, n, moving);
    }
    if (dst < 0)
      raise(t.found, pile(t.found, moving[0]));
    else
      t.put(dst, moving, n);
    const Move move = src << 8 | (dst < 0 ? FOUNDATION : dst) << 4 | n;
    return {move, close(t, ups)};
  }

  // Send safe column tops and the waste top up until none is left (the reference's order).
  State close(State t, std::vector<Move>* ups = nullptr) const {
    bool moved = closure_;
    while (moved) {
      moved = false;
      for (int c = 0; c < COLUMNS; ++c)
        while (t.size(c) && safe(t.found, t.top(c))) {
          raise(t.found, pile(t.found, t.top(c)));
          t.take(c, 1, nullptr);
          if (ups) ups->push_back(c << 8 | UP);
          moved = true;
        }
      while (t.ptr && safe(t.found, talon_[t.ptr - 1])) {
        raise(t.found, pile(t.found, talon_[t.ptr - 1]));
        t.talon &= ~(1ULL << (t.ptr - 1));
        t.ptr = bit_length(t.talon & below(t.ptr));
        if (ups) ups->push_back(WASTE << 8 | UP);
        moved = true;
      }
    }
    return t;
  }

  std::vector<uint8_t> talon_;  // the talon's cards in draw order (at most 64)
  bool relaxed_;
  bool closure_;
  bool locks_;
};

}  // namespace patience::forty_thieves
