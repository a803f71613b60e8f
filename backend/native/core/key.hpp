// A transposition key: a fixed number of 64-bit words, compared exactly (a table never
// confuses two states, so a verdict never rests on a hash collision).
#pragma once
#include <cstdint>
#include <cstring>

namespace patience {

// Bit helpers (C++17: no <bit>).
inline int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
inline int bit_count(uint64_t x) { return __builtin_popcountll(x); }
inline int highest_bit(uint64_t x) { return 63 - __builtin_clzll(x); }

template <int W>
struct Key {
  uint64_t w[W];

  bool operator==(const Key& other) const {  // a loop the compiler inlines (not memcmp)
    for (int i = 0; i < W; ++i)
      if (w[i] != other.w[i]) return false;
    return true;
  }
  bool operator!=(const Key& other) const { return !(*this == other); }

  // Every bit of every word reaches the low bits (tables index by them): a multiply-rotate
  // per word, then MurmurHash3's finaliser.
  uint64_t hash() const {
    uint64_t h = 0x243F6A8885A308D3ULL;
    for (int i = 0; i < W; ++i) {
      h = (h ^ w[i]) * 0x9E3779B97F4A7C15ULL;
      h = (h << 31) | (h >> 33);
    }
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ (h >> 33);
  }

  // The key with ``rank`` appended: a beam's seen set tells (group, rank) pairs apart.
  Key<W + 1> with_rank(int32_t rank) const {
    Key<W + 1> out;
    std::memcpy(out.w, w, sizeof w);
    out.w[W] = static_cast<uint64_t>(static_cast<uint32_t>(rank));
    return out;
  }
};

}  // namespace patience
