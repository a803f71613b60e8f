// The Python binding (pybind11): one class per game, one call per search. A position and a
// budget go in; the verdict, the line and the statistics come out. The GIL is released while
// searching; Python is called back only to poll cancellation (at most every 20 ms) or to read
// a clock that is neither time.perf_counter nor time.process_time.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "core/portfolio.hpp"
#include "games/forty_thieves.hpp"
#include "games/gaps.hpp"
#include "games/pyramid.hpp"

namespace py = pybind11;
using namespace patience;

#ifndef PATIENCE_SOURCES_DIGEST
#define PATIENCE_SOURCES_DIGEST "unknown"
#endif

namespace {

// How a game's states and keys cross the binding (one specialisation per game).
template <class G>
struct Traits;

template <>
struct Traits<gaps::Game> {
  // (grid: bytes of 52, redeals left or -1, redeals done), as gaps_grid.State.
  static gaps::State state(const py::tuple& t) {
    gaps::State s;
    const std::string grid = t[0].cast<std::string>();
    if (grid.size() != gaps::SIZE) throw py::value_error("a Gaps grid has 52 places");
    std::memcpy(s.grid, grid.data(), gaps::SIZE);
    s.left = t[1].cast<int32_t>();
    s.done = t[2].cast<uint32_t>();
    return s;
  }
  static py::tuple object(const gaps::State& s) {
    return py::make_tuple(py::bytes(reinterpret_cast<const char*>(s.grid), gaps::SIZE), s.left,
                          s.done);
  }
  // A key of GapsAdapter.key: (sorted grid bytes, 0) with no redeal left, else (state, 0).
  static Key<7> forbidden(const gaps::Game& game, const py::tuple& key) {
    const py::handle group = key[0];
    const gaps::State s = py::isinstance<py::bytes>(group) ? state(py::make_tuple(group, 0, 0))
                                                           : state(group.cast<py::tuple>());
    return game.group(s).with_rank(key[1].cast<int32_t>());
  }
};

template <>
struct Traits<pyramid::Game> {
  // (pyr, talon, ptr, passes), as pyramid.State.
  static pyramid::State state(const py::tuple& t) {
    return {t[0].cast<uint32_t>(), t[1].cast<uint32_t>(), t[2].cast<int32_t>(),
            t[3].cast<int32_t>()};
  }
  static py::tuple object(const pyramid::State& s) {
    return py::make_tuple(s.pyr, s.talon, s.ptr, s.passes);
  }
  // A key of PyramidAdapter.key: ((pyr, rank sequence), rank).
  static Key<5> forbidden(const pyramid::Game&, const py::tuple& key) {
    const py::tuple group = key[0].cast<py::tuple>();
    py::int_ sequence = group[1].cast<py::int_>();
    uint64_t words[4];
    const py::int_ mask(0xFFFFFFFFFFFFFFFFULL);
    for (uint64_t& word : words) {
      word = (sequence & mask).cast<uint64_t>();
      sequence = py::int_(sequence.attr("__rshift__")(64));
    }
    return pyramid::Game::pack_sequence(group[0].cast<uint32_t>(), words)
        .with_rank(key[1].cast<int32_t>());
  }
};

template <>
struct Traits<forty_thieves::Game> {
  // (columns: ten tuples of card codes, foundations: eight heights, talon mask, ptr,
  // redeals left), as forty_thieves.State.
  static forty_thieves::State state(const py::tuple& t) {
    namespace ft = forty_thieves;
    ft::State s{};
    const py::tuple columns = t[0].cast<py::tuple>();
    const py::tuple found = t[1].cast<py::tuple>();
    if (columns.size() != ft::COLUMNS || found.size() != ft::PILES)
      throw py::value_error("Forty Thieves has ten columns and eight foundations");
    s.talon = t[2].cast<uint64_t>();
    int n = 0;
    for (size_t c = 0; c < ft::COLUMNS; ++c) {
      for (const py::handle& card : columns[c].cast<py::tuple>()) {
        const int code = card.cast<int>();
        // Cards are conserved: the columns never hold more than the talon leaves.
        if (code < 0 || code >= 52 || n + bit_count(s.talon) >= ft::CARDS)
          throw py::value_error("not a Forty Thieves position");
        s.card[n++] = static_cast<uint8_t>(code);
      }
      s.end[c] = static_cast<uint8_t>(n);
    }
    for (size_t p = 0; p < ft::PILES; ++p) s.found[p] = found[p].cast<uint8_t>();
    s.ptr = t[3].cast<int32_t>();
    s.redeals = t[4].cast<int32_t>();
    return s;
  }
  static py::tuple object(const forty_thieves::State& s) {
    py::tuple columns(forty_thieves::COLUMNS);
    for (int c = 0; c < forty_thieves::COLUMNS; ++c) {
      py::tuple column(s.size(c));
      for (int i = 0; i < s.size(c); ++i) column[i] = py::int_(s.card[s.begin(c) + i]);
      columns[c] = column;
    }
    py::tuple found(forty_thieves::PILES);
    for (int p = 0; p < forty_thieves::PILES; ++p) found[p] = py::int_(s.found[p]);
    return py::make_tuple(columns, found, s.talon, s.ptr, s.redeals);
  }
  // A key of FortyThievesAdapter.key: ((sorted columns, foundations, talon), rank).
  static Key<14> forbidden(const forty_thieves::Game& game, const py::tuple& key) {
    const py::tuple group = key[0].cast<py::tuple>();
    const forty_thieves::State s = state(py::make_tuple(group[0], group[1], group[2], 0, 0));
    return game.group(s).with_rank(key[1].cast<int32_t>());
  }
};

struct BudgetArgs {
  int64_t nodes;
  double seconds;
  int clock_kind;
  py::object clock;
  py::object cancelled;
};

// Runs ``search`` without the GIL, with a Control that calls back into Python holding it.
template <typename F>
auto with_control(const BudgetArgs& b, F&& search) {
  std::optional<py::error_already_set> failure;
  std::function<double()> clock;
  std::function<bool()> cancelled;
  if (b.clock_kind == Control::HOST)
    clock = [&]() {
      py::gil_scoped_acquire hold;
      try {
        return py::cast<double>(b.clock());
      } catch (py::error_already_set& e) {
        failure.emplace(std::move(e));
        return std::numeric_limits<double>::infinity();
      }
    };
  if (!b.cancelled.is_none())
    cancelled = [&]() {
      py::gil_scoped_acquire hold;
      try {
        return py::cast<bool>(b.cancelled());
      } catch (py::error_already_set& e) {
        failure.emplace(std::move(e));
        return true;
      }
    };
  Control control(static_cast<Control::ClockKind>(b.clock_kind), clock, cancelled, 0.02);
  auto result = [&]() {
    py::gil_scoped_release release;
    return search(control);
  }();
  if (failure) throw *failure;
  return result;
}

std::vector<Phase> phases(const std::vector<std::tuple<int, int64_t, int, double>>& plan) {
  std::vector<Phase> out;
  for (const auto& [kind, n, order, share] : plan)
    out.push_back({static_cast<Phase::Kind>(kind), n, order, share});
  return out;
}

template <class G>
void bind_game(py::class_<G>& cls) {
  using T = Traits<G>;
  using S = typename G::State;
  cls.def(
         "solve",
         [](G& game, const py::tuple& start, int64_t nodes, double seconds, int clock_kind,
            py::object clock, py::object cancelled,
            const std::vector<std::tuple<int, int64_t, int, double>>& plan, int main_order,
            const py::list& forbidden, size_t table_bytes) {
           const S s = T::state(start);
           Forbidden<G::KEY_WORDS> keys;
           for (const py::handle& item : forbidden)
             keys.push_back(T::forbidden(game, item.cast<py::tuple>()));
           const BudgetArgs b{nodes, seconds, clock_kind, clock, cancelled};
           const std::vector<Phase> steps = phases(plan);
           Solved solved = with_control(b, [&](Control& control) {
             return patience::solve(game, s, control, Limits{nodes, seconds}, steps,
                                    Memory{table_bytes}, keys, main_order);
           });
           const Outcome& o = solved.outcome;
           return py::make_tuple(static_cast<int>(o.verdict), o.line, o.nodes, o.seconds,
                                 solved.phase, solved.phase_n);
         },
         py::arg("start"), py::arg("nodes"), py::arg("seconds"), py::arg("clock_kind"),
         py::arg("clock"), py::arg("cancelled"), py::arg("plan"), py::arg("main_order"),
         py::arg("forbidden"), py::arg("table_bytes"))
      .def("successors",
           [](G& game, const py::tuple& state, int order) {
             std::vector<Child<S>> out;
             if (order < 0)
               game.beam_successors(T::state(state), out);
             else
               game.successors(T::state(state), order, out);
             py::list items;
             for (const auto& c : out) items.append(py::make_tuple(c.move, T::object(c.state)));
             return items;
           })
      .def("is_won", [](G& game, const py::tuple& s) { return game.is_won(T::state(s)); })
      .def("is_dead", [](G& game, const py::tuple& s) { return game.is_dead(T::state(s)); })
      .def("score", [](G& game, const py::tuple& s) { return game.score(T::state(s)); })
      .def("key", [](G& game, const py::tuple& s) {
        const auto key = game.group(T::state(s));
        return py::make_tuple(std::vector<uint64_t>(key.w, key.w + G::KEY_WORDS),
                              game.rank(T::state(s)));
      });
}

}  // namespace

