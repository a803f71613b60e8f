"""The Patience record: a portable text of one game, in the manner of chess's PGN — tag pairs,
then the move line in each game's compact notation (``docs/record.md`` is the format).

Pure and typed like the engine: :func:`parse_record` reads a text into a :class:`Record`
(raising :class:`RecordError` subclasses with the line and column of what is wrong),
:meth:`Record.text` writes it back, and :func:`verify` replays it through the engine. A record
holds what the player saw and did — the deal's ID, the options, the moves — never a position
of the game: a numbered deal's cards follow from its ID, and a ranked deal's layout is
written only once the deal is revealed (:attr:`Header.layout`).

The package keeps no list of games: each function is handed the game (its rules and its
notation), or the look-up of a game by name (:data:`Games`, the registry's
:func:`patience.games.get`), by its caller.

>>> from patience.games import get
>>> record = Record(Header(game="pyramid", deal_id="pyramid-8153", result="resigned"),
...                 ({"type": "draw"}, {"type": "king", "at": "p0"}))
>>> text = record.text(get("pyramid").notation)
>>> print(text, end="")
[Game "pyramid"]
[DealId "pyramid-8153"]
[Result "resigned"]
<BLANKLINE>
1. d 2. Kp0 resigned
>>> parse_record(text, get) == record
True
>>> verify(parse_record(text, get), get).to_json()["error"]["reason"]
'covered'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from patience.record.errors import (
    InvalidNotation,
    InvalidTag,
    NotationError,
    RecordError,
    RecordSyntaxError,
)
from patience.record.header import RESULT_MARKS, Header, Result
from patience.record.notation import GENERIC, Notation
from patience.record.replay import (
    DealNotRevealed,
    Games,
    Illegal,
    RecordGame,
    Verdict,
    game_of,
    replay,
    start_game,
)
from patience.record.text import MAX_MOVES, Place, decode, read_text, write_text

Json = dict[str, Any]

__all__ = [
    "GENERIC",
    "MAX_MOVES",
    "DealNotRevealed",
    "Games",
    "Header",
    "Illegal",
    "InvalidNotation",
    "InvalidTag",
    "Notation",
    "Place",
    "Record",
    "RecordError",
    "RecordGame",
    "RecordSyntaxError",
    "Result",
    "Verdict",
    "game_of",
    "parse_record",
    "start_game",
    "verify",
]


@dataclass(frozen=True)
class Record:
    """One game: its header and its move line (API.md's JSON moves)."""

    header: Header
    moves: tuple[Json, ...]
    places: tuple[Place, ...] = field(default=(), compare=False)
    """Where each move was read (empty for a record not read from text)."""

    def text(self, notation: Notation) -> str:
        """The record's text, its moves in ``notation``, its game's (``ValueError`` for a move
        the notation cannot write)."""
        tokens = [notation.write(move) for move in self.moves]
        mark = next(m for m, status in RESULT_MARKS.items() if status == self.header.result)
        return write_text(self.header.tags(), tokens, mark)


def parse_record(data: str | bytes, games: Games) -> Record:
    """Read a record (UTF-8 bytes or text) of one of ``games``; raise :class:`RecordError`
    with its place."""
    elements = read_text(decode(data) if isinstance(data, bytes) else data)
    header = Header.from_tags(elements.tags)
    mark = RESULT_MARKS[elements.result.text]
    if mark != header.result:
        place = elements.result.place
        raise RecordSyntaxError(
            f"the moves end with {elements.result.text}, but the Result tag says otherwise",
            line=place.line,
            column=place.column,
        )
    notation = game_of(header, games).notation
    moves = []
    for token in elements.moves:
        try:
            moves.append(notation.read(token.text))
        except NotationError as exc:
            line, column = token.place.line, token.place.column
            raise InvalidNotation(exc.message, line=line, column=column) from None
    return Record(header, tuple(moves), tuple(token.place for token in elements.moves))


def verify(record: Record, games: Games) -> Verdict:
    """Replay ``record`` through the engine (see :mod:`patience.record.replay`)."""
    return replay(record.header, record.moves, record.places, games)


def write_record(header: Header, moves: Sequence[Json], notation: Notation) -> str:
    """The text of the record of ``moves`` under ``header``, in ``notation``."""
    return Record(header, tuple(moves)).text(notation)
