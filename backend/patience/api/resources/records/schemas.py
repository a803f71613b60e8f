"""Schemas of the records resource."""

from __future__ import annotations

import marshmallow as ma

from patience.api.smorest import Schema


class RecordBodySchema(Schema):
    """``POST /records/verify`` as JSON (the same as sending the record as text/plain)."""

    record = ma.fields.String(
        required=True,
        validate=ma.validate.Length(min=1),  # an empty text holds no record
        metadata={"description": "A record's text"},
    )


class IllegalMoveSchema(Schema):
    """Why a record is not valid."""

    move_number = ma.fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "The first illegal move, from 1; null for a false claim"},
    )
    reason = ma.fields.String(
        required=True,
        metadata={"description": "The engine's reason, or result_mismatch / moves_mismatch"},
    )
    message = ma.fields.String(required=True)
    line = ma.fields.Integer(required=True, metadata={"description": "Where it is: line…"})
    column = ma.fields.Integer(required=True, metadata={"description": "…and column, from 1"})


class VerdictSchema(Schema):
    """A record replayed through the engine."""

    valid = ma.fields.Boolean(required=True)
    status = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["won", "resigned", "playing"]),
        metadata={"description": "won when the moves win, else the record's own result"},
    )
    moves = ma.fields.Integer(required=True, metadata={"description": "Legal moves replayed"})
    error = ma.fields.Nested(IllegalMoveSchema, required=True, allow_none=True)
    game = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    deal_id = ma.fields.String(required=True)
