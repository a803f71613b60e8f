"""The job functions the worker runs. They take primitives only (game name, options, deal,
move line, seen cards) and return plain JSON, so a job can be retried anywhere.

>>> analyse("pyramid", {}, 1, [], [], seconds=5)["verdict"]
'winnable'
"""

from __future__ import annotations

from typing import Any

from patience.engine import Game, new_game
from patience.solver import Budget, solve_game
from patience.solver.hints import hint as hint_for

Json = dict[str, Any]


def rebuild(
    game: str, options: Json, deal: int, line: list[Json], seen: list[str]
) -> Game[Any, Any]:
    """The engine game for stored primitives (the same replay the API does)."""
    built = new_game(game, deal=deal, options=options)
    built.replay(line, seen)
    return built


def analyse(
    game: str, options: Json, deal: int, line: list[Json], seen: list[str], *, seconds: float
) -> Json:
    """The verdict for the position the line reaches, with full knowledge of the deal (the API
    asks only when the honesty rule allows it). ``unknown`` when the budget runs out."""
    result = solve_game(rebuild(game, options, deal, line, seen), Budget(seconds=seconds))
    return {"verdict": result.verdict, "nodes": result.nodes, "seconds": round(result.seconds, 3)}


def hint(game: str, options: Json, deal: int, line: list[Json], seen: list[str]) -> Json:
    """A hint for the position (the hint function obeys the honesty rule itself)."""
    return {"hint": hint_for(rebuild(game, options, deal, line, seen))}


def solve_deal(game: str, options: Json, deal: int, *, seconds: float) -> Json:
    """``POST /solve``: the verdict for a whole deal, with its solution line."""
    result = solve_game(new_game(game, deal=deal, options=options), Budget(seconds=seconds))
    return result.to_json()
