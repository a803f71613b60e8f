"""Solvers: one search core (:mod:`patience.solver.core`) and an adapter per game.

Nothing here looks a game up by name: a caller hands over the game's adapter (the registry's
:func:`patience.games.solve_game` does it by name).

>>> from patience.games import new_game
>>> from patience.solver.pyramid import PyramidAdapter
>>> solve(*PyramidAdapter.from_game(new_game("pyramid", deal=1))).verdict
'winnable'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from patience.engine import Game
from patience.solver.native import MODE  # first: it picks the native or the pure core

# isort: split
from patience.solver.core import Budget, Result, solve

AdapterOf = Callable[[Game[Any, Any]], tuple[Any, Any]]
"""A game's search adapter factory: a position in, the adapter and its start state out
(full information: a solver's view)."""

__all__ = ["MODE", "AdapterOf", "Budget", "Result", "solve"]
