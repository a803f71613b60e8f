"""The rules of Pyramid, Gaps and Forty Thieves: pure, deterministic, no I/O.

The facade (DESIGN.md, "The engine's JSON face")::

    >>> from patience.engine import new_game, load_position, IllegalMove
    >>> g = new_game("pyramid", deal=8153, options={})
    >>> g.view()["board"]["removed"]
    0
    >>> try:
    ...     g.play({"type": "recycle"})
    ... except IllegalMove as e:
    ...     print(e.reason)
    recycle_stock_not_empty
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience.engine.cards import Card, Suit
from patience.engine.deal import check_deal_number
from patience.engine.errors import (
    CardError,
    EngineError,
    IllegalMove,
    InvalidDeal,
    InvalidMove,
    InvalidOptions,
    InvalidPosition,
    UnknownGame,
)
from patience.engine.forty_thieves import FortyThievesGame
from patience.engine.game import Game
from patience.engine.gaps import GapsGame
from patience.engine.pyramid import PyramidGame

GAMES: dict[str, type[Game[Any, Any]]] = {
    cls.name: cls for cls in (PyramidGame, GapsGame, FortyThievesGame)
}
"""Every game, by its API name."""

__all__ = [
    "GAMES",
    "Card",
    "CardError",
    "EngineError",
    "Game",
    "IllegalMove",
    "InvalidDeal",
    "InvalidMove",
    "InvalidOptions",
    "InvalidPosition",
    "Suit",
    "UnknownGame",
    "catalog",
    "game_class",
    "load_position",
    "new_game",
]


def game_class(name: object) -> type[Game[Any, Any]]:
    """The Game subclass for an API game name (raise :class:`UnknownGame`)."""
    if not isinstance(name, str) or name not in GAMES:
        raise UnknownGame(f"unknown game {name!r} (expected one of {', '.join(GAMES)})")
    return GAMES[name]


def new_game(name: str, *, deal: int, options: object = None) -> Game[Any, Any]:
    """A new game of ``name`` on deal number ``deal`` with ``options`` as in API.md."""
    return game_class(name).new(check_deal_number(deal), options)


def load_position(position: Mapping[str, Any], options: object = None) -> Game[Any, Any]:
    """A game from a full-information position; ``options`` supply the ruleset."""
    if not isinstance(position, Mapping):
        raise InvalidPosition("a position is a JSON object")
    return game_class(position.get("game")).from_position(position, options)


def catalog() -> list[dict[str, Any]]:
    """The games and their options, with defaults and allowed values."""
    return [
        {"game": name, "options": [spec.describe() for spec in cls.option_specs]}
        for name, cls in GAMES.items()
    ]
