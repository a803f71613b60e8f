"""Schemas of the operations endpoints."""

from __future__ import annotations

import marshmallow as ma

from patience.api.smorest import Schema


class HealthSchema(Schema):
    """The process is up."""

    status = ma.fields.String(required=True, metadata={"example": "ok"})


class RoleSchema(Schema):
    """The workers of one role and the jobs waiting for them."""

    workers = ma.fields.Integer(required=True, metadata={"description": "Live workers"})
    queued = ma.fields.Integer(required=True, metadata={"description": "Jobs queued"})


class ReadySchema(Schema):
    """Each dependency: ``ok``, ``unavailable`` or (Redis) ``not_configured``."""

    status = ma.fields.String(
        required=True,
        metadata={
            "example": "ok",
            "description": (
                "ok | degraded (play is served, a feature is not: see reasons) | unavailable "
                "(the database or Redis does not answer: 503)"
            ),
        },
    )
    reasons = ma.fields.List(
        ma.fields.String(),
        required=True,
        metadata={
            "description": (
                "Why degraded: ranked_pool_dry, ranked_pool_low, no_<role>_worker, "
                "<role>_queue_long"
            )
        },
    )
    database = ma.fields.String(required=True, metadata={"example": "ok"})
    redis = ma.fields.String(
        required=True,
        metadata={"example": "ok", "description": "ok | unavailable | not_configured"},
    )
    workers = ma.fields.Integer(metadata={"description": "Live solver workers (when Redis is up)"})
    par_queue = ma.fields.Integer(
        metadata={"description": "Par searches queued (when Redis is up; bounded)"}
    )
    roles = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Nested(RoleSchema),
        metadata={"description": "By worker role (interactive, background), when Redis is up"},
    )
    ranked_pool = ma.fields.String(
        metadata={
            "description": (
                "ok | low (fewer proven dailies ahead than wanted) | dry (a game has no daily "
                "today: its daily cannot be started; degraded)"
            )
        }
    )
    ranked_days_ahead = ma.fields.Integer(
        metadata={"description": "Days after today whose dailies every game holds (-1: dry)"}
    )
