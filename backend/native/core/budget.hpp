// Budgets: nodes and seconds on a clock, and cooperative cancellation, as core.Budget.
//
// The clock is read natively (wall: CLOCK_MONOTONIC, as time.perf_counter; cpu:
// CLOCK_PROCESS_CPUTIME_ID, as time.process_time) or, for any other clock, through the host
// (the binding calls back into Python). Cancellation is asked of the host at most every
// ``poll_seconds`` of wall time: the worker's cancelled() looks in Redis.
#pragma once
#include <time.h>

#include <cstdint>
#include <functional>
#include <limits>

namespace patience {

struct OutOfBudget {};

inline double read_clock(clockid_t id) {
  timespec ts;
  clock_gettime(id, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

class Control {
 public:
  enum ClockKind { WALL = 0, CPU = 1, HOST = 2 };

  Control(ClockKind kind, std::function<double()> host_clock, std::function<bool()> cancelled,
          double poll_seconds)
      : kind_(kind),
        host_clock_(std::move(host_clock)),
        cancelled_(std::move(cancelled)),
        poll_seconds_(poll_seconds) {
    next_poll_ = read_clock(CLOCK_MONOTONIC) + poll_seconds_;
  }

  double now() const {
    switch (kind_) {
      case WALL:
        return read_clock(CLOCK_MONOTONIC);
      case CPU:
        return read_clock(CLOCK_PROCESS_CPUTIME_ID);
      default:
        return host_clock_();
    }
  }

  // Whether the host asked to stop; asked at most every poll_seconds unless ``now``.
  bool cancelled(bool now_please = false) {
    if (stopped_) return true;
    if (!cancelled_) return false;
    const double wall = read_clock(CLOCK_MONOTONIC);
    if (!now_please && wall < next_poll_) return false;
    next_poll_ = wall + poll_seconds_;
    stopped_ = cancelled_();
    return stopped_;
  }

  bool has_cancel() const { return static_cast<bool>(cancelled_); }

 private:
  ClockKind kind_;
  std::function<double()> host_clock_;
  std::function<bool()> cancelled_;
  double poll_seconds_;
  double next_poll_;
  bool stopped_ = false;
};

// One search's limits (a share of the whole budget, see portfolio.hpp).
struct Limits {
  int64_t nodes = -1;     // -1: none
  double seconds = -1.0;  // -1: none
};

// The running check of one search: every CHECK_EVERY nodes the clock and cancellation.
class Meter {
 public:
  static constexpr int64_t CHECK_EVERY = 128;

  Meter(Control& control, const Limits& limits) : control_(control) {
    began_ = control.now();
    max_nodes_ = limits.nodes < 0 ? std::numeric_limits<int64_t>::max() : limits.nodes;
    deadline_ = limits.seconds < 0 ? std::numeric_limits<double>::infinity()
                                   : began_ + limits.seconds;
  }

  // Count one node; throws OutOfBudget past a limit.
  void count() {
    ++nodes;
    if (nodes % CHECK_EVERY == 0) {
      if (deadline_ != std::numeric_limits<double>::infinity() && control_.now() > deadline_)
        throw OutOfBudget{};
      if (control_.cancelled()) throw OutOfBudget{};
    }
    if (nodes > max_nodes_) throw OutOfBudget{};
  }

  double elapsed() const { return control_.now() - began_; }

  int64_t nodes = 0;

 private:
  Control& control_;
  double began_;
  double deadline_;
  int64_t max_nodes_;
};

}  // namespace patience
