"""A record replayed through the engine: the game it starts from, and a :class:`Verdict` —
valid, the final status, or the first illegal move with its number, reason and place.

Building the start checks the tags against each other (the deal ID against the game, the
options and ruleset against the game's); replaying plays each move with the engine's rules,
so a record is valid exactly when the server would have accepted its moves one by one.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from patience.engine import (
    Card,
    CardError,
    EngineError,
    Game,
    InvalidOptions,
    InvalidPosition,
    game_class,
)
from patience.engine.options import parse_options
from patience.record.errors import InvalidTag, RecordError
from patience.record.header import Header, Result
from patience.record.text import Place

Json = dict[str, Any]


class DealNotRevealed(RecordError):
    """A ranked deal's record without its layout: the deal is not public (yet), so the record
    cannot be replayed."""

    reason = "deal_not_revealed"


@dataclass(frozen=True)
class Illegal:
    """Why a record is not valid: its first illegal move (``move_number`` from 1, the
    engine's reason), or a claim its moves do not bear out (``move_number`` ``None``:
    ``result_mismatch``, ``moves_mismatch``)."""

    move_number: int | None
    reason: str
    message: str
    line: int
    column: int


@dataclass(frozen=True)
class Verdict:
    """What replaying a record found."""

    valid: bool
    status: Result
    """``won`` when the moves win; else the record's own ``resigned`` or ``playing``."""
    moves: int
    """The moves that were legal, in order (all of them when valid)."""
    error: Illegal | None
    game: str
    ruleset: str
    deal_id: str

    def to_json(self) -> Json:
        return asdict(self)


def _tag_error(header: Header, tag: str, message: str) -> InvalidTag:
    place = header.place(tag)
    return InvalidTag(message, line=place.line, column=place.column)


def start_game(header: Header) -> Game[Any, Any]:
    """The game a record starts from: the numbered deal its ID names, or its layout (raise
    :class:`InvalidTag` for tags that disagree, :class:`DealNotRevealed`)."""
    cls = game_class(header.game)
    options = _options(cls, header)
    number = header.number()
    if number is not None:
        if header.layout is not None:
            raise _tag_error(
                header,
                "Layout",
                "a numbered deal's record has no layout: its deal ID names its cards",
            )
        return cls.new(number, options)
    if header.layout is None:
        place = header.place("DealId")
        raise DealNotRevealed(
            f"{header.deal_id} is a ranked deal: its record can be checked once the deal is "
            "revealed (a Layout tag)",
            line=place.line,
            column=place.column,
        )
    try:
        game = cls.from_position({**header.layout, "seen": []}, options)
    except InvalidPosition as exc:
        raise _tag_error(header, "Layout", exc.message) from None
    # A start is a whole deal: every card the game deals, each as often as it deals it (a
    # layout of the cards a player chose, a solved grid say, is no deal).
    if _cards(header.layout) != _cards(cls.new(1, options).position()):
        raise _tag_error(header, "Layout", f"a layout holds the whole deal of {cls.name}")
    return game


def _cards(position: Any) -> Counter[str]:
    """The cards a position (JSON) holds, wherever they lie in it, but those seen."""
    found: Counter[str] = Counter()
    stack = [value for key, value in position.items() if key != "seen"]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            with contextlib.suppress(CardError):  # not a card: a name, a ruleset
                found[str(Card.parse(value))] += 1
    return found


def _options(cls: type[Game[Any, Any]], header: Header) -> dict[str, Any]:
    """The game's options: the Options tag's, else the Ruleset's; checked against both."""
    known = cls.ruleset_options()
    if header.options is None:
        if header.ruleset is None:
            return parse_options(cls.option_specs, None)
        if header.ruleset not in known:
            raise _tag_error(
                header,
                "Ruleset",
                f"{cls.name} has no ruleset {header.ruleset!r} (one of {', '.join(known)})",
            )
        return known[header.ruleset]
    try:
        options = parse_options(cls.option_specs, header.options)
    except InvalidOptions as exc:
        raise _tag_error(header, "Options", exc.message) from None
    ruleset = cls.ruleset_of(options)
    if header.ruleset is not None and header.ruleset != ruleset:
        raise _tag_error(
            header, "Ruleset", f"the options are the ruleset {ruleset!r}, not {header.ruleset!r}"
        )
    return options


def replay(header: Header, moves: tuple[Json, ...], places: tuple[Place, ...]) -> Verdict:
    """Play ``moves`` from the record's start; the verdict."""
    game = start_game(header)
    error: Illegal | None = None
    for number, move in enumerate(moves, start=1):
        try:
            game.play(move)
        except EngineError as exc:  # against the rules (or, in the generic notation, malformed)
            place = places[number - 1] if number <= len(places) else Place(1, 1)
            error = Illegal(number, exc.reason, exc.message, place.line, place.column)
            break
    won = game.status == "won"
    status: Result = "won" if won else "resigned" if header.result == "resigned" else "playing"
    if error is None:
        error = _claims(header, won, game.move_count)
    return Verdict(
        valid=error is None,
        status=status,
        moves=game.move_count,
        error=error,
        game=game.name,
        ruleset=game.ruleset,
        deal_id=header.deal_id,
    )


def _claims(header: Header, won: bool, moves: int) -> Illegal | None:
    """A claim of the tags that the replayed moves contradict, if any."""
    result = header.place("Result")
    if won != (header.result == "won"):
        said = {"won": "won", "resigned": "resigned", "playing": "*"}[header.result]
        message = (
            f"the moves win, but the result says {said}"
            if won
            else "the result says won, but the moves do not win"
        )
        return Illegal(None, "result_mismatch", message, result.line, result.column)
    if header.moves is not None and header.moves != moves:
        place = header.place("Moves")
        message = f"the record holds {moves} moves, but its Moves tag says {header.moves}"
        return Illegal(None, "moves_mismatch", message, place.line, place.column)
    return None
