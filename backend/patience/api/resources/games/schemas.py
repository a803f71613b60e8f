"""Schemas of the games resource: the catalog, GameView and the action bodies."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import marshmallow as ma
from flask import request

from patience import games
from patience.api.errors import ApiError
from patience.api.resources.games.boards import BOARDS, board_and_move
from patience.api.rulesets import options_schema
from patience.api.smorest import Choices, Schema, StrictBoolean, UnionSchema, tag
from patience.solver.hints import REASONS

MAX_VERSION = 2**31 - 1
IF_MATCH = re.compile(r'^\s*(?:W/)?"?(\d{1,9})"?\s*$')
GAME_NAMES = {"enum": [entry.name for entry in games.entries()]}
"""The registered games, as documented (a game registered later is served all the same)."""
DEAL_RANGE = {"minimum": 1, "maximum": 2**32 - 1}
MOVES = [moves for _, moves in BOARDS.values()]
"""Every typed game's moves: a move is one of them (which one, the game decides)."""

Timestamp = ma.fields.String
"""Timestamps are RFC 3339 text (already formatted by :mod:`patience.api.play`)."""


class OptionSchema(Schema):
    """One option of a game."""

    name = ma.fields.String(required=True)
    default = ma.fields.Raw(required=True)
    allowed = ma.fields.List(ma.fields.Raw(), required=True)
    in_ruleset = ma.fields.Boolean(required=True)
    description = ma.fields.String(required=True)


class CatalogGameSchema(Schema):
    """One game, its options and rulesets."""

    game = ma.fields.String(required=True, metadata={"description": "The API name"})
    title = ma.fields.String(required=True, metadata={"description": "The display name"})
    summary = ma.fields.String(required=True, metadata={"description": "The aim, in a line"})
    options = ma.fields.List(ma.fields.Nested(OptionSchema), required=True)
    rulesets = ma.fields.List(ma.fields.String(), required=True)
    default_ruleset = ma.fields.String(required=True)


class CatalogSchema(Schema):
    """Every game the server offers."""

    games = ma.fields.List(ma.fields.Nested(CatalogGameSchema), required=True)


def by_game(body: type[Schema]) -> type[UnionSchema]:
    """``body`` documented exactly, game by game: a union told apart by ``game`` whose choice
    for each registered game names it and states its options (:func:`options_schema`). The
    body loads as ``body`` itself, so that the service words each refusal (``unknown_game``,
    ``invalid_options``, ...)."""

    def choice(name: str, title: str) -> type[Schema]:
        fields = {
            "game": tag(name),
            "options": ma.fields.Dict(metadata=options_schema(name)),
            "Meta": type("Meta", (body.Meta,), {"title": f"{body.__name__} ({title})"}),
        }
        return type(f"{title.replace(' ', '')}{body.__name__}", (body,), fields)

    def load(self: UnionSchema, data: Any, *args: Any, **kwargs: Any) -> Any:
        return body().load(data, *args, **kwargs)

    choices = {entry.name: choice(entry.name, entry.title) for entry in games.entries()}
    return type(
        body.__name__ + "ByGame",
        (UnionSchema,),
        {"tag": "game", "choices": choices, "load": load, "__doc__": body.__doc__},
    )


class NewGameBody(Schema):
    """``POST /games`` body."""

    game = ma.fields.String(
        required=True, metadata={"description": "A game of GET /games/catalog", **GAME_NAMES}
    )
    deal = ma.fields.Integer(
        strict=True,
        metadata={"description": "Deal number 1 … 2^32−1 (random when absent)", **DEAL_RANGE},
    )
    options = ma.fields.Dict(
        keys=ma.fields.String(), metadata={"description": "Options of the game (see catalog)"}
    )
    daily = StrictBoolean(
        metadata={"description": "Start today's daily deal (UTC) of the game's default ruleset"}
    )
    date = ma.fields.String(
        metadata={
            "description": (
                "With daily: the day whose daily deal to play (YYYY-MM-DD, default today; an "
                "earlier day's is practice, never ranked), as a daily deal ID names it"
            ),
            "format": "date",
            "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        }
    )


NewGameSchema = by_game(NewGameBody)


class PersonalBestSchema(Schema):
    """How a result compares with the player's best on the deal."""

    previous = ma.fields.Integer(required=True, allow_none=True)
    improved = ma.fields.Boolean(required=True)


class ParSchema(Schema):
    """A deal's par: the fewest moves of any known winning line."""

    moves = ma.fields.Integer(required=True)
    proven = ma.fields.Boolean(
        required=True, metadata={"description": "An optimal search proved no line is shorter"}
    )
    source = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["solver", "player"]),
        metadata={"description": "Found by the solver, or by a player's (replayed) win"},
    )


