"""Operations: liveness and readiness, at the server's root (outside ``/api/v1``).

Readiness: the database must answer; Redis must answer when ``REDIS_URL`` is set (else it is
``not_configured``, which is fine); with Redis up, the number of live solver workers and of
queued par searches are reported too (informational: play goes on without workers; a dead
worker drops out of the count within :data:`~patience.jobs.queues.LIVE_SECONDS`). The pool
of proven daily deals must hold today's for every game (``ranked_pool`` ``dry`` is not
ready: no daily can be played); ``low`` (fewer days ahead than wanted) is logged. Each check
has its own short time limit and they run side by side: ``/readyz`` answers within about
1.5 s whatever the database and Redis do.
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
from patience.api.middleware import get_redis
from patience.api.resources.ops.schemas import HealthSchema, ReadySchema
from patience.api.smorest import Blueprint
from patience.jobs.queues import PAR_QUEUE, live_workers, queue_key
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


def _redis_state(client: Redis) -> dict[str, Any]:
    """Live workers and the par queue's length (Redis answering them is the check)."""
    workers = live_workers(client)
    return {"redis": "ok", "workers": workers, "par_queue": int(client.llen(queue_key(PAR_QUEUE)))}


@blp.route("/readyz", methods=["GET"])
@blp.response(200, ReadySchema)
@blp.alt_response(503, schema=ReadySchema, description="A dependency is unavailable")
def readyz() -> tuple[dict[str, Any], int]:
    """The database answers, and Redis when it is configured (``unavailable`` names the one
    that does not); with Redis, the live solver workers and the queued par searches; and
    the pool of proven dailies (``dry``: a game has no daily today, which is not ready;
    ``low``: fewer days ahead than wanted)."""
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
    ok = "unavailable" not in (checks["database"], checks["redis"])
    ok = ok and checks.get("ranked_pool") != "dry"  # no daily can be played today
    return {"status": "ok" if ok else "unavailable", **checks}, 200 if ok else 503
