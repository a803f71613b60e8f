"""Solver jobs: ``POST /solve`` enqueues a whole-deal solve, ``GET /jobs/<id>`` reports it."""

from __future__ import annotations

from typing import Any

from redis import RedisError

from patience.api.analysis import jobs
from patience.api.auth import current_player_id
from patience.api.clock import now
from patience.api.db import get_session
from patience.api.errors import ApiError
from patience.api.resources.jobs.schemas import JobCreatedSchema, JobSchema, SolveSchema
from patience.api.smorest import Blueprint
from patience.engine import new_game
from patience.jobs import SOLVE_ID, TooManySolves
from patience.store.queries import record_solve_request, requested_job

blp = Blueprint("jobs", __name__, url_prefix="/api/v1", description="Solver jobs")

Json = dict[str, Any]


def _unavailable() -> ApiError:
    return ApiError(503, "jobs_unavailable", "the solver queue is not available right now",
                    headers={"Retry-After": "5"})  # fmt: skip


@blp.route("/solve", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(SolveSchema)
@blp.response(202, JobCreatedSchema)
@blp.errors(400, 413, 415, 429, 503)
def post_solve(body: Json) -> Json:
    """Solve a deal in the background (full knowledge of the deal); poll ``GET /jobs/<id>``.
    The same request twice gives the same job. At most a few solves per player at a time
    (429 ``rate_limited``). Asking marks the player's later wins of the deal
    ``solver_assisted`` on leaderboards and personal bests."""
    game = new_game(body["game"], deal=body["deal"], options=body.get("options"))
    client = jobs()
    if client is None:
        raise _unavailable()
    player = current_player_id()
    try:
        job_id = client.submit_solve(game, player)
    except TooManySolves as exc:
        raise ApiError(
            429, "rate_limited", f"{exc}; wait for one to finish", headers={"Retry-After": "10"}
        ) from exc
    except RedisError as exc:
        raise _unavailable() from exc
    assert game.deal is not None
    session = get_session()
    record_solve_request(session, player, game.name, game.ruleset, game.deal, job_id, now())
    session.commit()
    return {"job": job_id}


@blp.route("/jobs/<job_id>", methods=["GET"])
@blp.auth_required
@blp.response(200, JobSchema)
@blp.errors(404, 503)
def get_job(job_id: str) -> Json:
    """One of the player's solve jobs: its state, and its verdict, solution line and search
    statistics when done (404 for jobs the player did not ask for)."""
    if not SOLVE_ID.fullmatch(job_id) or not requested_job(
        get_session(), current_player_id(), job_id
    ):
        raise _not_found()
    client = jobs()
    if client is None:
        raise _unavailable()
    try:
        view = client.job_view(job_id)
    except RedisError as exc:
        raise _unavailable() from exc
    if view is None:
        raise _not_found()
    return view


def _not_found() -> ApiError:
    return ApiError(404, "job_not_found", "there is no such job")