class ResultSchema(Schema):
    """The result of a finished game."""

    moves = ma.fields.Integer(required=True)
    elapsed_ms = ma.fields.Integer(required=True)
    undos = ma.fields.Integer(required=True)
    hints = ma.fields.Integer(required=True)
    progress = ma.fields.Integer(
        metadata={
            "description": "Cards cleared: removed from the pyramid (Pyramid), in place in the "
            "rows' runs (Gaps), on the foundations (Forty Thieves)"
        }
    )
    removed = ma.fields.Integer(
        required=True, metadata={"description": "The same as progress (its first name)"}
    )
    pauses = ma.fields.Integer(metadata={"description": "Times the clock was paused"})
    solver_assisted = ma.fields.Boolean(
        metadata={"description": "The player asked for the deal's solution before winning"}
    )
    personal_best = ma.fields.Nested(PersonalBestSchema, required=True)
    par = ma.fields.Nested(
        ParSchema,
        allow_none=True,
        metadata={"description": "The deal's par once the game is over (never during play)"},
    )


class GameViewFields(Schema):
    """What every game's GameView has (its board and moves are the game's own)."""

    id = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    options = ma.fields.Dict(required=True)
    deal = ma.fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "The deal number; null for a ranked deal (a daily)"},
    )
    deal_id = ma.fields.String(
        required=True,
        metadata={"example": "pyramid-8153", "description": "Or pyramid-daily-2026-12-01"},
    )
    daily = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={"format": "date", "description": "The UTC date whose daily deal this is"},
    )
    ranked = ma.fields.Boolean(
        required=True,
        metadata={
            "description": "This game is its player's ranked game of its day (their first "
            "game of that daily, started that day); false for practice and numbered deals"
        },
    )
    status = ma.fields.String(
        required=True, validate=ma.validate.OneOf(["playing", "won", "resigned"])
    )
    version = ma.fields.Integer(required=True)
    moves = ma.fields.Integer(required=True, metadata={"description": "Length of the move line"})
    undos = ma.fields.Integer(required=True)
    hints = ma.fields.Integer(required=True)
    elapsed_ms = ma.fields.Integer(required=True)
    clock_running = ma.fields.Boolean(required=True)
    notices = ma.fields.List(ma.fields.String(), required=True)
    result = ma.fields.Nested(ResultSchema, required=True, allow_none=True)
    created_at = Timestamp(required=True, metadata={"format": "date-time"})
    finished_at = Timestamp(required=True, allow_none=True, metadata={"format": "date-time"})


def _game_view(name: str, title: str) -> type[Schema]:
    """The GameView of one game: the shared fields, its board and its legal moves."""
    board, move = board_and_move(name)
    fields = {
        "game": tag(name),
        "board": ma.fields.Nested(
            board,
            required=True,
            allow_none=True,
            metadata={
                "description": "null while the clock is paused (so paused time cannot "
                "be spent studying the table)"
            },
        ),
        "legal_moves": ma.fields.List(ma.fields.Nested(move), required=True),
        "__doc__": f"A game of {title} as its player sees it (no unseen card, ever).",
    }
    return type(f"{title.replace(' ', '')}GameView", (GameViewFields,), fields)


def _move_result(view: type[Schema]) -> type[Schema]:
    events = ma.fields.List(
        ma.fields.Dict(),
        required=True,
        metadata={
            "description": (
                "What the move did: the single-card steps of a run move, cards sent up on their "
                "own, ..."
            )
        },
    )
    name = view.__name__.replace("GameView", "MoveResult")
    return type(name, (view,), {"events": events, "__doc__": "A GameView after a move."})


GAME_VIEWS = {entry.name: _game_view(entry.name, entry.title) for entry in games.entries()}


class GameViewSchema(UnionSchema):
    """A game as its player sees it, by ``game`` (no unseen card, ever)."""

    tag = "game"
    choices: ClassVar[Choices] = GAME_VIEWS


class MoveResultSchema(UnionSchema):
    """A GameView after a move, with what the move did (``events``)."""

    tag = "game"
    choices: ClassVar[Choices] = {name: _move_result(view) for name, view in GAME_VIEWS.items()}


class AnyMove(ma.fields.Raw):
    """A move: documented as one of the games' moves, and loaded whatever it is (``null``
    included), so that the game itself words what is not one of its moves (400
    ``invalid_move``)."""

    def _validate_missing(self, value: Any) -> None:
        if value is ma.missing:
            super()._validate_missing(value)


class VersionSchema(Schema):
    """Body of an action on a version. ``If-Match: "N"`` may stand for ``version`` (then the
    body may be left out)."""

    version = ma.fields.Integer(
        required=True,
        strict=True,
        validate=ma.validate.Range(min=0, max=MAX_VERSION),
        metadata={"description": 'The version the action is based on (or If-Match: "N")'},
    )

    @ma.pre_load
    def _version_from_if_match(self, data: Any, **kwargs: Any) -> Any:
        """A body without ``version`` takes it from ``If-Match`` (400 when neither says)."""
        if not isinstance(data, dict) or "version" in data:
            return data
        header = request.headers.get("If-Match")
        if header is None:
            raise ApiError(
                400,
                "version_required",
                'send the version in the body or as If-Match: "N"',
                {"version": ["Missing data for required field."]},
            )
        match = IF_MATCH.match(header)
        if match is None:
            raise ApiError(400, "invalid_version", 'If-Match must be "N"', {"If-Match": [header]})
        return {**data, "version": int(match.group(1))}


