"""Solvers: one search core (:mod:`patience.solver.core`) and an adapter per game.

>>> from patience.engine import new_game
>>> solve_game(new_game("pyramid", deal=1)).verdict
'winnable'
"""

from __future__ import annotations

from typing import Any

from patience import games
from patience.engine import Game
from patience.solver.native import MODE  # first: it picks the compiled or the pure core

# isort: split
from patience.solver.core import Budget, Result, solve


def solve_game(game: Game[Any, Any], budget: Budget | None = None) -> Result:
    """The verdict for ``game``'s current position, with full knowledge of hidden cards (the
    game's search adapter comes from the registry)."""
    adapter, start = games.get(game.name).solver(game)
    return solve(adapter, start, budget)


__all__ = ["MODE", "Budget", "Result", "solve", "solve_game"]
