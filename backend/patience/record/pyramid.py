"""Pyramid's notation: ``p21+w`` (a pair), ``Kp25`` (a king), ``d`` (draw), ``r`` (recycle).

Places are the API's (``p0`` the apex … ``p27``), with ``s`` for the stock's top and ``w``
for the waste's (``stock`` and ``waste`` are read too). A pair keeps the order of its two
places.

>>> [PYRAMID.write(m) for m in ({"type": "pair", "a": "p21", "b": "waste"},
...                             {"type": "king", "at": "stock"}, {"type": "draw"})]
['p21+w', 'Ks', 'd']
>>> PYRAMID.read("p3+p12")
{'type': 'pair', 'a': 'p3', 'b': 'p12'}
"""

from __future__ import annotations

import re

from patience.engine.errors import InvalidMove
from patience.engine.pyramid import (
    STOCK,
    WASTE,
    Draw,
    King,
    Pair,
    Recycle,
    location_name,
    parse_location,
    parse_move,
)
from patience.record.errors import NotationError
from patience.record.notation import Json, engine_move

SHORT = {STOCK: "s", WASTE: "w"}
LONG = {"s": "stock", "w": "waste"}
_PAIR = re.compile(r"([^+]+)\+([^+]+)")


def _place(loc: int) -> str:
    return SHORT.get(loc) or location_name(loc)


def _location(text: str, token: str) -> int:
    try:
        return parse_location(LONG.get(text, text))
    except InvalidMove:
        raise NotationError(
            f"{text!r} in {token!r} is no place: p0…p27, s (the stock) or w (the waste)"
        ) from None


class PyramidNotation:
    """See the module."""

    def write(self, move: Json) -> str:
        typed = engine_move(parse_move, move)
        if isinstance(typed, Pair):
            return f"{_place(typed.a)}+{_place(typed.b)}"
        if isinstance(typed, King):
            return f"K{_place(typed.at)}"
        return "d" if isinstance(typed, Draw) else "r"

    def read(self, token: str) -> Json:
        if token in ("d", "r"):
            return (Draw() if token == "d" else Recycle()).to_dict()
        if token.startswith("K") and len(token) > 1:
            return King(_location(token[1:], token)).to_dict()
        pair = _PAIR.fullmatch(token)
        if pair is None:
            raise NotationError(f"{token!r} is not a Pyramid move: a+b (a pair), K<place>, d or r")
        return Pair(_location(pair[1], token), _location(pair[2], token)).to_dict()


PYRAMID = PyramidNotation()
