"""Schemas of the deals resource."""

from __future__ import annotations

import marshmallow as ma

from patience import games
from patience.api.resources.games.schemas import ParSchema
from patience.api.rulesets import rulesets
from patience.api.smorest import Schema, fair_play_field


class DealQuerySchema(Schema):
    """``GET /deals/<game>/<number>`` query."""

    ruleset = ma.fields.String(
        metadata={
            "description": "A ruleset of the game (default: its default ruleset); another "
            "game's ruleset names no deal of this one (404)",
            "enum": sorted({r for entry in games.entries() for r in rulesets(entry.name)}),
        }
    )


class LeaderboardQuerySchema(DealQuerySchema):
    """``GET /deals/<game>/<number>/leaderboard`` query."""

    limit = ma.fields.Integer(load_default=20, validate=ma.validate.Range(min=1, max=100))


class DealSchema(Schema):
    """A deal and how often it was played and won."""

    deal_id = ma.fields.String(required=True)
    game = ma.fields.String(required=True)
    number = ma.fields.Integer(required=True)
    ruleset = ma.fields.String(required=True)
    winnable = ma.fields.Boolean(required=True, allow_none=True)
    difficulty = ma.fields.String(required=True, allow_none=True)
    plays = ma.fields.Integer(required=True)
    wins = ma.fields.Integer(required=True)
    par = ma.fields.Nested(ParSchema, required=True, allow_none=True)


class EntrySchema(Schema):
    """One player's best on the deal."""

    rank = ma.fields.Integer(required=True)
    player = ma.fields.String(required=True)
    moves = ma.fields.Integer(required=True)
    elapsed_ms = ma.fields.Integer(required=True)
    hints = ma.fields.Integer(required=True)
    undos = ma.fields.Integer(required=True)
    pauses = ma.fields.Integer(
        required=True, metadata={"description": "Times the clock was paused"}
    )
    solver_assisted = ma.fields.Boolean(
        required=True,
        metadata={"description": "The player asked for the deal's solution before this win"},
    )
    fair_play = fair_play_field()
    game_id = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": (
                "The won game (replay); null on an open ranked day's board for others' wins"
            )
        },
    )
    finished_at = ma.fields.String(required=True, metadata={"format": "date-time"})


class LeaderboardSchema(Schema):
    """Verified wins on a deal: fewest moves, then shortest time, then earliest."""

    deal_id = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    open = ma.fields.Boolean(
        required=True,
        metadata={"description": "Always true: a numbered deal's cards follow from its number"},
    )
    entries = ma.fields.List(ma.fields.Nested(EntrySchema), required=True)
