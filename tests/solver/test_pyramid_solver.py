"""The Pyramid solver: solutions replay to a win; hand-built dead ends are proven lost."""

from __future__ import annotations

import pytest

from patience.engine import load_position, new_game
from patience.solver.core import Budget, solve
from patience.solver.pyramid import PyramidAdapter


@pytest.mark.parametrize("deal", [1, 2, 5, 6])
def test_solutions_replay_to_a_win(deal: int) -> None:
    game = new_game("pyramid", deal=deal)
    result = solve(*PyramidAdapter.from_game(game), Budget(seconds=30))
    assert result.verdict == "winnable"
    assert result.solution is not None
    for move in result.solution:
        game.play(move)
    assert game.status == "won"


def test_a_card_whose_partners_all_cover_it_is_proven_lost() -> None:
    # The apex 6S can only pair with a 7, and the only 7 left sits below it.
    pyramid: list[str | None] = [None] * 28
    pyramid[0], pyramid[1], pyramid[2] = "6S", "7H", "KD"
    game = load_position({"game": "pyramid", "pyramid": pyramid, "stock": ["2C"], "waste": []})
    result = solve(*PyramidAdapter.from_game(game))
    assert result.verdict == "unwinnable"


def test_a_budget_gives_unknown_never_unwinnable() -> None:
    game = new_game("pyramid", deal=7)
    result = solve(*PyramidAdapter.from_game(game), Budget(nodes=50))
    assert result.verdict == "unknown"
    assert result.solution is None
