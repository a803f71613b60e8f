"""Typed errors of the engine, by cause.

Every error carries a stable snake_case ``reason`` (the API's machine code) and a short
English ``message``. The API maps them by class: :class:`InvalidMove` and the input errors
to 400, :class:`IllegalMove` to 422.
"""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""

    reason = "invalid"

    def __init__(self, message: str, *, reason: str | None = None, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        if reason is not None:
            self.reason = reason
        self.details: dict[str, Any] = details


class IllegalMove(EngineError):
    """A well-formed move or action that the rules forbid now (HTTP 422).

    >>> IllegalMove("these two cards do not sum to 13", reason="not_thirteen").reason
    'not_thirteen'
    """

    reason = "illegal_move"


class InvalidMove(EngineError):
    """A move that is malformed: unknown type, missing or mistyped fields, unknown
    locations or cards (HTTP 400, reason ``invalid_move``). Checked before any rule, and a
    sibling of :class:`IllegalMove`, not a kind of it: a malformed move is not a move the
    rules forbid (as python-chess's ``InvalidMoveError`` and ``IllegalMoveError``)."""

    reason = "invalid_move"


class CardError(EngineError):
    """Text that is not a card in SPEC notation."""

    reason = "invalid_card"


class InvalidOptions(EngineError):
    """Unknown option, or a value outside the allowed ones."""

    reason = "invalid_options"


class InvalidPosition(EngineError):
    """A position that is not card-consistent or not well-formed."""

    reason = "invalid_position"


class UnknownGame(EngineError):
    """A game name that is not one of ``pyramid``, ``gaps``, ``forty-thieves``."""

    reason = "unknown_game"


class InvalidDeal(EngineError):
    """A deal number outside 1 … 2^32−1."""

    reason = "invalid_deal"
