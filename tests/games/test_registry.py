"""The game registry: every registered game has every part, and each part works."""

from __future__ import annotations

import pytest

from patience import games
from patience.api.resources.games.boards import BOARDS
from patience.api.rulesets import rulesets
from patience.engine import UnknownGame
from patience.games import builtin, new_game
from patience.solver.core import Budget, solve
from patience.solver.hints import Effort

NAMES = [entry.name for entry in games.entries()]


def test_the_built_in_games_are_registered_in_order() -> None:
    # Read from the module that registers them, so a new game is not one more list to edit.
    built_in = [v for v in vars(builtin).values() if isinstance(v, games.GameEntry)]
    assert NAMES[: len(built_in)] == [entry.name for entry in built_in]
    assert NAMES[:3] == ["pyramid", "gaps", "forty-thieves"]


@pytest.mark.parametrize("name", NAMES)
def test_every_part_of_a_registered_game_works(name: str) -> None:
    entry = games.get(name)
    assert entry.title and entry.summary and entry.engine.name == name
    game = new_game(name, deal=1)
    legal = game.legal_moves()
    for advice in (entry.hints.quick(game), entry.hints.searched(game, Effort(nodes=2_000))[0]):
        assert advice is not None
        move = advice.get("move", {"type": advice.get("action")})
        assert move in legal, (name, advice)
    adapter, start = entry.solver(game)
    assert solve(adapter, start, Budget(nodes=2_000)).verdict in ("winnable", "unknown")
    known = rulesets(name)
    assert entry.daily_ruleset in known
    assert set(entry.same_catalogue) | set(entry.same_catalogue.values()) <= set(known)
    board, moves = BOARDS[name]  # the built-in games are typed in the API too
    assert board().load(game.board()) and all(moves().load(m) for m in legal)


def test_an_unknown_game_is_a_typed_error() -> None:
    with pytest.raises(UnknownGame):
        games.get("klondike")
