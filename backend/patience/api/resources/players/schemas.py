"""Schemas of the players resource."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from patience.api.smorest import Schema

NAME_MAX = 24


class Name(ma.fields.String):
    """A display name: trimmed, then 1–24 printable characters."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs).strip()
        if not 1 <= len(text) <= NAME_MAX or not text.isprintable():
            raise ma.ValidationError(f"a name is 1 to {NAME_MAX} printable characters")
        return text


class NewPlayerSchema(Schema):
    """``POST /players`` body."""

    name = Name(metadata={"description": "Display name (1–24 printable characters, trimmed)"})


class PlayerCreatedSchema(Schema):
    """A new player and their bearer token (shown only once)."""

    id = ma.fields.String(required=True)
    name = ma.fields.String(required=True)
    token = ma.fields.String(required=True, metadata={"description": "Bearer token"})


class PlayerPatchSchema(Schema):
    """``PATCH /players/me`` body."""

    name = Name(required=True)


class GameStatsSchema(Schema):
    """Statistics for one game."""

    played = ma.fields.Integer(required=True)
    won = ma.fields.Integer(required=True)
    win_rate = ma.fields.Float(required=True)
    current_streak = ma.fields.Integer(required=True)
    best_streak = ma.fields.Integer(required=True)
    daily_streak = ma.fields.Integer(
        required=True, metadata={"description": "Consecutive UTC days with a daily win, to now"}
    )
    best_daily_streak = ma.fields.Integer(required=True)


class PlayerSchema(Schema):
    """A player with statistics per game."""

    id = ma.fields.String(required=True)
    name = ma.fields.String(required=True)
    stats = ma.fields.Dict(
        keys=ma.fields.String(), values=ma.fields.Nested(GameStatsSchema), required=True
    )


class BestsQuerySchema(Schema):
    """``GET /players/me/bests`` query."""

    game = ma.fields.String(metadata={"description": "Only this game"})
    page = ma.fields.Integer(
        load_default=1, validate=ma.validate.Range(min=1, max=1_000_000), metadata={"example": 1}
    )


class BestSchema(Schema):
    """A personal best on one deal and ruleset."""

    deal_id = ma.fields.String(required=True)
    game = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
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
    game_id = ma.fields.String(required=True, metadata={"description": "The won game (replay)"})
    finished_at = ma.fields.String(required=True, metadata={"format": "date-time"})


class BestsSchema(Schema):
    """A page of personal bests, newest first."""

    items = ma.fields.List(ma.fields.Nested(BestSchema), required=True)
    page = ma.fields.Integer(required=True)
    pages = ma.fields.Integer(required=True)