class MoveSchema(VersionSchema):
    """``POST /games/<id>/moves`` body."""

    move = AnyMove(
        required=True,
        metadata={
            "description": "A move in the game's format, one of its legal_moves (checked by "
            "the game: 400 invalid_move, 422 against the rules)",
            "anyOf": [{"$ref": f"#/components/schemas/{moves.__name__}"} for moves in MOVES],
        },
    )


class ClockSchema(Schema):
    """``POST /games/<id>/clock`` body."""

    running = StrictBoolean(required=True)


class RewindPointSchema(Schema):
    """The latest earlier position of the line from which the deal could still be won."""

    moves_back = ma.fields.Integer(required=True)
    version = ma.fields.Integer(
        required=True, metadata={"description": "The version to send to POST /rewind"}
    )


class AnalysisSchema(Schema):
    """Whether the current position can still be won, as far as a finished proof says."""

    rewind = ma.fields.Nested(
        RewindPointSchema,
        allow_none=True,
        metadata={
            "description": "With a proven unwinnable verdict, once searched: the last winnable "
            "point of the line, or null when even the deal's start was lost; absent while "
            "the search runs or when it could not decide"
        },
    )

    version = ma.fields.Integer(required=True, metadata={"description": "The version analysed"})
    state = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["not_applicable", "pending", "done", "timeout", "unavailable"]),
        metadata={
            "description": "not_applicable while unseen cards remain (honesty rule); timeout "
            "when the search ran out of budget (never reported as unwinnable)"
        },
    )
    verdict = ma.fields.String(
        required=True,
        allow_none=True,
        validate=ma.validate.OneOf(["winnable", "unwinnable"]),
        metadata={"description": "Only with state done"},
    )
    reason = ma.fields.String(required=True, metadata={"description": "Why, when not done"})


class HintSchema(Schema):
    """One move worth making: ``move`` (in the game's format), or ``action`` for a draw,
    with why and whether a search chose it."""

    move = ma.fields.Dict(metadata={"description": "The move to make (absent for a draw)"})
    action = ma.fields.String(
        validate=ma.validate.OneOf(["draw"]),
        metadata={"description": "draw: turn the stock's top card (instead of a move)"},
    )
    reason = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(REASONS),
        metadata={"description": "Why the move is worth making, for the client to word"},
    )
    searched = ma.fields.Boolean(
        required=True,
        metadata={"description": "A solver search chose it (false: search-free advice)"},
    )


class HintResultSchema(Schema):
    """``POST /games/<id>/hint``: one move worth making (counted as a hint)."""

    hint = ma.fields.Nested(
        HintSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "null when no move leads to a position the game has not been in "
            "(following hints never comes back to a position)"
        },
    )
    analysis = ma.fields.Nested(AnalysisSchema, required=True)
    game = ma.fields.Nested(GameViewSchema, required=True)


class ReplaySchema(Schema):
    """A finished game, for anyone to watch step by step from its deal."""

    game_id = ma.fields.String(required=True)
    game = ma.fields.String(required=True)
    deal = ma.fields.Integer(
        required=True, allow_none=True, metadata={"description": "Null for a ranked deal"}
    )
    deal_id = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    options = ma.fields.Dict(required=True)
    player = ma.fields.String(required=True, metadata={"description": "The player's name"})
    status = ma.fields.String(required=True, metadata={"description": "won or resigned"})
    moves = ma.fields.List(
        ma.fields.Dict(), required=True, metadata={"description": "The move line, in order"}
    )
    result = ma.fields.Nested(ResultSchema, required=True)
    created_at = Timestamp(required=True)
    finished_at = Timestamp(required=True)


def _replay_step(name: str, title: str) -> type[Schema]:
    """One step of a finished game of one game: its board then and the move that led there."""
    board, move = board_and_move(name)
    fields = {
        "game": tag(name),
        "game_id": ma.fields.String(required=True),
        "step": ma.fields.Integer(required=True, metadata={"description": "Moves played"}),
        "steps": ma.fields.Integer(required=True, metadata={"description": "Moves in all"}),
        "board": ma.fields.Nested(board, required=True),
        "move": ma.fields.Nested(
            move,
            required=True,
            allow_none=True,
            metadata={"description": "The move that led here (null at step 0)"},
        ),
        "__doc__": f"A step of a finished game of {title}, as its player saw it.",
    }
    return type(f"{title.replace(' ', '')}ReplayStep", (Schema,), fields)


class ReplayStepSchema(UnionSchema):
    """One step of a finished game, by ``game``: the board as its player saw it then."""

    tag = "game"
    choices: ClassVar[Choices] = {
        entry.name: _replay_step(entry.name, entry.title) for entry in games.entries()
    }
