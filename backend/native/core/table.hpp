// Fixed-size tables with a replacement policy, as Stockfish's transposition table: buckets of
// four entries (an entry may also sit in the next three buckets); at its cap a table gives up
// the entry of the home bucket that cost the least search to learn.
//
// A table starts small (a search that decides at once costs little to start) and doubles
// while it stays within its byte cap; at the cap it replaces. Forgetting a lost state only
// means searching it again, so verdicts stay sound.
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "key.hpp"

namespace patience {

template <int W>
class BucketTable {
 public:
  static constexpr int WAYS = 4;    // entries a bucket
  static constexpr int PROBES = 4;  // buckets an entry may live in: its own and the next ones
  static constexpr int32_t NONE = std::numeric_limits<int32_t>::max();

  explicit BucketTable(size_t max_bytes, size_t first_buckets = 1 << 10)
      : max_bytes_(max_bytes) {
    size_t buckets = PROBES;
    while (buckets < first_buckets) buckets <<= 1;
    while (buckets > PROBES && buckets * sizeof(Bucket) > max_bytes_) buckets >>= 1;
    table_.assign(buckets, Bucket{});
    mask_ = buckets - 1;
  }

  // The rank stored for ``key`` (NONE when absent). An entry sits in the first bucket of its
  // probe range that had room; nothing is ever removed (a replacement takes the place), so
  // the look-up stops at the first bucket with room.
  int32_t find(const Key<W>& key) const {
    size_t i = key.hash() & mask_;
    for (int p = 0; p < PROBES; ++p, i = (i + 1) & mask_) {
      const Bucket& b = table_[i];
      for (const Entry& e : b.e) {
        if (!e.work) return NONE;
        if (e.key == key) return e.rank;
      }
    }
    return NONE;
  }

  // Keep the lower of ``rank`` and what is stored; ``work`` says what it cost to learn (the
  // nodes searched below it), which decides what a table at its cap gives up.
  void store_min(const Key<W>& key, int32_t rank, uint64_t work) {
    const uint32_t w = static_cast<uint32_t>(std::min<uint64_t>(work, 0xFFFFFFFEULL)) + 1;
    const size_t home = key.hash() & mask_;
    size_t i = home;
    for (int p = 0; p < PROBES; ++p, i = (i + 1) & mask_) {
      for (Entry& e : table_[i].e) {
        if (!e.work) {
          e = Entry{w, rank, key};
          if (++count_ * 10 > table_.size() * WAYS * 7) grow();
          return;
        }
        if (e.key == key) {
          if (rank < e.rank) e.rank = rank;
          if (w > e.work) e.work = w;
          return;
        }
      }
    }
    if (can_grow()) {  // no room in reach below the cap: make room rather than forget
      grow();
      store_min(key, rank, work);
      return;
    }
    Entry* victim = &table_[home].e[0];  // at the cap: the home bucket's cheapest goes
    for (Entry& e : table_[home].e)
      if (e.work < victim->work) victim = &e;
    *victim = Entry{w, rank, key};
    ++replaced_;
  }

  // Insert ``key``; false when it was there already (a beam's seen set). One pass: the
  // look-up's first room is where it goes.
  bool insert(const Key<W>& key) {
    size_t i = key.hash() & mask_;
    for (int p = 0; p < PROBES; ++p, i = (i + 1) & mask_) {
      for (Entry& e : table_[i].e) {
        if (!e.work) {
          e = Entry{1, 0, key};
          if (++count_ * 10 > table_.size() * WAYS * 7) grow();
          return true;
        }
        if (e.key == key) return false;
      }
    }
    store_min(key, 0, 0);  // no room in reach: grow, or replace at the cap
    return true;
  }

  size_t entries() const { return count_; }
  size_t replaced() const { return replaced_; }
  size_t bytes() const { return table_.size() * sizeof(Bucket); }

 private:
  struct Entry {  // ``work`` first: a look-up reads it, then the key's first words, in one line
    uint32_t work;  // 0: empty; else the cost of learning it, plus one
    int32_t rank;
    Key<W> key;
  };
  struct Bucket {
    Entry e[WAYS];
  };

  bool can_grow() const { return table_.size() * 2 * sizeof(Bucket) <= max_bytes_; }

  void grow() {
    if (!can_grow()) return;  // at the cap: replace
    std::vector<Bucket> old(table_.size() * 2, Bucket{});
    old.swap(table_);
    mask_ = table_.size() - 1;
    count_ = 0;
    for (const Bucket& b : old)
      for (const Entry& e : b.e)
        if (e.work) place(e);
  }

  // Re-insert ``e`` after a doubling (no further growth; at half the load there is room in
  // reach, else the home bucket's cheapest entry goes).
  void place(const Entry& e) {
    const size_t home = e.key.hash() & mask_;
    size_t i = home;
    for (int p = 0; p < PROBES; ++p, i = (i + 1) & mask_)
      for (Entry& slot : table_[i].e)
        if (!slot.work) {
          slot = e;
          ++count_;
          return;
        }
    Entry* victim = &table_[home].e[0];
    for (Entry& slot : table_[home].e)
      if (slot.work < victim->work) victim = &slot;
    *victim = e;
    ++replaced_;
  }

  size_t max_bytes_;
  std::vector<Bucket> table_;
  size_t mask_ = 0;
  size_t count_ = 0;
  size_t replaced_ = 0;
};

// The keys of the current search path (cycle detection): open addressing, never forgets.
template <int W>
class KeySet {
 public:
  KeySet() : slots_(64), used_(64, 0) {}

  bool contains(const Key<W>& key) const {
    for (size_t i = key.hash() & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      if (!used_[i]) return false;
      if (slots_[i] == key) return true;
    }
  }

  void add(const Key<W>& key) {
    if ((count_ + 1) * 2 > slots_.size()) rehash(slots_.size() * 2);
    size_t i = key.hash() & (slots_.size() - 1);
    while (used_[i]) {
      if (slots_[i] == key) return;
      i = (i + 1) & (slots_.size() - 1);
    }
    slots_[i] = key;
    used_[i] = 1;
    ++count_;
  }

  // Backward-shift deletion keeps every probe chain whole.
  void remove(const Key<W>& key) {
    const size_t mask = slots_.size() - 1;
    size_t i = key.hash() & mask;
    while (used_[i] && slots_[i] != key) i = (i + 1) & mask;
    if (!used_[i]) return;
    used_[i] = 0;
    --count_;
    for (size_t j = (i + 1) & mask; used_[j]; j = (j + 1) & mask) {
      const size_t home = slots_[j].hash() & mask;
      // Move j back to i when its home is not in the cyclic range (i, j].
      if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
        slots_[i] = slots_[j];
        used_[i] = 1;
        used_[j] = 0;
        i = j;
      }
    }
  }

  size_t size() const { return count_; }

 private:
  void rehash(size_t capacity) {
    std::vector<Key<W>> old_slots(capacity);
    std::vector<uint8_t> old_used(capacity, 0);
    old_slots.swap(slots_);
    old_used.swap(used_);
    count_ = 0;
    for (size_t i = 0; i < old_slots.size(); ++i)
      if (old_used[i]) add(old_slots[i]);
  }

  std::vector<Key<W>> slots_;
  std::vector<uint8_t> used_;
  size_t count_ = 0;
};

}  // namespace patience
