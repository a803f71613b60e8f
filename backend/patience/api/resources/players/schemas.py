"""Schemas of the players resource."""

from __future__ import annotations

import re
from typing import Any

import marshmallow as ma

from patience.api.smorest import Schema

NAME_MAX = 24
_HIDDEN = r"\x00-\x1f\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff"
"""Characters no name may hold: controls and format characters (invisible, or turning the
text around)."""
_SPACES = r"\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
"""Whitespace other than the plain space and the controls (which ``str.strip`` removes too)."""
_AROUND = rf"[ {_SPACES}\t\n\x0b\x0c\r\x1c-\x1f]*"
NAME_PATTERN = (
    rf"^{_AROUND}[^ {_SPACES}{_HIDDEN}]"
    rf"(?:[^{_SPACES}{_HIDDEN}]{{0,{NAME_MAX - 2}}}[^ {_SPACES}{_HIDDEN}])?{_AROUND}$"
)
"""A display name, exactly: whitespace around it is trimmed off; inside, 1–24 characters,
none hidden, spaces only as plain spaces (every class spelled out: the document states the
same pattern, and ``\\s`` means different things to different regex engines)."""
_NAME = re.compile(NAME_PATTERN)


class Name(ma.fields.String):
    """A display name: trimmed, then 1–24 visible characters (:data:`NAME_PATTERN`).

    >>> Name().deserialize("  Ann Lee "), Name().deserialize("Zoë")
    ('Ann Lee', 'Zoë')
    """

    def __init__(self, **kwargs: Any) -> None:
        description = f"Display name: 1–{NAME_MAX} visible characters, trimmed"
        super().__init__(metadata={"description": description, "pattern": NAME_PATTERN}, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        if not _NAME.fullmatch(text):
            raise ma.ValidationError(f"a name is 1 to {NAME_MAX} visible characters")
        return text.strip()


class NewPlayerSchema(Schema):
    """``POST /players`` body."""

    name = Name()


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
