"""Operations: liveness and readiness, at the server's root (outside ``/api/v1``)."""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import text

from patience.api.db import get_session
from patience.api.resources.ops.schemas import HealthSchema, ReadySchema
from patience.api.smorest import Blueprint

log = logging.getLogger(__name__)

blp = Blueprint("ops", __name__, url_prefix="/", description="Operations")


@blp.route("/healthz", methods=["GET"])
@blp.response(200, HealthSchema)
def healthz() -> dict[str, Any]:
    """The process is up."""
    return {"status": "ok"}


@blp.route("/readyz", methods=["GET"])
@blp.response(200, ReadySchema)
@blp.alt_response(503, schema=ReadySchema, description="A dependency is unavailable")
def readyz() -> tuple[dict[str, Any], int]:
    """The database answers (Redis joins this check with the worker)."""
    try:
        get_session().execute(text("SELECT 1"))
        database = "ok"
    except Exception:
        log.exception("database not reachable")
        database = "unavailable"
    ok = database == "ok"
    return {"status": "ok" if ok else "unavailable", "database": database}, 200 if ok else 503
