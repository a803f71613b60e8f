"""Back to the last winnable point: on hidden dead ends, the point found is winnable (the
solver's line from it wins) and every later position of the line is proven lost."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from patience.engine import Game
from patience.games import new_game
from patience.games.solving import last_winnable, solve_game
from patience.solver import Budget
from tests.budgets import SEARCH_NODES
from tests.solver.dead_ends import careless_line, dead_ends


def position(game: Game[Any, Any], length: int) -> Game[Any, Any]:
    earlier = new_game(game.name, deal=game.deal or 0, options=game.options)
    earlier.replay(game.moves[:length], ())
    return earlier


def pyramid_dead_ends() -> list[Game[Any, Any]]:
    return list(dead_ends("pyramid", "standard", 3))


def gaps_dead_end() -> list[Game[Any, Any]]:
    return [careless_line("gaps", 2)]  # two redeals; lost after 66 moves


@pytest.mark.parametrize("games", [pyramid_dead_ends, gaps_dead_end], ids=["pyramid", "gaps"])
def test_the_last_winnable_point_is_winnable_and_everything_after_is_lost(
    games: Callable[[], list[Game[Any, Any]]],
) -> None:
    for played in games():
        assert solve_game(played, Budget(nodes=SEARCH_NODES)).verdict == "unwinnable"
        point = last_winnable(played, seconds=60)
        assert not point.inconclusive and point.found is not None
        start = position(played, point.found)
        result = solve_game(start, Budget(nodes=SEARCH_NODES))
        assert result.verdict == "winnable" and result.solution is not None
        for move in result.solution:
            start.play(move)
        assert start.status == "won"
        for later in range(point.found + 1, len(played.moves) + 1):
            verdict = solve_game(position(played, later), Budget(nodes=SEARCH_NODES)).verdict
            assert verdict == "unwinnable", (played.deal, later)


def test_a_search_out_of_budget_is_inconclusive_never_a_point() -> None:
    played = careless_line("gaps", 1)  # two redeals; its early positions take long to decide
    point = last_winnable(played, seconds=0.5)
    assert point.inconclusive and point.found is None


def test_a_line_lost_from_the_deal_has_no_point_to_go_back_to() -> None:
    lost = new_game("pyramid", deal=8153)  # a deal that cannot be won at all
    lost.play({"type": "draw"})
    point = last_winnable(lost, seconds=30)
    assert point.found is None and not point.inconclusive


def test_a_ranked_deal_rewinds_from_its_stored_start() -> None:
    """A daily has no deal number: its line is replayed from the start it keeps, and the
    point found is the same as for the numbered deal with the same cards."""
    (lost,) = dead_ends("pyramid", "standard", 1)
    start = new_game("pyramid", deal=lost.deal or 0).position()
    ranked = type(lost).from_start(start, lost.options)
    ranked.replay(lost.moves, ())
    assert ranked.deal is None
    point, numbered = last_winnable(ranked, seconds=60), last_winnable(lost, seconds=60)
    assert not point.inconclusive and point.found is not None
    assert point.found == numbered.found


def test_a_rewind_resumes_from_what_an_earlier_run_proved() -> None:
    """A rewind search stopped for a hint runs again: the verdicts it kept are not searched
    twice, and the point found is the same."""
    played = pyramid_dead_ends()[0]
    proved: dict[int, bool] = {}
    first = last_winnable(played, seconds=60, proved=proved)
    assert not first.inconclusive and first.searches == len(proved) > 0
    again = last_winnable(played, seconds=60, proved=proved)
    assert (again.found, again.searches) == (first.found, 0)
