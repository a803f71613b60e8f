// The binding comparison's other half (bench/binding.py): Gaps' native search bound with
// nanobind instead of pybind11, the same calls as backend/native/binding.cpp's Gaps class.
#include <nanobind/nanobind.h>
#include <nanobind/stl/function.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include "core/portfolio.hpp"
#include "games/gaps.hpp"

namespace nb = nanobind;
using namespace patience;

static gaps::State state_of(const nb::tuple& t) {
  gaps::State s;
  const nb::bytes grid = nb::cast<nb::bytes>(t[0]);
  if (grid.size() != gaps::SIZE) throw nb::value_error("a Gaps grid has 52 places");
  std::memcpy(s.grid, grid.c_str(), gaps::SIZE);
  s.left = nb::cast<int32_t>(t[1]);
  s.done = nb::cast<uint32_t>(t[2]);
  return s;
}

NB_MODULE(nanobind_gaps, m) {
  nb::class_<gaps::Game>(m, "Gaps")
      .def(nb::init<uint32_t, bool>(), nb::arg("seed"), nb::arg("aces_shuffled"))
      .def("solve",
           [](gaps::Game& game, const nb::tuple& start, int64_t nodes,
              const std::vector<std::tuple<int, int64_t, int, double>>& plan, size_t bytes) {
             const gaps::State s = state_of(start);
             std::vector<Phase> steps;
             for (const auto& [kind, n, order, share] : plan)
               steps.push_back({static_cast<Phase::Kind>(kind), n, order, share});
             Solved solved;
             {
               nb::gil_scoped_release release;
               Control control(Control::WALL, {}, {}, 0.02);
               solved = patience::solve(game, s, control, Limits{nodes, -1.0}, steps,
                                        Memory{bytes}, Forbidden<gaps::Game::KEY_WORDS>{});
             }
             const Outcome& o = solved.outcome;
             return nb::make_tuple(static_cast<int>(o.verdict), o.line, o.nodes, o.seconds,
                                   solved.phase, solved.phase_n);
           })
      .def("successors", [](gaps::Game& game, const nb::tuple& state, int order) {
        std::vector<Child<gaps::State>> out;
        game.successors(state_of(state), order, out);
        nb::list items;
        for (const auto& c : out)
          items.append(nb::make_tuple(
              c.move, nb::make_tuple(nb::bytes(reinterpret_cast<const char*>(c.state.grid),
                                               gaps::SIZE),
                                     c.state.left, c.state.done)));
        return items;
      });
}
