"""The job functions the worker runs. They take primitives only (game name, options, deal,
move line, seen cards) and return plain JSON, so a job can be retried anywhere.

>>> analyse("pyramid", {}, 1, [], [], seconds=5)["verdict"]
'winnable'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from redis import RedisError
from rq import get_current_job

from patience.engine import Game, new_game
from patience.jobs.queues import WANTED
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
    asks only when the honesty rule allows it). ``unknown`` when the budget runs out; dropped
    (``superseded``, no verdict) as soon as no game wants this position analysed any more.

    >>> analyse("pyramid", {}, 8153, [], [], seconds=5)["verdict"]
    'unwinnable'
    """
    superseded = _superseded_check()
    if superseded():
        return {"verdict": None, "superseded": True}
    budget = Budget(seconds=seconds, cancelled=superseded)
    result = solve_game(rebuild(game, options, deal, line, seen), budget)
    if result.verdict == "unknown" and superseded():
        return {"verdict": None, "superseded": True}
    return {"verdict": result.verdict, "nodes": result.nodes, "seconds": round(result.seconds, 3)}


def _superseded_check(every: float = 0.2) -> Callable[[], bool]:
    """Whether the running analysis job is no longer wanted by any game (looked up in Redis
    at most every ``every`` seconds; always False outside a worker). Once unwanted, always
    unwanted for this run."""
    job = get_current_job()
    if job is None:
        return lambda: False
    key = WANTED + job.id
    next_look = 0.0
    unwanted = False

    def check() -> bool:
        nonlocal next_look, unwanted
        now = time.monotonic()
        if not unwanted and now >= next_look:
            next_look = now + every
            try:
                unwanted = not job.connection.exists(key)
            except RedisError:
                return False
        return unwanted

    return check


def hint(game: str, options: Json, deal: int, line: list[Json], seen: list[str]) -> Json:
    """A hint for the position (the hint function obeys the honesty rule itself)."""
    return {"hint": hint_for(rebuild(game, options, deal, line, seen))}


def solve_deal(game: str, options: Json, deal: int, *, seconds: float) -> Json:
    """``POST /solve``: the verdict for a whole deal, with its solution line."""
    result = solve_game(new_game(game, deal=deal, options=options), Budget(seconds=seconds))
    return result.to_json()
