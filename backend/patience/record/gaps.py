"""Gaps' notation: ``6H>r1c5`` (that card into that gap), ``R`` (redeal).

Cards in SPEC.md notation (``10H`` is read as ``TH``), gaps as the API's ``r<row>c<column>``
(rows 0–3, columns 0–12).

>>> GAPS.write({"type": "move", "card": "6H", "to": "r1c5"}), GAPS.read("R")
('6H>r1c5', {'type': 'redeal'})
>>> GAPS.read("10c>r0c1")
{'type': 'move', 'card': 'TC', 'to': 'r0c1'}
"""

from __future__ import annotations

from patience.engine.cards import Card
from patience.engine.errors import CardError, InvalidMove
from patience.engine.gaps import Place, Redeal, location_name, parse_location, parse_move
from patience.record.errors import NotationError
from patience.record.notation import Json, engine_move


class GapsNotation:
    """See the module."""

    def write(self, move: Json) -> str:
        typed = engine_move(parse_move, move)
        if isinstance(typed, Place):
            return f"{typed.card}>{location_name(typed.to)}"
        return "R"

    def read(self, token: str) -> Json:
        if token == "R":
            return Redeal().to_dict()
        card_text, arrow, gap = token.partition(">")
        if not arrow:
            raise NotationError(f"{token!r} is not a Gaps move: <card>><gap> or R")
        try:
            return Place(Card.parse(card_text), parse_location(gap)).to_dict()
        except CardError:
            raise NotationError(f"{card_text!r} in {token!r} is no card") from None
        except InvalidMove:
            raise NotationError(f"{gap!r} in {token!r} is no place: r0c0…r3c12") from None


GAPS = GapsNotation()
