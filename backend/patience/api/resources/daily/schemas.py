"""Schemas of the daily resource."""

from __future__ import annotations

import marshmallow as ma

from patience.api.resources.deals.schemas import EntrySchema
from patience.api.smorest import Schema


class DailyQuerySchema(Schema):
    """``GET /daily/<game>`` query."""

    date = ma.fields.String(
        metadata={
            "description": "YYYY-MM-DD (UTC), today or earlier; default: today",
            "format": "date",
            "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        }
    )


class DailyBoardQuerySchema(Schema):
    """``GET /daily/<game>/<date>/leaderboard`` query."""

    limit = ma.fields.Integer(load_default=20, validate=ma.validate.Range(min=1, max=100))


class DailyResultSchema(Schema):
    """The player's ranked game of a daily (their first game of it, started that day) and its
    own figures: a practice game never shows here."""

    game_id = ma.fields.String(required=True)
    status = ma.fields.String(required=True)
    moves = ma.fields.Integer(required=True)
    elapsed_ms = ma.fields.Integer(required=True)
    rank = ma.fields.Integer(
        required=True, allow_none=True, metadata={"description": "Rank that day (won that day)"}
    )


class DailyItemSchema(Schema):
    """One game's daily deal on one date."""

    game = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    date = ma.fields.String(required=True, metadata={"format": "date"})
    deal = ma.fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "Always null: a daily is a ranked deal, with no public number"},
    )
    deal_id = ma.fields.String(required=True, metadata={"example": "pyramid-daily-2026-12-01"})
    result = ma.fields.Nested(
        DailyResultSchema,
        required=True,
        allow_none=True,
        metadata={"description": "With a token: the player's ranked game of this daily, if any"},
    )
    streak = ma.fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "With a token: the player's current daily streak in this game"},
    )


class DailyTodaySchema(Schema):
    """Today's daily deals."""

    date = ma.fields.String(required=True, metadata={"format": "date"})
    items = ma.fields.List(ma.fields.Nested(DailyItemSchema), required=True)


class DailyBoardSchema(Schema):
    """A daily's leaderboard: each player's first game of that day's daily, won that day."""

    date = ma.fields.String(required=True, metadata={"format": "date"})
    deal_id = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    open = ma.fields.Boolean(
        required=True,
        metadata={"description": "Always false: no one can compute a ranked deal's cards"},
    )
    entries = ma.fields.List(ma.fields.Nested(EntrySchema), required=True)


class RevealSchema(Schema):
    """A closed day's daily deal: its layout and a proven winning line."""

    deal_id = ma.fields.String(required=True, metadata={"example": "pyramid-daily-2026-12-01"})
    game = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    date = ma.fields.String(required=True, metadata={"format": "date"})
    layout = ma.fields.Dict(
        required=True,
        metadata={"description": "The full starting position (the engine's position JSON)"},
    )
    solution = ma.fields.List(
        ma.fields.Dict(), required=True, metadata={"description": "A proven winning line"}
    )
