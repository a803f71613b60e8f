"""Path parameters, documented exactly: each kind of path segment is a URL converter that
routes as before (a segment the document rules out still reaches its route, which answers it
with the reason of its own: ``unknown_game``, ``invalid_deal``, ``game_not_found``, ...) and
tells the OpenAPI document what the server accepts, so a generated client knows it.

>>> from werkzeug.routing import Map
>>> GameId(Map()).schema()["pattern"], DealNumber(Map()).schema()["maximum"]
('^[0-9a-f]{32}$', 4294967295)
"""

from __future__ import annotations

from typing import Any

from werkzeug.routing import BaseConverter, IntegerConverter

from patience import games
from patience.engine.deal import MAX_DEAL
from patience.jobs import SOLVE_ID
from patience.service.devices import DEVICE_ID
from patience.service.games import GAME_ID

Json = dict[str, Any]


class Documented(BaseConverter):
    """A path segment with its OpenAPI schema."""

    def schema(self) -> Json:
        return {"type": "string", "minLength": 1}


class GameName(Documented):
    """A registered game's API name."""

    def schema(self) -> Json:
        return {"type": "string", "enum": [entry.name for entry in games.entries()]}


class DailyGame(Documented):
    """A game with daily deals."""

    def schema(self) -> Json:
        names = [e.name for e in games.entries() if e.daily_ruleset is not None]
        return {"type": "string", "enum": names}


class GameId(Documented):
    """A game's id: a UUID's 32 hex digits."""

    def schema(self) -> Json:
        return {"type": "string", "pattern": f"^{GAME_ID.pattern}$"}


class DeviceId(Documented):
    """A device's id (one of the player's tokens): 32 hex digits."""

    def schema(self) -> Json:
        return {"type": "string", "pattern": f"^{DEVICE_ID.pattern}$"}


class JobId(Documented):
    """A ``/solve`` job's id."""

    def schema(self) -> Json:
        return {"type": "string", "pattern": f"^{SOLVE_ID.pattern}$"}


class IsoDate(Documented):
    """A UTC date, ``YYYY-MM-DD``."""

    def schema(self) -> Json:
        return {"type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}


class DealNumber(IntegerConverter, Documented):
    """A deal number, 1 … 2^32−1 (0 and larger numbers still reach the route: 400)."""

    def schema(self) -> Json:
        return {"type": "integer", "minimum": 1, "maximum": MAX_DEAL}


class Step(IntegerConverter, Documented):
    """A replay step, 0 (the deal) upwards (a negative one still reaches the route: 404)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **(kwargs | {"signed": True}))

    def schema(self) -> Json:
        return {"type": "integer", "minimum": 0}


CONVERTERS: dict[str, type[Documented]] = {
    "game": GameName,
    "daily_game": DailyGame,
    "game_id": GameId,
    "device_id": DeviceId,
    "job_id": JobId,
    "date": IsoDate,
    "deal": DealNumber,
    "step": Step,
}
"""Each converter by the name routes use (``<game_id:game_id>``)."""


def document(converter: Documented) -> Json:
    """The OpenAPI schema of a path segment (flask-smorest's converter hook)."""
    return converter.schema()
