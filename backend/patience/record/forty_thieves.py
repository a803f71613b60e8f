"""Forty Thieves' notation: ``t2>t5x3`` (three cards from column t2 onto t5), ``w>f`` (the
waste's top to a foundation the server picks), ``t4>f2`` (to foundation f2), ``d`` (draw),
``R`` (redeal), ``C`` (collect).

Places are the API's: columns ``t0``…``t9`` (shown 1–10 on the table), ``w`` the waste,
``f`` any foundation, ``f0``…``f7`` one foundation; ``x<n>`` counts the cards of a run (left
out for one card).

>>> FORTY_THIEVES.write({"type": "move", "from": "t2", "to": "t5", "count": 3})
't2>t5x3'
>>> FORTY_THIEVES.read("w>f")
{'type': 'move', 'from': 'waste', 'to': 'foundation'}
"""

from __future__ import annotations

import re

from patience.engine.errors import InvalidMove
from patience.engine.forty_thieves import (
    FOUNDATION,
    WASTE,
    CardMove,
    Collect,
    Draw,
    Redeal,
    location_name,
    parse_move,
)
from patience.record.errors import NotationError
from patience.record.notation import Json, engine_move

SHORT = {WASTE: "w", FOUNDATION: "f"}
LONG = {"w": "waste", "f": "foundation"}
ACTIONS: dict[str, Draw | Redeal | Collect] = {"d": Draw(), "R": Redeal(), "C": Collect()}
_MOVE = re.compile(r"([a-z]+[0-9]*)>([a-z]+[0-9]*)(?:x([1-9][0-9]?))?")


def _place(loc: int) -> str:
    return SHORT.get(loc) or location_name(loc)


class FortyThievesNotation:
    """See the module."""

    def write(self, move: Json) -> str:
        typed = engine_move(parse_move, move)
        if not isinstance(typed, CardMove):
            return next(text for text, action in ACTIONS.items() if action == typed)
        count = "" if typed.count == 1 else f"x{typed.count}"
        return f"{_place(typed.src)}>{_place(typed.dst)}{count}"

    def read(self, token: str) -> Json:
        action = ACTIONS.get(token)
        if action is not None:
            return action.to_dict()
        match = _MOVE.fullmatch(token)
        if match is None:
            raise NotationError(
                f"{token!r} is not a Forty Thieves move: <from>><to>[x<n>], d, R or C"
            )
        source, target = (LONG.get(place, place) for place in (match[1], match[2]))
        data: Json = {"type": "move", "from": source, "to": target}
        if match[3] is not None:
            data["count"] = int(match[3])
        try:
            return parse_move(data).to_dict()
        except InvalidMove as exc:
            raise NotationError(f"{token!r}: {exc.message}") from None


FORTY_THIEVES = FortyThievesNotation()
