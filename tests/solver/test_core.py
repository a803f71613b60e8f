"""The search core on small explicit graphs: beam search against the exact search."""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from patience.solver.core import BeamSearch, Budget, Search, solve


class GraphGame:
    """A game on a directed graph: states are nodes, moves are edges, ``goal`` wins; the
    score prefers high node numbers (so the beam can be misled)."""

    def __init__(self, edges: dict[int, list[int]], goal: int, dead: frozenset[int] = frozenset()):
        self.edges, self.goal, self.dead = edges, goal, dead
        self.widths: Sequence[int] = ()

    def key(self, state: int) -> tuple[Hashable, int]:
        return state, 0

    def is_won(self, state: int) -> bool:
        return state == self.goal

    def is_dead(self, state: int) -> bool:
        return state in self.dead

    def successors(self, state: int) -> Iterator[tuple[int, int]]:
        return ((n, n) for n in self.edges.get(state, []))

    beam_successors = successors

    def move_json(self, moves: Sequence[int]) -> list[dict[str, Any]]:
        return [{"to": n} for n in moves]

    def beam_widths(self, start: int) -> Sequence[int]:
        return self.widths

    def score(self, state: int) -> int:
        return state


def follows_edges(game: GraphGame, start: int, line: list[dict[str, Any]]) -> bool:
    here = start
    for step in line:
        if step["to"] not in game.edges.get(here, []):
            return False
        here = step["to"]
    return game.is_won(here)


def test_a_beam_finds_a_line_that_follows_the_moves() -> None:
    # 0 → 1 → 3 → 6 (goal); 0 → 2 → 4 → 5 is a dead branch the score prefers at first.
    game = GraphGame({0: [1, 2], 1: [3], 2: [4], 3: [6], 4: [5]}, goal=6)
    result = BeamSearch(game, width=2).run(0)
    assert result.verdict == "winnable"
    assert result.solution == [{"to": 1}, {"to": 3}, {"to": 6}]


def test_a_narrow_beam_that_drops_the_way_says_unknown_not_unwinnable() -> None:
    game = GraphGame({0: [1, 2], 1: [3], 2: [4], 3: [6], 4: [5]}, goal=6)
    assert BeamSearch(game, width=1).run(0).verdict == "unknown"  # keeps 2, drops 1


def test_a_beam_that_never_dropped_a_state_proves_a_loss() -> None:
    game = GraphGame({0: [1, 2], 1: [3], 2: [3]}, goal=9)
    assert BeamSearch(game, width=2).run(0).verdict == "unwinnable"


def test_solve_runs_the_adapters_beams_first() -> None:
    game = GraphGame({0: [1, 2], 1: [3], 2: [4], 3: [6], 4: [5]}, goal=6)
    game.widths = (2,)
    result = solve(game, 0, Budget(nodes=100))
    assert result.stats == {"beam": 2}
    assert result.verdict == "winnable"


def reaching(edges: dict[int, list[int]], goal: int) -> set[int]:
    """The nodes with a path to ``goal`` (``goal`` included)."""
    found = {goal}
    while True:
        more = {n for n, to in edges.items() if n not in found and found.intersection(to)}
        if not more:
            return found
        found |= more


graphs = st.dictionaries(st.integers(0, 11), st.lists(st.integers(0, 11), max_size=3), max_size=12)


@given(graphs, st.integers(0, 11), st.frozensets(st.integers(1, 11), max_size=3), st.integers(1, 4))
def test_beam_verdicts_agree_with_the_exact_search(
    edges: dict[int, list[int]], goal: int, dead: frozenset[int], width: int
) -> None:
    # is_dead may only claim what is true: keep the drawn nodes that cannot reach the goal.
    game = GraphGame(edges, goal, dead - reaching(edges, goal))
    exact = Search(game).run(0).verdict
    beam = BeamSearch(game, width).run(0)
    if beam.verdict == "winnable":
        assert beam.solution is not None and follows_edges(game, 0, beam.solution)
    if beam.verdict != "unknown":
        assert beam.verdict == exact
    # Wide enough to hold every state, the beam is a breadth-first search: it decides.
    assert BeamSearch(game, width=12).run(0).verdict == exact


def test_a_budget_reads_its_own_clock() -> None:
    # A clock that advances one "second" per reading: the deadline falls within a few
    # readings, whatever the machine's speed, and the portfolio still runs (its dives and
    # beams get their shares of the clock's seconds) and ends in ``unknown``.
    from patience.games import new_game
    from patience.games.solving import solve_game

    readings = itertools.count()
    game = new_game("gaps", deal=5, options={"redeals": 0})
    result = solve_game(game, Budget(seconds=40, clock=lambda: float(next(readings))))
    assert result.verdict == "unknown"
    assert 40 <= next(readings) < 200
