// Pyramid's rules for the search (pyramid.py: PyramidAdapter), kept apart from its state.
#pragma once
#include "pyramid.hpp"

namespace patience::pyramid {

namespace detail {

inline int row_of(int i) {
  int row = 0;
  while ((row + 1) * (row + 2) / 2 <= i) ++row;
  return row;
}

struct Geometry {
  uint32_t cover[SIZE];    // the two cards that cover each card
  uint32_t related[SIZE];  // cards covering it or covered by it, transitively
  Geometry() {
    uint32_t under[SIZE] = {};  // cards covering i, transitively
    for (int i = 0; i < SIZE; ++i) {
      const int row = row_of(i);
      cover[i] = row == 6 ? 0 : (1u << (i + row + 1)) | (1u << (i + row + 2));
    }
    for (int i = SIZE - 1; i >= 0; --i)
      for (uint32_t c = cover[i]; c; c &= c - 1) {
        const int j = lowest_bit(c);
        under[i] |= (1u << j) | under[j];
      }
    for (int i = 0; i < SIZE; ++i) {
      uint32_t above = 0;
      for (int j = 0; j < SIZE; ++j)
        if (under[j] >> i & 1) above |= 1u << j;
      related[i] = under[i] | above;
    }
  }
};

inline const Geometry& geometry() {
  static const Geometry g;
  return g;
}

// The most disjoint pairs (i in left, j in right) that can be available together.
inline int max_matching(uint32_t left, uint32_t right) {
  int match[SIZE];
  for (int& m : match) m = -1;
  const auto& geo = geometry();
  auto augment = [&](auto&& self, int i, uint32_t& tried) -> bool {
    for (uint32_t js = right & ~geo.related[i]; js; js &= js - 1) {
      const int j = lowest_bit(js);
      if (tried >> j & 1) continue;
      tried |= 1u << j;
      if (match[j] < 0 || self(self, match[j], tried)) {
        match[j] = i;
        return true;
      }
    }
    return false;
  };
  int size = 0;
  for (uint32_t ls = left; ls; ls &= ls - 1) {
    uint32_t tried = 0;
    size += augment(augment, lowest_bit(ls), tried);
  }
  return size;
}

}  // namespace detail

inline Game::Game(const std::vector<int>& pyramid_ranks, const std::vector<int>& talon_ranks,
                  size_t memo_bytes)
    : talon_rank_(talon_ranks), dead_(memo_bytes / 4, 1 << 8), open_(memo_bytes / 4 * 3, 1 << 10) {
  for (int i = 0; i < SIZE; ++i) {
    pyr_rank_[i] = i < static_cast<int>(pyramid_ranks.size()) ? pyramid_ranks[i] : 0;
    if (pyr_rank_[i]) pyr_by_rank_[pyr_rank_[i]] |= 1u << i;
  }
  for (size_t i = 0; i < talon_rank_.size(); ++i) talon_by_rank_[talon_rank_[i]] |= 1ULL << i;
  chunks_.assign((talon_rank_.size() + 7) / 8, std::array<uint32_t, 256>{});
  for (size_t byte = 0; byte < chunks_.size(); ++byte)
    for (unsigned bits = 1; bits < 256; ++bits) {
      uint32_t chunk = 0;
      int shift = 0;
      for (unsigned b = bits; b; b &= b - 1, shift += 4) {
        const size_t card = byte * 8 + lowest_bit(b);
        chunk |= static_cast<uint32_t>(card < talon_rank_.size() ? talon_rank_[card] : 0) << shift;
      }
      chunks_[byte][bits] = chunk;
    }
}

inline Key<Game::KEY_WORDS> Game::pack_sequence(uint32_t pyr, const uint64_t* seq) {
  Key<KEY_WORDS> key{};
  key.w[0] = pyr | (seq[0] << 28);
  key.w[1] = (seq[0] >> 36) | (seq[1] << 28);
  key.w[2] = (seq[1] >> 36) | (seq[2] << 28);
  key.w[3] = (seq[2] >> 36) | (seq[3] << 28);
  return key;
}

inline Key<Game::KEY_WORDS> Game::pack(uint32_t pyr, uint64_t talon) const {
  // The ranks in draw order, 4 bits each, the first lowest: a byte of the talon at a time,
  // from per-byte tables of the ranks of its cards.
  uint64_t seq[5] = {};
  int shift = 0;
  for (int byte = 0; talon; ++byte, talon >>= 8) {
    const unsigned bits = talon & 0xFF;
    if (!bits) continue;
    const uint64_t chunk = chunks_[byte][bits];  // at most 32 bits
    const int word = shift / 64, at = shift % 64;
    seq[word] |= chunk << at;
    if (at > 32) seq[word + 1] |= chunk >> (64 - at);
    shift += 4 * bit_count(bits);
  }
  return pack_sequence(pyr, seq);
}

inline const Game::Shape& Game::shape(uint32_t pyr) {
  auto found = shapes_.find(pyr);
  if (found != shapes_.end()) return found->second;  // (references survive a rehash)
  const auto& geo = detail::geometry();
  Shape& sh = shapes_[pyr];
  for (int k = 0; k < SIZE; ++k)
    if (pyr >> k & 1 && !(pyr & geo.cover[k])) {
      sh.avail |= 1u << k;
      sh.avail_list.push_back(k);
      sh.by_rank[pyr_rank_[k]].push_back(k);
      if (sh.king < 0 && pyr_rank_[k] == 13) sh.king = k;
    }
  const auto& av = sh.avail_list;
  for (size_t a = 0; a < av.size(); ++a)
    for (size_t b = a + 1; b < av.size(); ++b)
      if (pyr_rank_[av[a]] + pyr_rank_[av[b]] == 13) sh.pairs.push_back({av[a], av[b]});
  return sh;
}

inline uint64_t Game::rank_counts(uint64_t talon) const {
  uint64_t counts = 0;
  for (int r = 1; r < 13; ++r)
    counts += static_cast<uint64_t>(bit_count(talon & talon_by_rank_[r])) << (3 * r);
  return counts;
}

inline bool Game::clearable(uint32_t pyr, uint64_t counts, uint64_t waste) {
  if (!pyr) return true;
  const Key<3> key{{pyr, counts, waste}};
  const int32_t known = open_.find(key);
  if (known != BucketTable<3>::NONE) return known;
  const Shape& sh = shape(pyr);
  const int king = sh.king;
  const int top = waste ? highest_bit(waste) : -1;
  const int top_rank = waste ? talon_rank_[top] : 0;
  const uint64_t under = waste ? waste ^ (1ULL << top) : 0;
  bool found = false;
  if (king >= 0) {
    found = clearable(pyr & ~(1u << king), counts, waste);
  } else if (top_rank == 13) {
    found = clearable(pyr, counts, under);
  } else {
    const auto& pairs = sh.pairs;
    const auto& avail = sh.avail_list;
    for (const auto& [i, j] : pairs)
      if ((found = clearable(pyr & ~(1u << i) & ~(1u << j), counts, waste))) break;
    for (size_t k = 0; !found && k < avail.size(); ++k) {
      const int i = avail[k];
      const int need = 13 - pyr_rank_[i];
      if (need == top_rank && clearable(pyr & ~(1u << i), counts, under)) {
        found = true;
        break;
      }
      if ((counts >> (3 * need) & 7) &&
          clearable(pyr & ~(1u << i), counts - (1ULL << (3 * need)), waste)) {
        found = true;
        break;
      }
    }
    if (!found && top_rank && (counts >> (3 * (13 - top_rank)) & 7))
      found = clearable(pyr, counts - (1ULL << (3 * (13 - top_rank))), under);
  }
  open_.store_min(key, found ? 1 : 0, 1);
  return found;
}

inline bool Game::unmatched(uint32_t pyr, uint64_t talon) const {
  for (int low = 1; low < 7; ++low) {
    const int high = 13 - low;
    const uint32_t p_low = pyr & pyr_by_rank_[low], p_high = pyr & pyr_by_rank_[high];
    if (!p_low && !p_high) continue;
    const int need = std::max(bit_count(p_low) - bit_count(talon & talon_by_rank_[high]),
                              bit_count(p_high) - bit_count(talon & talon_by_rank_[low]));
    if (need > 0 && detail::max_matching(p_low, p_high) < need) return true;
  }
  return false;
}

inline uint64_t Game::reachable_talon(const State& s) const {
  const uint64_t stock = s.talon & ~below(s.ptr);
  uint64_t waste = s.talon ^ stock;
  while (waste) {
    const int top = highest_bit(waste);
    const int rank = talon_rank_[top];
    const int need = 13 - rank;
    if (rank != 13 && !((s.pyr & pyr_by_rank_[need]) || (stock & talon_by_rank_[need])))
      return s.talon & ~below(top);
    waste ^= 1ULL << top;
  }
  return s.talon;
}

inline bool Game::is_dead(const State& s) {
  if (s.passes == MAX_PASSES) {  // the open-stock game is the stronger proof there
    const uint64_t talon = reachable_talon(s);
    const uint64_t waste = talon & below(s.ptr);
    return !clearable(s.pyr, rank_counts(talon ^ waste), waste);
  }
  const Key<2> key{{s.pyr, s.talon}};
  const int32_t known = dead_.find(key);
  if (known != BucketTable<2>::NONE) return known;
  const bool dead = unmatched(s.pyr, s.talon) || !clearable(s.pyr, rank_counts(s.talon), 0);
  dead_.store_min(key, dead ? 1 : 0, 1);
  return dead;
}

inline bool Game::forced_pair(const State& s, const Shape& sh, int stock, int waste,
                              Child<State>& out) {
  for (int i : sh.avail_list) {
    const int need = 13 - pyr_rank_[i];
    if (bit_count(s.pyr & pyr_by_rank_[need]) + bit_count(s.talon & talon_by_rank_[need]) != 1)
      continue;
    for (int j : sh.by_rank[need]) {
      out = {encode(i, j), {s.pyr & ~(1u << i) & ~(1u << j), s.talon, s.ptr, s.passes}};
      return true;
    }
    if (stock >= 0 && talon_rank_[stock] == need) {
      out = {encode(i, STOCK), {s.pyr & ~(1u << i), s.talon & ~(1ULL << stock), s.ptr, s.passes}};
      return true;
    }
    if (waste >= 0 && talon_rank_[waste] == need) {
      out = {encode(i, WASTE), {s.pyr & ~(1u << i), s.talon & ~(1ULL << waste), s.ptr, s.passes}};
      return true;
    }
  }
  return false;
}

inline bool Game::draw(const State& s, int stock, const Shape& sh, Child<State>& out) const {
  int count = 0;
  for (;;) {
    ++count;
    const int ptr = stock + 1;
    const uint64_t rest = ptr >= 64 ? 0 : s.talon >> ptr;
    if (!rest) {
      if (s.passes == MAX_PASSES) return false;
      out = {encode(RECYCLE, count), {s.pyr, s.talon, 0, s.passes + 1}};
      return true;
    }
    const int drawn_rank = talon_rank_[stock];
    stock = lowest_bit(rest) + ptr;
    const int rank = talon_rank_[stock];
    if (rank == 13 || rank + drawn_rank == 13 || !sh.by_rank[13 - rank].empty()) {
      out = {encode(DRAW, count), {s.pyr, s.talon, ptr, s.passes}};
      return true;
    }
  }
}

inline void Game::successors(const State& s, int, std::vector<Child<State>>& out) {
  const Shape& sh = shape(s.pyr);
  const uint64_t stock_bits = s.ptr >= 64 ? 0 : s.talon >> s.ptr;
  const int stock = stock_bits ? lowest_bit(stock_bits) + s.ptr : -1;
  const uint64_t waste_bits = s.talon & below(s.ptr);
  const int waste = waste_bits ? highest_bit(waste_bits) : -1;
  const int s_rank = stock >= 0 ? talon_rank_[stock] : 0;
  const int w_rank = waste >= 0 ? talon_rank_[waste] : 0;
  const uint32_t pyr = s.pyr;
  const uint64_t talon = s.talon;
  // Kings first, alone: removing an available king is never worse than keeping it.
  if (sh.king >= 0) {
    out.push_back({encode(sh.king, ALONE), {pyr & ~(1u << sh.king), talon, s.ptr, s.passes}});
    return;
  }
  if (s_rank == 13) {
    out.push_back({encode(STOCK, ALONE), {pyr, talon & ~(1ULL << stock), s.ptr, s.passes}});
    return;
  }
  if (w_rank == 13) {
    out.push_back({encode(WASTE, ALONE), {pyr, talon & ~(1ULL << waste), s.ptr, s.passes}});
    return;
  }
  Child<State> forced;
  if (forced_pair(s, sh, stock, waste, forced)) {
    out.push_back(forced);
    return;
  }
  // Pairs with the stock or waste top first: they pass by, the pyramid's pairs wait.
  if (s_rank)
    for (int i : sh.by_rank[13 - s_rank])
      out.push_back({encode(i, STOCK),
                     {pyr & ~(1u << i), talon & ~(1ULL << stock), s.ptr, s.passes}});
  if (w_rank)
    for (int i : sh.by_rank[13 - w_rank])
      out.push_back({encode(i, WASTE),
                     {pyr & ~(1u << i), talon & ~(1ULL << waste), s.ptr, s.passes}});
  for (const auto& [i, j] : sh.pairs)
    out.push_back({encode(i, j), {pyr & ~(1u << i) & ~(1u << j), talon, s.ptr, s.passes}});
  if (s_rank && w_rank && s_rank + w_rank == 13)
    out.push_back({encode(STOCK, WASTE),
                   {pyr, talon & ~(1ULL << stock) & ~(1ULL << waste), s.ptr, s.passes}});
  Child<State> drawn;
  if (stock >= 0) {
    if (draw(s, stock, sh, drawn)) out.push_back(drawn);
  } else if (waste >= 0 && s.passes < MAX_PASSES) {
    out.push_back({encode(RECYCLE, 0), {pyr, talon, 0, s.passes + 1}});
  }
}

}  // namespace patience::pyramid
