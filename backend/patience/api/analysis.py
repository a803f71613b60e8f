"""The API's side of the solver jobs: analysis reports, hints and ``/solve``.

The worker searches; the API only enqueues and reads results (:mod:`patience.jobs`). Without
Redis (``REDIS_URL`` unset or down) or without a worker, play goes on: analysis says
``unavailable`` and hints fall back to ordinary advice computed here without search.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from flask import current_app
from redis import RedisError

from patience.api.middleware import get_redis
from patience.engine import Game
from patience.jobs import Jobs, not_applicable
from patience.solver.hints import Hint, quick_hint

log = logging.getLogger(__name__)

Json = dict[str, Any]

HINT_WAIT_SECONDS = 1.5
"""How long a hint request waits for the worker's searched hint before giving advice."""


def jobs() -> Jobs | None:
    """The job client of this app, ``None`` when Redis is not configured."""
    redis = get_redis()
    if redis is None:
        return None
    return Jobs(redis, queue_limit=int(current_app.config["ANALYSIS_QUEUE_LIMIT"]))


def analysis(
    game: Game[Any, Any], version: int, *, start: bool = True, owner: str | None = None
) -> Json:
    """The Analysis of API.md for ``game`` at ``version`` (starting the job when useful, as
    the latest one of the stored game ``owner``)."""
    client = jobs()
    if client is None:
        return not_applicable(game, version) or {
            "version": version, "state": "unavailable", "verdict": None, "reason": "not_configured"
        }  # fmt: skip
    return client.analysis(game, version, start=start, owner=owner)


WORKERS_TTL = 2.0
"""Seconds a process trusts its last look at whether any worker runs."""
_workers_seen: list[float | bool] = [0.0, False]  # [when, any]


def workers_alive(client: Jobs) -> bool:
    """Whether a worker is registered, looked up at most every :data:`WORKERS_TTL` s."""
    now = time.monotonic()
    if now - float(_workers_seen[0]) > WORKERS_TTL:
        _workers_seen[:] = [now, client.has_workers()]
    return bool(_workers_seen[1])


def start_analysis(game: Game[Any, Any], version: int, owner: str) -> None:
    """After an accepted action on the stored game ``owner``: start the analysis when the
    honesty rule allows it and a worker is there to run it — with none, a job would only
    pile up in Redis, and the report says ``unavailable`` all the same (``GET …/analysis``
    starts it later). Best effort: a Redis failure never fails the action."""
    client = jobs()
    if client is None or not workers_alive(client):
        return
    try:
        analysis(game, version, start=True, owner=owner)
    except RedisError:  # pragma: no cover - Jobs already turns these into "unavailable"
        log.warning("analysis not started for version %s", version)


def proven_unwinnable(game: Game[Any, Any]) -> bool:
    """Whether a finished proof says the current position cannot be won."""
    client = jobs()
    return client is not None and client.verdict(game) == "unwinnable"


def advise(game: Game[Any, Any]) -> Hint:
    """A hint: the worker's searched one when it answers in time, else ordinary advice."""
    client = jobs()
    if client is not None and client.has_workers():
        found = client.hint(game, wait=HINT_WAIT_SECONDS)
        if found is not None:
            searched: Hint = found.get("hint")
            return searched
    return quick_hint(game)
