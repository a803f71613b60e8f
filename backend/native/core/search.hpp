// The searches every game shares, as patience/solver/core.py defines them: depth-first search
// with a dominance transposition table, beam search, probes under perturbed move orders, and
// the portfolio that runs them in one budget. The search never asks which game it plays: a
// game is a type with the members below (see README.md, "How a game plugs in").
//
//   using State; static constexpr int KEY_WORDS; static constexpr bool ACYCLIC;
//   Key<KEY_WORDS> group(const State&); int32_t rank(const State&);
//   bool is_won(const State&); bool is_dead(const State&);
//   void successors(const State&, int order, std::vector<Child<State>>&);   // best first
//   void beam_successors(const State&, std::vector<Child<State>>&);
//   int64_t score(const State&);
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "budget.hpp"
#include "key.hpp"
#include "splitmix.hpp"
#include "table.hpp"

namespace patience {

using Move = int32_t;  // a game's own encoding of one solver move

template <typename S>
struct Child {
  Move move;
  S state;
};

enum Verdict { UNKNOWN = 0, WINNABLE = 1, UNWINNABLE = 2 };

struct Outcome {
  Verdict verdict = UNKNOWN;
  std::vector<Move> line;
  int64_t nodes = 0;
  double seconds = 0.0;
};

// What one solve may hold in memory: the bytes of its tables (a setting; see README.md).
struct Memory {
  size_t table_bytes;
};

// The (group, rank) keys a search must never enter (a hint's positions already played).
template <int W>
using Forbidden = std::vector<Key<W + 1>>;

template <class G>
class Searcher {
 public:
  using S = typename G::State;
  static constexpr int W = G::KEY_WORDS;

  Searcher(G& game, Control& control, const Memory& memory, const Forbidden<W>& forbidden)
      : game_(game), control_(control), memory_(memory) {
    for (const auto& key : forbidden) forbidden_.add(key);
  }

  // Depth-first search (core.Search); ``perturb`` > 0 shuffles each move list as
  // core.Perturbed does with that seed.
  Outcome dfs(const S& start, const Limits& limits, int order, uint64_t perturb = 0) {
    return run(limits, [&](Meter& meter, std::vector<Move>& line) {
      return dfs_run(start, meter, order, perturb, line);
    });
  }

  // Beam search (core.BeamSearch): ``unwinnable`` only when no state was ever dropped.
  Outcome beam(const S& start, const Limits& limits, int width) {
    return run(limits, [&](Meter& meter, std::vector<Move>& line) {
      return beam_run(start, meter, width, line);
    });
  }

 private:
  // One search within ``limits``: its verdict, or unknown once a limit is reached.
  template <typename F>
  Outcome run(const Limits& limits, F&& search) {
    Meter meter(control_, limits);
    Outcome out;
    try {
      out.verdict = search(meter, out.line);
    } catch (const OutOfBudget&) {
      out.verdict = UNKNOWN;
      out.line.clear();
    }
    out.nodes = meter.nodes;
    out.seconds = meter.elapsed();
    return out;
  }

  void expand(const S& state, int order, std::vector<Child<S>>& out, SplitMix64* rng) {
    out.clear();
    if (order < 0)
      game_.beam_successors(state, out);
    else
      game_.successors(state, order, out);
    if (forbidden_.size()) {
      size_t kept = 0;
      for (size_t i = 0; i < out.size(); ++i)
        if (!forbidden_.contains(game_.group(out[i].state).with_rank(game_.rank(out[i].state))))
          out[kept++] = out[i];
      out.resize(kept);
    }
    if (rng && out.size() > 1) {  // core.Perturbed: each move moves up to two places
      std::vector<std::pair<uint64_t, size_t>> keyed(out.size());
      for (size_t n = 0; n < out.size(); ++n) keyed[n] = {4 * n + rng->below(12), n};
      std::sort(keyed.begin(), keyed.end());
      scratch_.assign(out.begin(), out.end());
      for (size_t n = 0; n < out.size(); ++n) out[n] = scratch_[keyed[n].second];
    }
  }

