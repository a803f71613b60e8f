"""Schemas of the operations endpoints."""

from __future__ import annotations

import marshmallow as ma

from patience.api.smorest import Schema


class HealthSchema(Schema):
    """The process is up."""

    status = ma.fields.String(required=True, metadata={"example": "ok"})


class ReadySchema(Schema):
    """Each dependency: ``ok``, ``unavailable`` or (Redis) ``not_configured``."""

    status = ma.fields.String(required=True, metadata={"example": "ok"})
    database = ma.fields.String(required=True, metadata={"example": "ok"})
    redis = ma.fields.String(
        required=True,
        metadata={"example": "ok", "description": "ok | unavailable | not_configured"},
    )
    workers = ma.fields.Integer(metadata={"description": "Live solver workers (when Redis is up)"})
    par_queue = ma.fields.Integer(
        metadata={"description": "Par searches queued (when Redis is up; bounded)"}
    )
    ranked_pool = ma.fields.String(
        metadata={
            "description": (
                "ok | low (fewer proven dailies ahead than wanted) | dry (a game has no daily "
                "today: not ready)"
            )
        }
    )
    ranked_days_ahead = ma.fields.Integer(
        metadata={"description": "Days after today whose dailies every game holds (-1: dry)"}
    )
