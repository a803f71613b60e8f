"""The job functions the worker runs. They take plain JSON — the position an analysis is
about, or the deal and move line where the way there matters (hints, rewinds) — and return
plain JSON, so a job can be retried anywhere.

>>> from patience.engine import new_game
>>> analyse(new_game("pyramid", deal=1).position(), {}, seconds=5)["verdict"]
'winnable'
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from redis import RedisError
from rq import get_current_job
from rq.job import Job

from patience.engine import Game, load_position, new_game
from patience.games import find_par, last_winnable, searched_hint, solve_game
from patience.jobs.lines import keep
from patience.jobs.queues import HINT_QUEUE, WANTED
from patience.solver import Budget
from patience.solver.par import shorten

Json = dict[str, Any]

SHORTEN_SECONDS = 2.0
"""Time an analysis spends taking the detours out of the winning line it keeps for hints."""


def rebuild(
    game: str, options: Json, deal: int, line: list[Json], seen: list[str]
) -> Game[Any, Any]:
    """The engine game for stored primitives (the same replay the API does)."""
    built = new_game(game, deal=deal, options=options)
    built.replay(line, seen)
    return built


def analyse(position: Json, options: Json, *, seconds: float) -> Json:
    """The verdict for a full-information position (the API asks only when the honesty rule
    allows it). ``unknown`` when the budget runs out. Dropped
    without a verdict as soon as no game wants this position analysed any more
    (``superseded``), or when a player waits for a hint (``preempted``: the hint goes first,
    and the analysis runs again when next asked for).

    >>> analyse(new_game("pyramid", deal=8153).position(), {}, seconds=5)["verdict"]
    'unwinnable'
    """
    watch = Watch.of_current_job()
    if watch is not None and watch.should_stop():
        return {"verdict": None, watch.reason: True}
    budget = Budget(seconds=seconds, cancelled=None if watch is None else watch.should_stop)
    game = load_position(position, options)
    result = solve_game(game, budget)
    if result.verdict == "unknown" and watch is not None and watch.should_stop():
        return {"verdict": None, watch.reason: True}
    if result.verdict == "winnable" and result.solution and watch is not None:
        # Later hints along it are instant; it loses its detours first (a hint follows it).
        line = shorten(game, result.solution, Budget(seconds=SHORTEN_SECONDS))
        _keep(watch.job, game, line)
    return {"verdict": result.verdict, "nodes": result.nodes, "seconds": round(result.seconds, 3)}


class Watch:
    """Whether the running analysis should stop: no game wants it any more, or a hint job
    waits. Looked up in Redis at most every ``every`` seconds; once it says stop, it stays
    so for this run (``reason`` says why)."""

    def __init__(self, job: Job, every: float = 0.2) -> None:
        self.job, self.every = job, every
        self.reason = ""
        self._next_look = 0.0

    @classmethod
    def of_current_job(cls) -> Watch | None:
        """The watch of the job this worker runs (``None`` outside a worker)."""
        job = get_current_job()
        return None if job is None else cls(job)

    def should_stop(self) -> bool:
        now = time.monotonic()
        if not self.reason and now >= self._next_look:
            self._next_look = now + self.every
            try:
                with self.job.connection.pipeline(transaction=False) as pipe:
                    pipe.exists(WANTED + self.job.id)
                    pipe.llen(f"rq:queue:{HINT_QUEUE}")
                    wanted, hints = pipe.execute()
            except RedisError:
                return False
            self.reason = "superseded" if not wanted else "preempted" if hints else ""
        return bool(self.reason)


def rewind(
    game: str, options: Json, deal: int, line: list[Json], seen: list[str], *, seconds: float
) -> Json:
    """The last winnable point of a line whose position is proven lost: how many moves into
    the line (``found``; ``None``: not even the deal), unless the searches ran out of budget
    (``inconclusive``)."""
    point = last_winnable(rebuild(game, options, deal, line, seen), seconds)
    return {
        "found": point.found,
        "length": len(line),
        "inconclusive": point.inconclusive,
        "searches": point.searches,
        "seconds": round(point.seconds, 3),
    }


def par(game: str, options: Json, deal: int, *, seconds: float) -> Json:
    """A deal's par: the fewest moves of a winning line the search finds (proven the fewest
    when ``proven``), with the line (which stays on the server: it is a solution)."""
    found = find_par(
        new_game(game, deal=deal, options=options), Budget(seconds=seconds, clock=time.process_time)
    )
    return found.to_json()


def hint(game: str, options: Json, deal: int, line: list[Json], seen: list[str]) -> Json:
    """A hint for the position (the hint function obeys the honesty rule and the no-cycle
    rule itself); a winning line it found from the position is kept for the next hints."""
    built = rebuild(game, options, deal, line, seen)
    found, winning = searched_hint(built)
    job = get_current_job()
    if winning and job is not None:
        _keep(job, built, winning)
    return {"hint": found}


def _keep(job: Job, game: Game[Any, Any], line: list[Json]) -> None:
    """Keep a winning line in Redis (best effort: a hint never fails for it)."""
    with contextlib.suppress(RedisError):
        keep(job.connection, game, line)


def solve_deal(game: str, options: Json, deal: int, *, seconds: float) -> Json:
    """``POST /solve``: the verdict for a whole deal, with its solution line."""
    result = solve_game(new_game(game, deal=deal, options=options), Budget(seconds=seconds))
    return result.to_json()
