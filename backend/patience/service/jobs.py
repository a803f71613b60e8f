"""Solver jobs as a service: ``POST /solve`` (a whole deal solved in the background, which
marks the player's later wins of it ``solver_assisted``) and the player's view of such a
job. Pure of HTTP: refusals are :mod:`patience.service.errors`."""

from __future__ import annotations

import datetime as dt
from typing import Any

from redis import RedisError
from sqlalchemy.orm import Session

from patience.games import new_game
from patience.jobs import SOLVE_ID, Solves, TooManySolves
from patience.service.errors import NotFound, TooManyJobs, Unavailable
from patience.store.queries import record_solve_request, requested_job

Json = dict[str, Any]


class SolveJobs:
    """The ``/solve`` jobs of one request: a database session, the job client (``None``
    without Redis) and the time now."""

    def __init__(self, session: Session, jobs: Solves | None, now: dt.datetime) -> None:
        self.session = session
        self.jobs = jobs
        self.now = now

    def submit(self, player_id: str, game: str, deal: int, options: Json | None) -> Json:
        """Queue the solve of a deal for the player (the same request twice gives the same
        job); noted, so that the player's later wins of the deal are ``solver_assisted``."""
        position = new_game(game, deal=deal, options=options)
        try:
            job_id = self._client().submit_solve(position, player_id)
        except TooManySolves as exc:
            raise TooManyJobs(f"{exc}; wait for one to finish") from exc
        except RedisError as exc:
            raise _unavailable() from exc
        record_solve_request(
            self.session, player_id, position.name, position.ruleset, deal, job_id, self.now
        )
        self.session.commit()
        return {"job": job_id}

    def view(self, player_id: str, job_id: str) -> Json:
        """One of the player's solve jobs: its state, and its verdict, solution line and
        search statistics when done (:class:`NotFound` for jobs the player did not ask for)."""
        if not SOLVE_ID.fullmatch(job_id) or not requested_job(self.session, player_id, job_id):
            raise _not_found()
        try:
            found = self._client().job_view(job_id)
        except RedisError as exc:
            raise _unavailable() from exc
        if found is None:
            raise _not_found()
        return found

    def _client(self) -> Solves:
        if self.jobs is None:
            raise _unavailable()
        return self.jobs


def _unavailable() -> Unavailable:
    return Unavailable("the solver queue is not available right now")


def _not_found() -> NotFound:
    return NotFound("there is no such job", reason="job_not_found")
