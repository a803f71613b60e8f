"""A game's solver parts, looked up by the game's name: the registry hands each of the
solver's modules what it needs (the adapter factory, the par search, the hints), so that none
of them ever imports the registry.

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
from patience.solver.hints.common import DEFAULT, Effort, Hint, Json, Line, make_hint


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


def quick_hint(game: Game[Any, Any]) -> Hint:
    """Advice without search, from the seed pages' tips, under the no-cycle rule: what the
    API answers when the worker's hint is not ready in time. It reads only the public board."""
    if game.status != "playing":
        return None
    return get(game.name).hints.quick(game)


def describe_hint(game: Game[Any, Any], move: Json, *, searched: bool) -> Json:
    """The hint object for a legal ``move`` in ``game`` (its reason worked out here)."""
    typed = game.parse_move(move)
    return make_hint(typed.to_dict(), get(game.name).hints.reason(game.state, typed), searched)


def leads_somewhere_new(game: Game[Any, Any], move: Json) -> bool:
    """Whether ``move`` is legal in ``game`` and leads to a position its line has not been in
    (how a kept line's next move is checked before it is served as a hint)."""
    return Line.of(game, get(game.name).hints.public_key).fresh_json(move)
