// SplitMix64, bit for bit the engine's (patience/engine/deal.py): the Gaps redeal shuffle and
// the probes' perturbed move orders must be the ones the Python reference computes.
#pragma once
#include <cstdint>
#include <utility>

namespace patience {

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    state_ += 0x9E3779B97F4A7C15ULL;
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  // Uniform in 0 … n-1 by rejection (no modulo bias), as SplitMix64.below.
  uint64_t below(uint64_t n) {
    // 2^64 mod n, computed without 128-bit arithmetic: (2^64 - n) mod n.
    const uint64_t rem = (0 - n) % n;
    for (;;) {
      const uint64_t x = next();
      // limit = 2^64 - rem; x < limit  <=>  rem == 0 || x < 2^64 - rem
      if (rem == 0 || x < 0 - rem) return x % n;
    }
  }

  // Fisher–Yates from the end, in place.
  template <typename T>
  void shuffle(T* items, int count) {
    for (int i = count - 1; i > 0; --i) {
      const int j = static_cast<int>(below(static_cast<uint64_t>(i) + 1));
      std::swap(items[i], items[j]);
    }
  }

 private:
  uint64_t state_;
};

// The generator state of a deal's later random event (engine/deal.py: derived_seed).
inline uint64_t derived_seed(uint64_t seed, uint64_t ordinal) {
  return ((ordinal & 0xFFFFFFFFULL) << 32) | (seed & 0xFFFFFFFFULL);
}

}  // namespace patience
