"""Forty Thieves moves and locations, parsed at the edge (``"t3"`` → 3, JSON → typed move)."""

from __future__ import annotations

from dataclasses import dataclass

from patience.engine.cards import Card
from patience.engine.errors import InvalidMove
from patience.engine.game import Json, indexed_location, move_type, require_move_fields
from patience.engine.moves import Collect as Collect  # re-exported with the game's moves
from patience.engine.moves import Draw as Draw
from patience.engine.moves import Redeal as Redeal

COLUMNS = 10
FOUNDATIONS = 8
WASTE = 10
FOUNDATION = 11
"""The location ``"foundation"``: the first foundation, in index order, that accepts the card."""
F0 = 12
"""Foundation ``i`` is location ``F0 + i`` (``"f0"…"f7"``)."""
LONGEST_RUN = 13
"""A same-suit descending run holds at most K…A: the relaxed rules' effective limit."""

Pile = tuple[Card, ...]


def location_name(loc: int) -> str:
    """``3 → "t3"``, :data:`WASTE` → ``"waste"``, :data:`FOUNDATION` → ``"foundation"``,
    ``F0 + 2 → "f2"``."""
    if loc < COLUMNS:
        return f"t{loc}"
    if loc == WASTE:
        return "waste"
    return "foundation" if loc == FOUNDATION else f"f{loc - F0}"


def parse_location(text: object) -> int:
    """The inverse of :func:`location_name` (raise :class:`InvalidMove`).

    >>> parse_location("t9"), parse_location("f0"), parse_location("foundation")
    (9, 12, 11)
    """
    if text == "waste":
        return WASTE
    if text == "foundation":
        return FOUNDATION
    column = indexed_location(text, "t", COLUMNS)
    if column is not None:
        return column
    foundation = indexed_location(text, "f", FOUNDATIONS)
    if foundation is not None:
        return F0 + foundation
    raise InvalidMove(f"unknown location {text!r} (expected t0…t9, waste, foundation, f0…f7)")


# -- moves -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardMove:
    """Move the top ``count`` cards of a column (or the waste top) to a column or foundation."""

    src: int
    dst: int
    count: int = 1

    def to_dict(self) -> Json:
        out: Json = {"type": "move", "from": location_name(self.src), "to": location_name(self.dst)}
        if self.count != 1:
            out["count"] = self.count
        return out


FTMove = CardMove | Draw | Redeal | Collect


def parse_move(data: object) -> FTMove:
    """A typed move from API.md's JSON; :class:`InvalidMove` when malformed.

    Malformed (checked before any rule): an unknown type, missing, extra or mistyped fields,
    an unknown location, a source that is not a column or the waste, the waste as a
    destination, a ``count`` that is not a positive integer, and a ``count`` above 1 from the
    waste or to a foundation (those places move one card by definition). A move from a column
    to itself is well-formed and refused by the rules (``does_not_fit``).

    >>> parse_move({"type": "move", "from": "t2", "to": "t5", "count": 3})
    CardMove(src=2, dst=5, count=3)
    >>> parse_move({"type": "move", "from": "waste", "to": "t1", "count": 2})
    Traceback (most recent call last):
    ...
    patience.engine.errors.InvalidMove: only the top card of the waste moves
    """
    kind = move_type(data, ("move", "draw", "redeal", "collect"))
    if kind != "move":
        require_move_fields(data, ())
        return Draw() if kind == "draw" else Redeal() if kind == "redeal" else Collect()
    fields = require_move_fields(data, ("from", "to"), ("count",))
    src, dst = parse_location(fields["from"]), parse_location(fields["to"])
    if src > WASTE:
        raise InvalidMove("cards move from a column or the waste", field="from")
    if dst == WASTE:
        raise InvalidMove("cards move to a column or a foundation", field="to")
    count = fields.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InvalidMove("'count' must be a positive integer", field="count")
    if count > 1 and src == WASTE:
        raise InvalidMove("only the top card of the waste moves", field="count")
    if count > 1 and dst >= FOUNDATION:
        raise InvalidMove("one card at a time goes to a foundation", field="count")
    return CardMove(src, dst, count)