  Verdict dfs_run(const S& start, Meter& meter, int order, uint64_t perturb,
                  std::vector<Move>& line) {
    if (game_.is_won(start)) return WINNABLE;
    if (game_.is_dead(start)) return UNWINNABLE;
    SplitMix64 rng(perturb);
    SplitMix64* shuffle = perturb ? &rng : nullptr;
    BucketTable<W> lost(memory_.table_bytes, 1 << 8);
    KeySet<W + 1> on_path;
    const bool cyclic = !G::ACYCLIC;
    struct Frame {
      Key<W> group;
      int32_t rank;
      size_t next;
      int64_t nodes_before;
    };
    std::vector<Frame> frames;
    if (levels_.empty()) levels_.resize(1);
    frames.push_back({game_.group(start), game_.rank(start), 0, 0});
    if (cyclic) on_path.add(frames[0].group.with_rank(frames[0].rank));
    expand(start, order, levels_[0], shuffle);
    line.clear();
    while (!frames.empty()) {
      const size_t depth = frames.size() - 1;
      Frame& frame = frames.back();
      std::vector<Child<S>>& children = levels_[depth];
      if (frame.next == children.size()) {  // every successor failed: this state is lost
        lost.store_min(frame.group, frame.rank, meter.nodes - frame.nodes_before);
        if (cyclic) on_path.remove(frame.group.with_rank(frame.rank));
        frames.pop_back();
        if (!line.empty()) line.pop_back();
        continue;
      }
      const Child<S>& child = children[frame.next++];
      const Key<W> group = game_.group(child.state);
      const int32_t rank = game_.rank(child.state);
      if (lost.find(group) <= rank) continue;
      if (cyclic && on_path.contains(group.with_rank(rank))) continue;
      meter.count();
      if (game_.is_won(child.state)) {
        line.push_back(child.move);
        return WINNABLE;
      }
      if (game_.is_dead(child.state)) {
        lost.store_min(group, rank, 0);
        continue;
      }
      line.push_back(child.move);
      if (cyclic) on_path.add(group.with_rank(rank));
      frames.push_back({group, rank, 0, meter.nodes});
      if (levels_.size() <= depth + 1) levels_.resize(depth + 2);
      // ``child`` lives in levels_[depth], which the expansion below does not touch.
      expand(child.state, order, levels_[depth + 1], shuffle);
    }
    line.clear();
    return UNWINNABLE;
  }

  Verdict beam_run(const S& start, Meter& meter, int width, std::vector<Move>& line) {
    if (game_.is_won(start)) return WINNABLE;
    if (game_.is_dead(start)) return UNWINNABLE;
    BucketTable<W + 1> seen(memory_.table_bytes, 1 << 8);
    seen.insert(game_.group(start).with_rank(game_.rank(start)));
    std::vector<std::vector<Link>> links{{Link{-1, 0}}};
    std::vector<S> layer{start};
    std::vector<Scored> scored;
    std::vector<Child<S>> children;
    bool complete = true;
    while (!layer.empty()) {
      scored.clear();
      for (size_t parent = 0; parent < layer.size(); ++parent) {
        expand(layer[parent], -1, children, nullptr);
        for (const Child<S>& child : children) {
          if (!seen.insert(game_.group(child.state).with_rank(game_.rank(child.state))))
            continue;
          meter.count();
          if (game_.is_won(child.state)) {
            line = trace(links, static_cast<int32_t>(parent));
            line.push_back(child.move);
            return WINNABLE;
          }
          scored.push_back({-game_.score(child.state), static_cast<int64_t>(scored.size()),
                            static_cast<int32_t>(parent), child.move, child.state});
        }
      }
      if (scored.size() > static_cast<size_t>(width)) {
        complete = false;
        std::nth_element(scored.begin(), scored.begin() + width, scored.end(), by_score);
        scored.resize(width);
        std::sort(scored.begin(), scored.end(), by_score);
      }
      layer.clear();
      links.emplace_back();
      for (const Scored& s : scored) {
        layer.push_back(s.state);
        links.back().push_back({s.parent, s.move});
      }
    }
    line.clear();
    return complete ? UNWINNABLE : UNKNOWN;
  }

  struct Link {
    int32_t parent;
    Move move;
  };
  struct Scored {
    int64_t score;  // negated: the best first
    int64_t order;  // the count keeps the sort stable and off the states themselves
    int32_t parent;
    Move move;
    S state;
  };

  static bool by_score(const Scored& a, const Scored& b) {
    return a.score != b.score ? a.score < b.score : a.order < b.order;
  }

  // The moves from the start to the state at ``parent`` of the last layer.
  static std::vector<Move> trace(const std::vector<std::vector<Link>>& links, int32_t parent) {
    std::vector<Move> line;
    for (size_t layer = links.size(); layer-- > 1;) {
      const Link& link = links[layer][parent];
      line.push_back(link.move);
      parent = link.parent;
    }
    std::reverse(line.begin(), line.end());
    return line;
  }

  G& game_;
  Control& control_;
  Memory memory_;
  KeySet<W + 1> forbidden_;
  std::vector<std::vector<Child<S>>> levels_;
  std::vector<Child<S>> scratch_;
};

}  // namespace patience
