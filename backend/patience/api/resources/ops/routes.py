"""Operations: liveness and readiness, at the server's root (outside ``/api/v1``).

Readiness means "can serve play": ``/readyz`` answers 503 only when the database, or Redis
when ``REDIS_URL`` is set (else it is ``not_configured``, which is fine), does not answer.
What degrades a feature but not play answers 200 with ``"status": "degraded"`` and the
``reasons`` (logged, and counted in the metrics): a dry or low pool of proven dailies, no
live worker of a role (a dead one drops out of the count within
:data:`~patience.jobs.queues.LIVE_SECONDS`), a role's queue longer than :data:`LONG_QUEUE`.
A load balancer must not take every instance out of service because tomorrow's daily is not
proven yet. Each check has its own short time limit and they run side by side: ``/readyz``
answers within about 1.5 s whatever the database and Redis do.
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from redis import Redis
from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

from patience.api.clock import now
from patience.api.db import get_engine
from patience.api.metrics import count_degraded
from patience.api.middleware import get_redis
from patience.api.resources.ops.schemas import HealthSchema, ReadySchema
from patience.api.smorest import Blueprint
from patience.jobs.queues import (
    ANALYSIS_QUEUE_LIMIT,
    PAR_QUEUE,
    ROLES,
    live_workers,
    queue_key,
    queued,
)
from patience.service.ranked_days import pool_state

log = logging.getLogger(__name__)

blp = Blueprint("ops", __name__, url_prefix="/", description="Operations")


@blp.route("/healthz", methods=["GET"])
@blp.response(200, HealthSchema)
def healthz() -> dict[str, Any]:
    """The process is up."""
    return {"status": "ok"}


CHECK_SECONDS = {"database": 1.5, "redis": 1.0}
"""How long ``/readyz`` waits for each check. They run side by side, so it answers within
about the longest (well inside the 3 s budget), whatever the database and Redis do: a hung
server (stopped, its sockets open) is ``unavailable`` once its time is up."""
_checks = ThreadPoolExecutor(max_workers=4, thread_name_prefix="readyz")
_running: dict[tuple[str, int], Future[Any]] = {}
_lock = threading.Lock()


def _start(name: str, target: Any, check: Callable[[Any], Any]) -> Future[Any]:
    """The check ``name`` of ``target`` (an engine, a Redis client): the one still running
    from an earlier request, else a new one, so a hung server ties up one thread per
    check, not one per request."""
    key = (name, id(target))
    with _lock:
        running = _running.get(key)
        if running is None or running.done():
            running = _running[key] = _checks.submit(check, target)
        return running


def _outcome(name: str, check: Future[Any], deadline: float) -> Any:
    """The check's answer, or ``None`` when it failed or did not answer by ``deadline``."""
    try:
        return check.result(timeout=max(0.0, deadline - time.monotonic()))
    except Exception as exc:  # unreachable, refused, or no answer in time
        log.warning("readiness: %s not reachable: %s", name, exc or "no answer")
        return None


def _ping(engine: Engine, today: dt.date) -> dict[str, Any]:
    """The database answers; and how full the ranked pool is (:func:`pool_state`)."""
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))
    with Session(engine) as session:
        return pool_state(session, today)


LONG_QUEUE = {"interactive": ANALYSIS_QUEUE_LIMIT // 2, "background": 1000}
"""Jobs queued for a role past which readiness says ``<role>_queue_long``: players wait
for verdicts (half the bound at which analyses report ``busy``), or background work lags."""


def _redis_state(client: Redis) -> dict[str, Any]:
    """Live workers and queued jobs by role, and the par queue's length (Redis answering
    them is the check)."""
    return {
        "redis": "ok",
        "workers": live_workers(client),
        "par_queue": int(client.llen(queue_key(PAR_QUEUE))),
        "roles": {
            role: {"workers": live_workers(client, role), "queued": queued(client, role)}
            for role in ROLES
        },
    }


def degraded_reasons(checks: dict[str, Any]) -> list[str]:
    """What keeps a feature, not play, from working: ``ranked_pool_dry`` or ``_low``,
    ``no_<role>_worker``, ``<role>_queue_long``."""
    reasons = []
    if checks.get("ranked_pool") in ("dry", "low"):
        reasons.append(f"ranked_pool_{checks['ranked_pool']}")
    for role, state in checks.get("roles", {}).items():
        if not state["workers"]:
            reasons.append(f"no_{role}_worker")
        if state["queued"] > LONG_QUEUE[role]:
            reasons.append(f"{role}_queue_long")
    return reasons


@blp.route("/readyz", methods=["GET"])
@blp.response(200, ReadySchema)
@blp.alt_response(503, schema=ReadySchema, description="The database or Redis is unavailable")
def readyz() -> tuple[dict[str, Any], int]:
    """Whether this instance can serve play: 503 (``unavailable``) only when the database,
    or Redis when it is configured, does not answer (which one is said). A dry or low pool
    of proven dailies, no live worker of a role or a long queue answer 200 with
    ``degraded`` and the ``reasons``."""
    began = time.monotonic()
    today = now().astimezone(dt.UTC).date()
    database = _start("database", get_engine(), functools.partial(_ping, today=today))
    client = get_redis()
    redis = None if client is None else _start("redis", client, _redis_state)
    checks: dict[str, Any] = {"database": "ok"}
    pool = _outcome("database", database, began + CHECK_SECONDS["database"])
    if pool is None:
        checks["database"] = "unavailable"
    else:
        checks |= pool
    if redis is None:
        checks["redis"] = "not_configured"
    else:
        checks |= _outcome("redis", redis, began + CHECK_SECONDS["redis"]) or {
            "redis": "unavailable"
        }
    if "unavailable" in (checks["database"], checks["redis"]):
        return {"status": "unavailable", "reasons": [], **checks}, 503
    reasons = degraded_reasons(checks)
    if reasons:
        log.warning("readiness degraded: %s", ", ".join(reasons))
        count_degraded(reasons)
    return {"status": "degraded" if reasons else "ok", "reasons": reasons, **checks}, 200
