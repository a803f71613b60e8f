"""Solvers: one search core (:mod:`patience.solver.core`) and an adapter per game.

>>> from patience.engine import new_game
>>> solve_game(new_game("pyramid", deal=1)).verdict
'winnable'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from patience.engine import Game
from patience.solver.native import MODE  # first: it picks the compiled or the pure core

# isort: split
from patience.solver.core import Adapter, Budget, Result, solve
from patience.solver.forty_thieves import FortyThievesAdapter
from patience.solver.gaps import GapsAdapter
from patience.solver.pyramid import PyramidAdapter

AdapterFactory = Callable[[Game[Any, Any]], tuple[Adapter[Any, Any], Any]]

ADAPTERS: dict[str, AdapterFactory] = {
    "pyramid": PyramidAdapter.from_game,
    "forty-thieves": FortyThievesAdapter.from_game,
    "gaps": GapsAdapter.from_game,
}
"""For each game, how to turn a game in progress into a search adapter and a start state."""


def solve_game(game: Game[Any, Any], budget: Budget | None = None) -> Result:
    """The verdict for ``game``'s current position, with full knowledge of hidden cards."""
    factory = ADAPTERS.get(game.name)
    if factory is None:
        raise NotImplementedError(f"no solver for {game.name} yet")
    adapter, start = factory(game)
    return solve(adapter, start, budget)


__all__ = ["ADAPTERS", "MODE", "Budget", "Result", "solve", "solve_game"]
