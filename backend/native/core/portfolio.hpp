// The portfolio of core.solve: searches run in order within one budget, the first that
// decides settles the verdict, else a last depth-first search with what is left.
//
// The plan comes from the caller (patience/solver/native.py builds it from the adapter's
// beams, dives and probes, or a game's native plan), so one driver serves every game.
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "search.hpp"

namespace patience {

struct Phase {
  enum Kind { BEAM = 0, DIVE = 1, PROBE = 2 } kind;
  int64_t n;     // the beam's width, the dive's number, the probe's seed
  int order;     // the move order (a game's variant) a dive or probe searches in
  double share;  // of what is left (beam), of the whole (dive), of what is left, once (probe)
};

struct Solved {
  Outcome outcome;
  std::string phase;  // the phase that decided ("" for the last search or none)
  int64_t phase_n = 0;
};

template <class G>
Solved solve(G& game, const typename G::State& start, Control& control, const Limits& whole,
             const std::vector<Phase>& plan, const Memory& memory,
             const Forbidden<G::KEY_WORDS>& forbidden, int main_order = 0) {
  Searcher<G> searcher(game, control, memory, forbidden);
  const bool limited = whole.nodes >= 0 || whole.seconds >= 0;
  const double began = control.now();
  int64_t spent = 0;

  // ``share`` of what is left of the budget (``of_whole``: of the whole, or what is left if
  // less), as core.solve's left().
  auto left = [&](double share, bool of_whole) {
    Limits out;
    if (whole.nodes >= 0) {
      int64_t nodes = std::max<int64_t>(0, whole.nodes - spent);
      out.nodes = of_whole ? std::max<int64_t>(
                                 1, std::min<int64_t>(nodes, static_cast<int64_t>(
                                                                 whole.nodes * share)))
                           : static_cast<int64_t>(nodes * share);
    }
    if (whole.seconds >= 0) {
      double seconds = std::max(0.0, whole.seconds - (control.now() - began));
      out.seconds = of_whole ? std::min(seconds, whole.seconds * share) : seconds * share;
    }
    return out;
  };

  Solved solved;
  bool have_probe = false;
  Limits probe;
  bool decided = false;
  for (const Phase& phase : limited ? plan : std::vector<Phase>{}) {
    Outcome result;
    if (phase.kind == Phase::BEAM) {
      result = searcher.beam(start, left(phase.share, false), static_cast<int>(phase.n));
    } else if (phase.kind == Phase::DIVE) {
      result = searcher.dfs(start, left(phase.share, true), phase.order);
    } else {
      if (!have_probe) probe = left(phase.share, false), have_probe = true;
      result = searcher.dfs(start, probe, phase.order, static_cast<uint64_t>(phase.n));
    }
    spent += result.nodes;
    if (result.verdict != UNKNOWN) {
      static const char* names[] = {"beam", "dive", "probe"};
      solved.phase = names[phase.kind];
      solved.phase_n = phase.n;
      solved.outcome = std::move(result);
      decided = true;
      break;
    }
    if (control.has_cancel() && control.cancelled(true)) {
      solved.outcome = Outcome{};
      decided = true;
      break;
    }
  }
  if (!decided) {
    solved.outcome = searcher.dfs(start, left(1.0, false), main_order);
    spent += solved.outcome.nodes;
  }
  solved.outcome.nodes = spent;
  solved.outcome.seconds = control.now() - began;
  return solved;
}

}  // namespace patience
