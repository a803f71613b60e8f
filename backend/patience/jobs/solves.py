"""``/solve`` jobs: a whole deal solved in the background for a player, at most
:data:`~patience.jobs.queues.SOLVES_IN_FLIGHT` of a player's queued or running at once, and
the view of one."""

from __future__ import annotations

from typing import Any

from patience.engine import Game
from patience.jobs.queues import (
    RESULT_TTL,
    SOLVE,
    SOLVE_ID,
    SOLVE_SECONDS,
    SOLVES,
    SOLVES_IN_FLIGHT,
    lifetime,
    solve_id,
)
from patience.jobs.results import members
from patience.jobs.submitter import Json, Submitter


class TooManySolves(Exception):
    """A player already has :data:`SOLVES_IN_FLIGHT` ``/solve`` jobs queued or running."""


class Solves(Submitter):
    """The ``/solve`` jobs."""

    def submit_solve(self, game: Game[Any, Any], player: str) -> str:
        """Enqueue a whole-deal solve for ``player``; returns the job id (raises
        :class:`TooManySolves`; RedisError propagates)."""
        job_id = solve_id(game)
        mine = SOLVES + player
        known = members(self.redis, mine)
        for other, state in zip(known, self.results.read(*known), strict=True):
            if not state.pending:  # forget the player's jobs that are over
                self.redis.srem(mine, other)
        if job_id not in known and self.redis.scard(mine) >= SOLVES_IN_FLIGHT:
            raise TooManySolves(f"at most {SOLVES_IN_FLIGHT} solves at a time")
        (state,) = self.results.read(job_id)
        if state.result is None:
            deal = (game.name, dict(game.options), game.deal)
            self.submit(SOLVE, job_id, deal, {"seconds": SOLVE_SECONDS}, known=state)
            with self.redis.pipeline(transaction=False) as pipe:
                pipe.sadd(mine, job_id)
                pipe.expire(mine, lifetime(RESULT_TTL))
                pipe.execute()
        return job_id

    def job_view(self, job_id: str) -> Json | None:
        """``GET /jobs/<id>``: state, verdict, solution, stats (``None``: no such job)."""
        if not SOLVE_ID.fullmatch(job_id):
            return None
        (known,) = self.results.read(job_id)
        view: Json = {"id": job_id, "state": "queued", "verdict": None, "solution": None}
        view["stats"] = {"nodes": None, "seconds": None}
        if known.result is not None:
            result = known.result
            view["verdict"] = result.get("verdict")
            view["solution"] = result.get("solution")
            view["stats"] = {"nodes": result.get("nodes"), "seconds": result.get("seconds")}
            view["state"] = "timeout" if view["verdict"] == "unknown" else "done"
            return view
        if known.status is None:
            return None
        if not known.pending:
            view["state"] = "failed"
        elif known.status == "started":
            view["state"] = "running"
        return view
