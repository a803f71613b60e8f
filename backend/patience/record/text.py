"""The record as text: tag pairs, then the movetext (move numbers, move tokens, comments), then
the result — read into elements with their places, and written back (``docs/record.md`` has
the grammar).

The reader is one linear pass without recursion (nothing nests: a comment ends at the first
``}``), so no input, however long or odd, costs more than its length.

>>> text = write_text([("Game", "pyramid"), ("Player", 'Ann "A" Lee')], ["d", "p21+w"], "*")
>>> print(text, end="")
[Game "pyramid"]
[Player "Ann \\"A\\" Lee"]
<BLANKLINE>
1. d 2. p21+w *
>>> read = read_text(text)
>>> [(t.name, t.value) for t in read.tags], [m.text for m in read.moves], read.result.text
([('Game', 'pyramid'), ('Player', 'Ann "A" Lee')], ['d', 'p21+w'], '*')
>>> read.moves[1].place
Place(line=4, column=9)
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from patience.record.errors import RecordSyntaxError
from patience.record.notation import TOKEN

MAX_MOVES = 10_000
"""The most moves a record may hold: far beyond any game played (the hint-follower's longest
Forty Thieves lines are under 2,000 moves), and few enough that replaying the longest
record costs under a second of CPU (10,000 Gaps redeals, the dearest move, about 0.8 s)."""

MAX_TAG_VALUE = 16 * 1024
"""The longest tag value (a revealed layout is under 1 KiB)."""

MAX_TAGS = 64
"""The most tag pairs a record may hold: the format defines 15, and a record may keep a few
of its own (:data:`patience.record.header.MAX_UNKNOWN_TAGS`)."""

RESULTS = ("won", "resigned", "*")
"""The result markers that end the movetext (``*``: the game is still in play)."""

LINE_WIDTH = 79

_SPACE = re.compile(r"[ \t\r\n]+")
_TAG = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]{0,39})[ \t]+"((?:[^"\\\n]|\\["\\])*)"[ \t]*\]')
_NUMBER = re.compile(r"([0-9]{1,9})\.")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_ESCAPE = re.compile(r"\\(.)")


@dataclass(frozen=True, slots=True)
class Place:
    """Where an element of a record starts: 1-based line and column (in characters)."""

    line: int
    column: int


@dataclass(frozen=True, slots=True)
class TagPair:
    name: str
    value: str
    place: Place


@dataclass(frozen=True, slots=True)
class Token:
    """A move token or the result marker, as written."""

    text: str
    place: Place


@dataclass(frozen=True, slots=True)
class Elements:
    """A record read into its elements (nothing checked yet but the grammar)."""

    tags: tuple[TagPair, ...]
    moves: tuple[Token, ...]
    result: Token


class _Reader:
    """The single pass over one record's text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.newlines = [m.start() for m in re.finditer("\n", text)]
        self.tags: list[TagPair] = []
        self.names: set[str] = set()  # the tag names read so far: a repeat costs one look-up
        self.moves: list[Token] = []
        self.result: Token | None = None
        self.number: tuple[int, int] | None = None  # a move number waiting for its move

    def place(self, pos: int) -> Place:
        line = bisect.bisect_left(self.newlines, pos)
        start = self.newlines[line - 1] + 1 if line else 0
        return Place(line + 1, pos - start + 1)

    def fail(self, pos: int, message: str, reason: str | None = None) -> RecordSyntaxError:
        place = self.place(pos)
        return RecordSyntaxError(message, line=place.line, column=place.column, reason=reason)

    def read(self) -> Elements:
        control = _CONTROL.search(self.text)
        if control is not None:
            code = f"U+{ord(control.group()):04X}"
            raise self.fail(control.start(), f"the control character {code} is not allowed")
        pos = 1 if self.text.startswith("\ufeff") else 0
        while pos < len(self.text):
            pos = self.step(pos)
        if self.result is None:
            raise self.fail(len(self.text), "the moves end without a result: won, resigned or *")
        return Elements(tuple(self.tags), tuple(self.moves), self.result)

    def step(self, pos: int) -> int:
        """Read the element at ``pos``; the position after it."""
        text = self.text
        space = _SPACE.match(text, pos)
        if space is not None:
            return space.end()
        char = text[pos]
        if char == "{":
            end = text.find("}", pos)
            if end < 0:
                raise self.fail(pos, "a comment opened here is never closed with }")
            return end + 1
        if char == ";":
            end = text.find("\n", pos)
            return len(text) if end < 0 else end
        if self.result is not None:
            raise self.fail(pos, "nothing but comments may follow the result")
        if char == "[":
            return self.tag(pos)
        number = _NUMBER.match(text, pos)
        if number is not None:
            return self.move_number(pos, number)
        token = TOKEN.match(text, pos)
        if token is None:
            raise self.fail(pos, f"unexpected {char!r}: moves, move numbers and comments here")
        self.token(pos, token.group())
        return token.end()

    def tag(self, pos: int) -> int:
        if self.moves or self.number is not None:
            raise self.fail(pos, "tag pairs come before the moves")
        match = _TAG.match(self.text, pos)
        if match is None:
            raise self.fail(pos, 'a tag pair is [Name "value"] on one line (\\" and \\\\ escaped)')
        name, raw = match.group(1), match.group(2)
        if name in self.names:
            raise self.fail(pos, f"the tag {name} is given twice", "duplicate_tag")
        if len(self.tags) >= MAX_TAGS:
            raise self.fail(pos, f"a record holds at most {MAX_TAGS} tag pairs", "too_many_tags")
        if len(raw) > MAX_TAG_VALUE:
            raise self.fail(pos, f"the value of {name} is over {MAX_TAG_VALUE} characters")
        value = _ESCAPE.sub(lambda m: m.group(1), raw)
        self.names.add(name)
        self.tags.append(TagPair(name, value, self.place(pos)))
        return match.end()

    def move_number(self, pos: int, match: re.Match[str]) -> int:
        expected = len(self.moves) + 1
        if self.number is not None:
            raise self.fail(pos, "two move numbers in a row")
        if int(match.group(1)) != expected:
            raise self.fail(pos, f"move number {match.group(1)} where move {expected} comes")
        self.number = (pos, expected)
        return match.end()

    def token(self, pos: int, text: str) -> None:
        if text in RESULTS:
            if self.number is not None:
                raise self.fail(self.number[0], "a move number with no move after it")
            self.result = Token(text, self.place(pos))
            return
        if len(self.moves) >= MAX_MOVES:
            raise self.fail(pos, f"a record holds at most {MAX_MOVES} moves", "record_too_long")
        self.number = None
        self.moves.append(Token(text, self.place(pos)))


