"""Operations: liveness and readiness, at the server's root (outside ``/api/v1``).

Readiness: the database must answer; Redis must answer when ``REDIS_URL`` is set (else it is
``not_configured``, which is fine); with Redis up, the number of live solver workers is
reported too (informational: play goes on without workers; a dead worker drops out of the
count within :data:`~patience.jobs.queues.LIVE_SECONDS`).
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from redis import RedisError
from sqlalchemy import Engine, text

from patience.api.db import get_engine
from patience.api.middleware import get_redis
from patience.api.resources.ops.schemas import HealthSchema, ReadySchema
from patience.api.smorest import Blueprint
from patience.jobs import live_workers

log = logging.getLogger(__name__)

blp = Blueprint("ops", __name__, url_prefix="/", description="Operations")


@blp.route("/healthz", methods=["GET"])
@blp.response(200, HealthSchema)
def healthz() -> dict[str, Any]:
    """The process is up."""
    return {"status": "ok"}


READY_SECONDS = 2.0
"""The longest a readiness check waits for the database: ``/readyz`` answers within about
that, whatever the database does (a hung one included)."""
_checks = ThreadPoolExecutor(max_workers=2, thread_name_prefix="readyz")


def _database() -> str:
    check = _checks.submit(_ping, get_engine())
    try:
        check.result(timeout=READY_SECONDS)
    except Exception as exc:  # unreachable, refused, or no answer in time
        log.warning("readiness: database not reachable: %s", exc or "no answer")
        return "unavailable"
    return "ok"


def _ping(engine: Engine) -> None:
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))


def _redis() -> dict[str, Any]:
    client = get_redis()
    if client is None:
        return {"redis": "not_configured"}
    try:
        client.ping()
        workers = live_workers(client)
    except RedisError as exc:
        log.warning("readiness: redis not reachable: %s", exc)
        return {"redis": "unavailable"}
    return {"redis": "ok", "workers": workers}


@blp.route("/readyz", methods=["GET"])
@blp.response(200, ReadySchema)
@blp.alt_response(503, schema=ReadySchema, description="A dependency is unavailable")
def readyz() -> tuple[dict[str, Any], int]:
    """The database answers, and Redis when it is configured (``unavailable`` names the one
    that does not)."""
    checks = {"database": _database(), **_redis()}
    ok = "unavailable" not in (checks["database"], checks["redis"])
    return {"status": "ok" if ok else "unavailable", **checks}, 200 if ok else 503
