"""Solver jobs: ``POST /solve`` enqueues a whole-deal solve, ``GET /jobs/<id>`` reports it."""

from __future__ import annotations

from typing import Any

from patience.api.analysis import solves
from patience.api.auth import current_player_id
from patience.api.clock import now
from patience.api.db import get_session
from patience.api.resources.jobs.schemas import JobCreatedSchema, JobSchema, SolveSchema
from patience.api.smorest import Blueprint
from patience.service.jobs import SolveJobs

blp = Blueprint("jobs", __name__, url_prefix="/api/v1", description="Solver jobs")

Json = dict[str, Any]


def service() -> SolveJobs:
    """The solve jobs of this request."""
    return SolveJobs(get_session(), solves(), now())


@blp.route("/solve", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(SolveSchema)
@blp.response(202, JobCreatedSchema)
@blp.errors(400, 413, 415, 429, 503)
@blp.doc(
    responses={
        202: {
            "links": {
                "Job": {
                    "operationRef": "#/paths/~1api~1v1~1jobs~1{job_id}/get",
                    "parameters": {"job_id": "$response.body#/job"},
                }
            }
        }
    }
)
def post_solve(body: Json) -> Json:
    """Solve a deal in the background (full knowledge of the deal); poll ``GET /jobs/<id>``.
    The same request twice gives the same job. At most a few solves per player at a time
    (429 ``rate_limited``). Asking marks the player's later wins of the deal
    ``solver_assisted`` on leaderboards and personal bests."""
    return service().submit(current_player_id(), body["game"], body["deal"], body.get("options"))


@blp.route("/jobs/<job_id:job_id>", methods=["GET"])
@blp.auth_required
@blp.response(200, JobSchema)
@blp.errors(404, 503)
def get_job(job_id: str) -> Json:
    """One of the player's solve jobs: its state, and its verdict, solution line and search
    statistics when done (404 for jobs the player did not ask for)."""
    return service().view(current_player_id(), job_id)