PYBIND11_MODULE(_native, m) {
  m.doc() = "The native search core (backend/native): one class per game, one call a search.";
  m.attr("SOURCES") = PATIENCE_SOURCES_DIGEST;
  m.attr("BINDING") = "pybind11";

  py::class_<gaps::Game> g(m, "Gaps");
  g.def(py::init<uint32_t, bool, bool>(), py::arg("seed"), py::arg("aces_shuffled"),
        py::arg("symmetric_rows") = true);
  g.def(py::init<std::vector<uint64_t>, bool, bool>(), py::arg("redeal_states"),
        py::arg("aces_shuffled"), py::arg("symmetric_rows") = true);
  bind_game(g);

  py::class_<pyramid::Game> p(m, "Pyramid");
  p.def(py::init<std::vector<int>, std::vector<int>, size_t>(), py::arg("pyramid_ranks"),
        py::arg("talon_ranks"), py::arg("memo_bytes"));
  bind_game(p);

  py::class_<forty_thieves::Game> f(m, "FortyThieves");
  f.def(py::init<std::vector<int>, bool, bool, bool>(), py::arg("talon_cards"),
        py::arg("relaxed"), py::arg("safe_closure") = true, py::arg("locked_columns") = true);
  bind_game(f);
  // A line's steps as forty_thieves.py's Step tuples: each action, then its closure's ups.
  f.def("steps", [](const forty_thieves::Game& game, const py::tuple& start,
                    const std::vector<Move>& line) {
    using T = Traits<forty_thieves::Game>;
    forty_thieves::State s = T::state(start);
    std::vector<Move> step;
    py::list out;
    for (const Move action : line) {
      step.assign(1, action);
      s = game.apply(s, action, step);
      out.append(py::tuple(py::cast(step)));
    }
    return out;
  });
}
