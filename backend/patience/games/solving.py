"""A game's searches, looked up by the game's name: the registry hands each of the solver's
modules what it needs (the adapter factory, the par search, the hints), so that none of them
ever imports the registry. The worker and the CLI run these; the API never imports this module
(its search-free calls are :mod:`patience.games.advice`).

>>> from patience.games import new_game
>>> solve_game(new_game("pyramid", deal=1)).verdict
'winnable'
>>> hint(new_game("pyramid", deal=1))
{'move': {'type': 'king', 'at': 'p21'}, 'reason': 'removes_king', 'searched': True}
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, Sequence
from typing import Any

from patience.engine import Game
from patience.games.registry import get
from patience.solver import Budget, Result, solve
from patience.solver import par as pars
from patience.solver import rewind as rewinds
from patience.solver.hints.common import DEFAULT, Effort, Hint, Json
from patience.solver.pruned import Pruned


def solve_game(game: Game[Any, Any], budget: Budget | None = None) -> Result:
    """The verdict for ``game``'s current position, with full knowledge of hidden cards and
    of how future shuffles fall (a deal's proof, ``/solve``, pars; not the player's
    analysis: :func:`solve_in_sight`)."""
    adapter, start = get(game.name).solver(game)
    return solve(adapter, start, budget)


def search_in_sight(game: Game[Any, Any]) -> tuple[Any, Any]:
    """The search adapter and start the honesty rule allows for ``game``'s position: the
    game's own, except that while an unseen shuffle is pending (Gaps with a redeal left) the
    search may deal none (:attr:`~patience.games.registry.GameEntry.no_shuffle`), so that
    what it finds depends on nothing unseen.

    >>> from patience.games import new_game
    >>> search_in_sight(new_game("gaps", deal=1))[1][1]  # redeals left, as the search sees it
    0
    """
    entry = get(game.name)
    adapter, start = entry.solver(game)
    if game.unseen_shuffle():
        if entry.no_shuffle is None:
            raise ValueError(f"{game.name} has unseen shuffles but no search without them")
        start = entry.no_shuffle(start)
    return adapter, start


def solve_in_sight(
    game: Game[Any, Any], budget: Budget | None = None, lost: Sequence[Game[Any, Any]] = ()
) -> Result:
    """The search of :func:`search_in_sight`. With no shuffle pending its verdict is the
    position's; with one pending, ``winnable`` is a win that needs no further shuffle (every
    card of it in sight) and ``unwinnable`` only says that there is no such win — not that
    the position is lost. ``lost``: positions of the same game proven lost, with nothing
    unseen and no shuffle pending (earlier analyses'): the search never enters them
    (:class:`~patience.solver.pruned.Pruned`; the verdict is the same, found sooner).

    >>> from patience.games import new_game
    >>> solve_in_sight(new_game("gaps", deal=1, options={"redeals": 1})).verdict
    'winnable'
    """
    adapter, start = search_in_sight(game)
    if lost:
        adapter = Pruned(adapter, {adapter.key(search_in_sight(g)[1]) for g in lost})
    return solve(adapter, start, budget)


def find_par(game: Game[Any, Any], budget: Budget | None = None) -> pars.Par:
    """The par of ``game``'s position (:func:`patience.solver.par.find_par`)."""
    entry = get(game.name)
    return pars.find_par(game, entry.solver, budget, optimal=entry.par)


def last_winnable(
    game: Game[Any, Any],
    seconds: float,
    *,
    known_lost: bool = True,
    cancelled: Callable[[], bool] | None = None,
    proved: MutableMapping[int, bool] | None = None,
) -> rewinds.Rewind:
    """The last winnable point of ``game``'s line (:func:`patience.solver.rewind.last_winnable`),
    each position searched as the honesty rule allows (:func:`search_in_sight`)."""
    return rewinds.last_winnable(
        game, search_in_sight, seconds, known_lost=known_lost, cancelled=cancelled, proved=proved
    )


def hint(game: Game[Any, Any], effort: Effort = DEFAULT) -> Hint:
    """The searched hint (the worker's), or ``None`` when nothing leads anywhere new."""
    return searched_hint(game, effort)[0]


def searched_hint(game: Game[Any, Any], effort: Effort = DEFAULT) -> tuple[Hint, list[Json] | None]:
    """The searched hint and, when the solver found one from this very position with
    nothing unseen, its winning line (for the worker to keep).

    The search spends ``effort``'s nodes (the game's calibrated ``NODES`` unless it names
    its own), so the same position gets the same hint however loaded the machine is; past
    ``effort``'s cut-off the searches stop and the answer is the search-free advice, which
    is as reproducible (SPEC §2: only whether the searched hint is ready may depend on load).
    """
    if game.status != "playing":
        return None, None
    hints = get(game.name).hints
    started = effort.start(hints.NODES)
    found = hints.searched(game, started)
    if started.cut():  # a search may have stopped short: what it found depends on load
        return hints.quick(game), None
    return found
