"""Solver jobs: ``POST /solve`` enqueues a whole-deal solve, ``GET /jobs/<id>`` reports it."""

from __future__ import annotations

from typing import Any

from redis import RedisError

from patience.api.analysis import jobs
from patience.api.errors import ApiError
from patience.api.resources.jobs.schemas import JobCreatedSchema, JobSchema, SolveSchema
from patience.api.smorest import Blueprint
from patience.engine import new_game
from patience.jobs import SOLVE_ID

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
@blp.errors(400, 413, 415, 503)
def post_solve(body: Json) -> Json:
    """Solve a deal in the background (full knowledge of the deal); poll ``GET /jobs/<id>``.
    The same request twice gives the same job."""
    game = new_game(body["game"], deal=body["deal"], options=body.get("options"))
    client = jobs()
    if client is None:
        raise _unavailable()
    try:
        return {"job": client.submit_solve(game)}
    except RedisError as exc:
        raise _unavailable() from exc


@blp.route("/jobs/<job_id>", methods=["GET"])
@blp.response(200, JobSchema)
@blp.errors(404, 503)
def get_job(job_id: str) -> Json:
    """A solve job's state, and its verdict, solution line and search statistics when done."""
    client = jobs()
    if not SOLVE_ID.fullmatch(job_id):  # no job of ours, whatever the queue holds
        raise _not_found()
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