def read_text(text: str) -> Elements:
    """The elements of a record's text (raise :class:`RecordSyntaxError` with its place)."""
    return _Reader(text).read()


def decode(data: bytes) -> str:
    """UTF-8 text, or :class:`RecordSyntaxError` at the first byte that is not.

    >>> decode("K♥ ok".encode())
    'K♥ ok'
    >>> decode(b"d\\nd \\xff d")
    Traceback (most recent call last):
    ...
    patience.record.errors.RecordSyntaxError: 2:3: a record is UTF-8 text (byte 0xff is not)
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[line_start : exc.start].decode("utf-8", errors="replace")) + 1
        line = data.count(b"\n", 0, exc.start) + 1
        byte = data[exc.start]
        raise RecordSyntaxError(
            f"a record is UTF-8 text (byte 0x{byte:02x} is not)", line=line, column=column
        ) from None


def write_text(tags: Sequence[tuple[str, str]], moves: Sequence[str], result: str) -> str:
    """A record's text: one tag pair a line, a blank line, the numbered moves wrapped within
    :data:`LINE_WIDTH` columns, and the result marker."""
    head = [f'[{name} "{_escaped(value)}"]' for name, value in tags]
    lines: list[str] = []
    line = ""
    for piece in [*(f"{n}. {token}" for n, token in enumerate(moves, start=1)), result]:
        if line and len(line) + 1 + len(piece) > LINE_WIDTH:
            lines.append(line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    lines.append(line)
    return "\n".join([*head, "", *lines]) + "\n"


def _escaped(value: str) -> str:
    if "\n" in value or "\r" in value or _CONTROL.search(value):
        raise ValueError(f"a tag value is one line of text: {value!r}")
    return value.replace("\\", "\\\\").replace('"', '\\"')
