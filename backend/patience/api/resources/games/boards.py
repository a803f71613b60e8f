"""The typed JSON face of each game: its board, its moves, and its GameView, as API.md gives
them. A GameView is a union discriminated by ``game``; a game's moves, a union discriminated
by ``type``. The client's types are generated from these (``npm run gen:api``)."""

from __future__ import annotations

from typing import Any, ClassVar

import marshmallow as ma

from patience.api.smorest import Choices, Schema, UnionSchema, tag

CARD = r"^[A2-9TJQK][SHDC]$"


def card(**kwargs: Any) -> ma.fields.String:
    """A card in the notation of SPEC.md (output always uses ``T`` for ten)."""
    return ma.fields.String(validate=ma.validate.Regexp(CARD), **kwargs)


def cards(**kwargs: Any) -> ma.fields.List[Any]:
    return ma.fields.List(card(), **kwargs)


def place(**kwargs: Any) -> ma.fields.String:
    return ma.fields.String(**kwargs)


# -- Pyramid -----------------------------------------------------------------------------------


class PyramidPile(Schema):
    """The stock or the waste: how many cards, and the face-up top (``null`` when empty)."""

    count = ma.fields.Integer(required=True)
    top = card(required=True, allow_none=True)


class PyramidBoard(Schema):
    """Pyramid: 28 places row by row (``p0`` apex … ``p21``–``p27`` bottom row)."""

    pyramid = ma.fields.List(card(allow_none=True), required=True)
    available = ma.fields.List(place(), required=True, metadata={"description": "Uncovered"})
    stock = ma.fields.Nested(PyramidPile, required=True)
    waste = ma.fields.Nested(PyramidPile, required=True)
    pass_ = ma.fields.Integer(required=True, data_key="pass")
    max_passes = ma.fields.Integer(required=True)
    removed = ma.fields.Integer(required=True)


class PyramidPair(Schema):
    type = tag("pair")
    a = place(required=True, metadata={"example": "p21"})
    b = place(required=True, metadata={"example": "waste"})


class PyramidKing(Schema):
    type = tag("king")
    at = place(required=True, metadata={"example": "p25"})


class Draw(Schema):
    type = tag("draw")


class Recycle(Schema):
    type = tag("recycle")


class Redeal(Schema):
    type = tag("redeal")


class Collect(Schema):
    type = tag("collect")


class PyramidMove(UnionSchema):
    """A Pyramid move."""

    tag = "type"
    choices: ClassVar[Choices] = {
        "pair": PyramidPair,
        "king": PyramidKing,
        "draw": Draw,
        "recycle": Recycle,
    }


# -- Gaps --------------------------------------------------------------------------------------


class GapsBoard(Schema):
    """Gaps: 4 rows of 13 places (``r<row>c<col>``), ``null`` for a gap."""

    grid = ma.fields.List(ma.fields.List(card(allow_none=True)), required=True)
    redeals_left = ma.fields.Raw(
        required=True,
        metadata={"oneOf": [{"type": "integer"}, {"type": "string", "enum": ["unlimited"]}]},
    )
    fits = ma.fields.Dict(
        keys=place(),
        values=cards(),
        metadata={"description": "Which card fits each gap (only with the show_fits option)"},
    )


class GapsPlace(Schema):
    type = tag("move")
    card = card(required=True, metadata={"example": "6H"})
    to = place(required=True, metadata={"example": "r1c5"})


class GapsMove(UnionSchema):
    """A Gaps move."""

    tag = "type"
    choices: ClassVar[Choices] = {"move": GapsPlace, "redeal": Redeal}


# -- Forty Thieves -----------------------------------------------------------------------------


class Foundation(Schema):
    suit = ma.fields.String(required=True, allow_none=True, metadata={"description": "S H D C"})
    top = card(required=True, allow_none=True)
    count = ma.fields.Integer(required=True)


class FortyThievesStock(Schema):
    count = ma.fields.Integer(required=True)


class FortyThievesWaste(Schema):
    count = ma.fields.Integer(required=True)
    cards = cards(required=True, metadata={"description": "The seen waste cards, bottom→top"})


class MaxRun(Schema):
    to_card = ma.fields.Integer(required=True)
    to_empty = ma.fields.Integer(required=True)


class FortyThievesBoard(Schema):
    """Forty Thieves: 10 columns (``t0``…``t9``, bottom→top), 8 foundations, stock, waste."""

    tableau = ma.fields.List(cards(), required=True)
    foundations = ma.fields.List(ma.fields.Nested(Foundation), required=True)
    stock = ma.fields.Nested(FortyThievesStock, required=True)
    waste = ma.fields.Nested(FortyThievesWaste, required=True)
    redeals_left = ma.fields.Integer(required=True)
    max_run = ma.fields.Nested(MaxRun, required=True)
    can_collect = ma.fields.Boolean(required=True)


class FortyThievesCardMove(Schema):
    type = tag("move")
    from_ = place(required=True, data_key="from", metadata={"example": "t2"})
    to = place(required=True, metadata={"example": "foundation"})
    count = ma.fields.Integer(metadata={"description": "Cards of a run moved (1 when absent)"})


class FortyThievesMove(UnionSchema):
    """A Forty Thieves move."""

    tag = "type"
    choices: ClassVar[Choices] = {
        "move": FortyThievesCardMove,
        "draw": Draw,
        "redeal": Redeal,
        "collect": Collect,
    }


# -- GameViews ---------------------------------------------------------------------------------


class UntypedBoard(Schema):
    """A board the API has no schema for (a newly registered game): served as the engine
    gives it."""

    class Meta:
        unknown = ma.INCLUDE


class UntypedMove(Schema):
    """A move of a game the API has no schema for."""

    class Meta:
        unknown = ma.INCLUDE


def board_and_move(game: str) -> tuple[type[Schema], type[Schema]]:
    """The board and move schemas of ``game`` (untyped for a game without its own)."""
    return BOARDS.get(game, (UntypedBoard, UntypedMove))


BOARDS: dict[str, tuple[type[Schema], type[UnionSchema]]] = {
    "pyramid": (PyramidBoard, PyramidMove),
    "gaps": (GapsBoard, GapsMove),
    "forty-thieves": (FortyThievesBoard, FortyThievesMove),
}
"""Each game's board and move schemas."""
