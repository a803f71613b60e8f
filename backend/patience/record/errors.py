"""Typed errors of the record format, by cause, each carrying where in the text it is.

Every error has a stable snake_case ``reason``, a short English ``message`` and the 1-based
``line`` and ``column`` (in characters) of the place it is about. All are ``ValueError`` s, as
the engine's are, and the API answers each with 400 and its place.

>>> error = RecordSyntaxError("a tag name is letters and digits", line=2, column=2)
>>> str(error), error.reason
('2:2: a tag name is letters and digits', 'invalid_record')
"""

from __future__ import annotations


class RecordError(ValueError):
    """A record that cannot be read: what is wrong and where."""

    reason = "invalid_record"

    def __init__(self, message: str, *, line: int, column: int, reason: str | None = None) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.message = message
        self.line = line
        self.column = column
        if reason is not None:
            self.reason = reason


class RecordSyntaxError(RecordError):
    """Text that does not follow the grammar of ``docs/record.md`` (a bad tag pair, a stray
    character, text that is not UTF-8, moves after the result, ...)."""


class InvalidTag(RecordError):
    """A tag pair that is well-formed but whose value is not one the tag takes (an unknown
    game, a deal ID of another game, an option the game does not have), or a required tag
    that is missing."""

    reason = "invalid_tag"


class InvalidNotation(RecordError):
    """A move token that the game's notation does not read (``p29+w`` in Pyramid, a Gaps
    card that is no card)."""

    reason = "invalid_notation"


class NotationError(ValueError):
    """Raised by a game's notation for a token it does not read; the reader turns it into
    :class:`InvalidNotation` at the token's place."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
