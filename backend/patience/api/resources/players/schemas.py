"""Schemas of the players resource."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import marshmallow as ma

from patience.api.resources.games.schemas import GAME_NAMES
from patience.api.smorest import Choices, Schema, UnionSchema, fair_play_field, tag

NAME_MAX = 24
LABEL_MAX = 40
_HIDDEN = r"\x00-\x1f\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff"
"""Characters no name may hold: controls and format characters (invisible, or turning the
text around)."""
_SPACES = r"\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
"""Whitespace other than the plain space and the controls (which ``str.strip`` removes too)."""
_AROUND = rf"[ {_SPACES}\t\n\x0b\x0c\r\x1c-\x1f]*"


def visible_pattern(longest: int) -> str:
    """1 to ``longest`` visible characters, exactly: whitespace around them is trimmed off;
    inside, none hidden, spaces only as plain spaces (every class spelled out: the document
    states the same pattern, and ``\\s`` means different things to different regex
    engines)."""
    return (
        rf"^{_AROUND}[^ {_SPACES}{_HIDDEN}]"
        rf"(?:[^{_SPACES}{_HIDDEN}]{{0,{longest - 2}}}[^ {_SPACES}{_HIDDEN}])?{_AROUND}$"
    )


NAME_PATTERN = visible_pattern(NAME_MAX)
"""A display name."""
LABEL_PATTERN = visible_pattern(LABEL_MAX)
"""A device's label."""


class Name(ma.fields.String):
    """A display name: trimmed, then 1–24 visible characters (:data:`NAME_PATTERN`).

    >>> Name().deserialize("  Ann Lee "), Name().deserialize("Zoë")
    ('Ann Lee', 'Zoë')
    """

    what = "a name"
    longest = NAME_MAX
    pattern = NAME_PATTERN
    description = f"Display name: 1–{NAME_MAX} visible characters, trimmed"

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": self.description, "pattern": self.pattern}
        super().__init__(metadata=metadata, **kwargs)
        self._compiled = re.compile(self.pattern)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        if not self._compiled.fullmatch(text):
            raise ma.ValidationError(f"{self.what} is 1 to {self.longest} visible characters")
        return text.strip()


class Label(Name):
    """A device's label: trimmed, then 1–40 visible characters (:data:`LABEL_PATTERN`)."""

    what = "a label"
    longest = LABEL_MAX
    pattern = LABEL_PATTERN
    description = (
        f"What the device is called in the devices list: 1–{LABEL_MAX} visible characters "
        "(default: from its browser)"
    )


class NewPlayerSchema(Schema):
    """``POST /players`` body."""

    name = Name()
    label = Label()


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

    game = ma.fields.String(metadata={"description": "Only this game", **GAME_NAMES})
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
    fair_play = fair_play_field()
    game_id = ma.fields.String(required=True, metadata={"description": "The won game (replay)"})
    finished_at = ma.fields.String(required=True, metadata={"format": "date-time"})


class BestsSchema(Schema):
    """A page of personal bests, newest first."""

    items = ma.fields.List(ma.fields.Nested(BestSchema), required=True)
    page = ma.fields.Integer(required=True)
    pages = ma.fields.Integer(required=True)


class LinkCodeSchema(Schema):
    """A one-time code that signs another device in as this player."""

    code = ma.fields.String(
        required=True,
        metadata={
            "description": "10 letters and digits, shown XXXXX-XXXXX",
            "example": "7KQ2M-XR4PT",
        },
    )
    expires_at = ma.fields.String(
        required=True, metadata={"format": "date-time", "description": "10 minutes from now"}
    )


class RedeemSchema(Schema):
    """``POST /players/link`` body."""

    code = ma.fields.String(
        required=True,
        validate=ma.validate.Length(max=64),
        metadata={"description": "The code, as shown (case, spaces and dashes do not matter)"},
    )
    label = Label()


class DeviceSchema(Schema):
    """One device signed in as the player."""

    id = ma.fields.String(required=True)
    label = ma.fields.String(required=True)
    created_at = ma.fields.String(required=True, metadata={"format": "date-time"})
    last_used_at = ma.fields.String(
        required=True,
        metadata={
            "format": "date-time",
            "description": "Its last change (a move, ...), to the minute; reads do not count",
        },
    )
    current = ma.fields.Boolean(required=True, metadata={"description": "This request's device"})


class DevicesSchema(Schema):
    """The devices signed in as the player, the first signed in first."""

    items = ma.fields.List(ma.fields.Nested(DeviceSchema), required=True)


class DeletePlayerSchema(Schema):
    """``DELETE /players/me`` body: the player's name, as a confirmation."""

    confirm = ma.fields.String(
        required=True,
        validate=ma.validate.Length(max=100),
        metadata={"description": "The player's name, exactly as shown"},
    )


class ExportPlayerSchema(Schema):
    """The export's first line: the player, with the devices signed in as them."""

    type = tag("player")
    id = ma.fields.String(required=True)
    name = ma.fields.String(required=True)
    created_at = ma.fields.String(required=True, metadata={"format": "date-time"})
    devices = ma.fields.List(ma.fields.Nested(DeviceSchema), required=True)


class ExportStatsSchema(Schema):
    """The export's second line: the statistics per game (as in ``GET /players/me``)."""

    type = tag("stats")
    stats = ma.fields.Dict(
        keys=ma.fields.String(), values=ma.fields.Nested(GameStatsSchema), required=True
    )


class ExportGameSchema(Schema):
    """A line per game, oldest first: the game and its record."""

    type = tag("game")
    id = ma.fields.String(required=True)
    game = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    deal_id = ma.fields.String(required=True)
    status = ma.fields.String(required=True, metadata={"description": "playing, won or resigned"})
    created_at = ma.fields.String(required=True, metadata={"format": "date-time"})
    finished_at = ma.fields.String(required=True, allow_none=True, metadata={"format": "date-time"})
    record = ma.fields.String(
        required=True, metadata={"description": "The game's record (docs/record.md)"}
    )


class ExportLineSchema(UnionSchema):
    """One line of ``GET /players/me/export`` (NDJSON), by ``type``."""

    tag = "type"
    choices: ClassVar[Choices] = {
        "player": ExportPlayerSchema,
        "stats": ExportStatsSchema,
        "game": ExportGameSchema,
    }
