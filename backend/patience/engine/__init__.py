"""The rules of Pyramid, Gaps and Forty Thieves: pure, deterministic, no I/O.

Each game is a :class:`Game` subclass with a JSON face (DESIGN.md, "The engine's JSON
face"). The engine keeps no list of its games: which games there are, and a game by its name,
are the registry's (:mod:`patience.games`: ``new_game``, ``start_game``, ``load_position``)::

    >>> from patience.engine import IllegalMove
    >>> from patience.engine.pyramid import PyramidGame
    >>> g = PyramidGame.new(8153)
    >>> g.view()["board"]["removed"]
    0
    >>> try:
    ...     g.play({"type": "recycle"})
    ... except IllegalMove as e:
    ...     print(e.reason)
    recycle_stock_not_empty
"""

from __future__ import annotations

from patience.engine.cards import Card, Suit
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

__all__ = [
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
]
