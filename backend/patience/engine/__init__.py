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

import importlib
import pkgutil
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
from patience.engine.game import Game


def _games_of_this_package() -> dict[str, type[Game[Any, Any]]]:
    """Every game whose rules live in this package: each module (or subpackage) is imported
    and every named :class:`Game` subclass it defines is listed, so a new game's module is
    found without a list to edit."""
    found: dict[str, type[Game[Any, Any]]] = {}
    for module in pkgutil.iter_modules(__path__, f"{__name__}."):
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, type) and issubclass(value, Game) and "name" in vars(value):
                found[value.name] = value
    return found


GAMES: dict[str, type[Game[Any, Any]]] = _games_of_this_package()
"""Every game, by its API name: this package's own, and any other the registry
(:func:`patience.games.register`) adds."""

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
    "game_class",
    "load_position",
    "new_game",
    "start_game",
]


def game_class(name: object) -> type[Game[Any, Any]]:
    """The Game subclass for an API game name (raise :class:`UnknownGame`)."""
    if not isinstance(name, str) or name not in GAMES:
        raise UnknownGame(f"unknown game {name!r} (expected one of {', '.join(GAMES)})")
    return GAMES[name]


def new_game(name: str, *, deal: int, options: object = None) -> Game[Any, Any]:
    """A new game of ``name`` on deal number ``deal`` with ``options`` as in API.md."""
    return game_class(name).new(check_deal_number(deal), options)


def start_game(name: str, deal: int | Mapping[str, Any], options: object = None) -> Game[Any, Any]:
    """A new game of a deal: a deal number, or the stored starting position of a deal
    without one (a ranked deal, :meth:`Game.ranked`)."""
    if isinstance(deal, Mapping):
        return game_class(name).from_start(deal, options)
    return new_game(name, deal=deal, options=options)


def load_position(position: Mapping[str, Any], options: object = None) -> Game[Any, Any]:
    """A game from a full-information position; ``options`` supply the ruleset."""
    if not isinstance(position, Mapping):
        raise InvalidPosition("a position is a JSON object")
    return game_class(position.get("game")).from_position(position, options)
