"""Reproducible hints (SPEC §2): the same position, options and seen cards get the same
searched hint, whatever the machine's load. The search is budgeted in nodes; the wall-clock
cut-off only turns the answer into the search-free advice. Asked twice on many positions of
every ruleset, on the core in use (``make pytest`` runs these on the native core and again on
the pure Python one)."""

from __future__ import annotations

from typing import Any

import pytest

from patience.engine import Game
from patience.games import get, new_game, quick_hint
from patience.games.solving import searched_hint
from patience.solver.hints import Effort
from tests.solver.test_hints import IDS, RULESETS, scrambled

MANY = 16
"""Positions per ruleset asked twice on a small node budget."""
CALIBRATED = 3
"""Positions per ruleset asked twice on the game's own calibrated budget (the worker's)."""


def positions(name: str, options: dict[str, Any], count: int, salt: int) -> list[Game[Any, Any]]:
    """Seeded positions of one ruleset, from the deal to 60 random moves in."""
    return [scrambled(name, options, salt + 101 * n, plies=(n * 13) % 61) for n in range(count)]


def rebuilt(game: Game[Any, Any]) -> Game[Any, Any]:
    """The same game rebuilt from its deal, line and seen cards, as another request's job
    rebuilds it (nothing shared with ``game``)."""
    assert game.deal is not None
    twin = new_game(game.name, deal=game.deal, options=dict(game.options))
    twin.replay(game.moves, game.seen)
    return twin


@pytest.mark.parametrize(("name", "options"), RULESETS, ids=IDS)
def test_the_same_position_gets_the_same_hint(name: str, options: dict[str, Any]) -> None:
    effort = Effort(seconds=None, nodes=1_200)
    searched = 0
    for game in positions(name, options, MANY, salt=17):
        first, line = searched_hint(game, effort)
        assert searched_hint(rebuilt(game), effort) == (first, line)
        searched += bool(first and first["searched"])
    assert searched >= MANY // 4  # (the positions ask for searches: the test is not empty)


@pytest.mark.parametrize(("name", "options"), RULESETS, ids=IDS)
def test_the_calibrated_hint_is_reproducible(name: str, options: dict[str, Any]) -> None:
    """The worker's own budget (the game's ``NODES``), asked twice with no cut-off."""
    for game in positions(name, options, CALIBRATED, salt=29):
        again = rebuilt(game)
        assert searched_hint(game, Effort(seconds=None)) == searched_hint(
            again, Effort(seconds=None)
        )


@pytest.mark.parametrize(("name", "options"), RULESETS, ids=IDS)
def test_the_cut_off_gives_the_search_free_advice(name: str, options: dict[str, Any]) -> None:
    """A hint cut short (here at once) is the advice, itself a function of the position: a
    loaded machine gives the searched hint or the advice, never a third answer."""
    for game in positions(name, options, 4, salt=41):
        assert searched_hint(game, Effort(seconds=0.0)) == (quick_hint(game), None)


@pytest.mark.parametrize(("name", "options"), RULESETS, ids=IDS)
def test_a_cut_off_that_never_comes_changes_nothing(name: str, options: dict[str, Any]) -> None:
    """Time is never a budget: a cut-off far away gives the hint of no cut-off at all."""
    effort = get(name).hints.NODES // 100
    for game in positions(name, options, 4, salt=53):
        far = searched_hint(game, Effort(seconds=3_600.0, nodes=effort))
        assert far == searched_hint(rebuilt(game), Effort(seconds=None, nodes=effort))
