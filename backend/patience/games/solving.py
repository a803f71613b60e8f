"""A game's searches, looked up by the game's name: the registry hands each of the solver's
modules what it needs (the adapter factory, the par search, the hints), so that none of them
ever imports the registry. The worker and the CLI run these; the API never imports this module
(its search-free calls are :mod:`patience.games.advice`).

>>> from patience.engine import new_game
>>> solve_game(new_game("pyramid", deal=1)).verdict
'winnable'
>>> hint(new_game("pyramid", deal=1))
{'move': {'type': 'king', 'at': 'p21'}, 'reason': 'removes_king', 'searched': True}
"""

from __future__ import annotations

from typing import Any

from patience.engine import Game
from patience.games.registry import get
from patience.solver import Budget, Result, solve
from patience.solver import par as pars
from patience.solver import rewind as rewinds
from patience.solver.hints.common import DEFAULT, Effort, Hint, Json


def solve_game(game: Game[Any, Any], budget: Budget | None = None) -> Result:
    """The verdict for ``game``'s current position, with full knowledge of hidden cards."""
    adapter, start = get(game.name).solver(game)
    return solve(adapter, start, budget)


def find_par(game: Game[Any, Any], budget: Budget | None = None) -> pars.Par:
    """The par of ``game``'s position (:func:`patience.solver.par.find_par`)."""
    entry = get(game.name)
    return pars.find_par(game, entry.solver, budget, optimal=entry.par)


def last_winnable(
    game: Game[Any, Any], seconds: float, *, known_lost: bool = True
) -> rewinds.Rewind:
    """The last winnable point of ``game``'s line (:func:`patience.solver.rewind.last_winnable`)."""
    return rewinds.last_winnable(game, get(game.name).solver, seconds, known_lost=known_lost)


def hint(game: Game[Any, Any], effort: Effort = DEFAULT) -> Hint:
    """The searched hint (the worker's), or ``None`` when nothing leads anywhere new."""
    return searched_hint(game, effort)[0]


def searched_hint(game: Game[Any, Any], effort: Effort = DEFAULT) -> tuple[Hint, list[Json] | None]:
    """The searched hint and, when the solver found one from this very position with
    nothing unseen, its winning line (for the worker to keep)."""
    if game.status != "playing":
        return None, None
    return get(game.name).hints.searched(game, effort)
