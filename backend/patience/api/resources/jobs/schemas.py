"""Schemas of the solver-job resource: ``POST /solve`` and ``GET /jobs/<id>``."""

from __future__ import annotations

import marshmallow as ma

from patience.api.resources.games.schemas import DEAL_RANGE, GAME_NAMES, by_game
from patience.api.smorest import Schema


class SolveBody(Schema):
    """``POST /solve`` body: a whole deal to solve with full knowledge of its cards."""

    game = ma.fields.String(
        required=True, metadata={"description": "A game of GET /games/catalog", **GAME_NAMES}
    )
    deal = ma.fields.Integer(
        strict=True, required=True, metadata={"description": "1 … 2^32−1", **DEAL_RANGE}
    )
    options = ma.fields.Dict(
        keys=ma.fields.String(), metadata={"description": "As for POST /games"}
    )


SolveSchema = by_game(SolveBody)


class JobCreatedSchema(Schema):
    """The id to poll at ``GET /jobs/<id>``."""

    job = ma.fields.String(required=True)


class JobStatsSchema(Schema):
    nodes = ma.fields.Integer(required=True, allow_none=True)
    seconds = ma.fields.Float(required=True, allow_none=True)


class JobSchema(Schema):
    """A solve job: ``timeout`` means the budget ran out (never reported as unwinnable)."""

    id = ma.fields.String(required=True)
    state = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["queued", "running", "done", "failed", "timeout"]),
    )
    verdict = ma.fields.String(
        required=True,
        allow_none=True,
        validate=ma.validate.OneOf(["winnable", "unwinnable", "unknown"]),
    )
    solution = ma.fields.List(ma.fields.Dict(), required=True, allow_none=True)
    stats = ma.fields.Nested(JobStatsSchema, required=True)
