"""Cards: ranks, suits, notation and parsing.

Notation (SPEC §1): rank ``A 2 3 4 5 6 7 8 9 T J Q K``, suit ``S H D C``.
Input also accepts ``10`` for ten and lower case; output always uses ``T``.

>>> Card.parse("qh")
Card.parse('QH')
>>> str(Card.parse("10D"))
'TD'
>>> Card.parse("QH").rank
12
>>> Card.parse("QH").name
'queen of hearts'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache

from patience.engine.errors import CardError

RANK_SYMBOLS = "A23456789TJQK"
RANK_NAMES = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)


class Suit(enum.IntEnum):
    """The four suits, in canonical deck order (spades, hearts, diamonds, clubs)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return "SHDC"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        index = "SHDC".find(text.upper()) if len(text) == 1 else -1
        if index < 0:
            raise CardError(f"unknown suit {text!r}: expected one of S H D C")
        return cls(index)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. ``rank`` is its value, ace 1 to king 13.

    Cards compare in canonical deck order (by suit, then rank) only through
    :attr:`index`; the dataclass order (rank, then suit) is used for sorting output.
    """

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13:
            raise CardError(f"rank {self.rank} out of range 1..13")

    @staticmethod
    def parse(text: object) -> Card:
        """Parse ``"QH"``, ``"10d"``, ``"ts"``; raise :class:`CardError` on anything else."""
        if not isinstance(text, str):
            raise CardError(f"a card is a string like 'QH', not {type(text).__name__}")
        return _parse(text.strip().upper())

    @staticmethod
    def from_index(index: int) -> Card:
        """The card at ``index`` (0..51) of the canonical one-deck order AS..KS AH..KC."""
        return _BY_INDEX[index]

    @property
    def index(self) -> int:
        """Position in the canonical one-deck order: suit * 13 + rank - 1."""
        return self.suit * 13 + self.rank - 1

    @property
    def name(self) -> str:
        """English name, used for accessibility: ``"queen of hearts"``."""
        return f"{RANK_NAMES[self.rank - 1]} of {self.suit.name.lower()}"

    def __str__(self) -> str:
        return RANK_SYMBOLS[self.rank - 1] + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


@cache
def _parse(text: str) -> Card:
    if len(text) == 3 and text.startswith("10"):
        text = "T" + text[2]
    if len(text) != 2:
        raise CardError(f"unknown card {text!r}: expected rank and suit, like 'QH' or '10D'")
    rank = RANK_SYMBOLS.find(text[0])
    if rank < 0:
        raise CardError(f"unknown rank {text[0]!r} in {text!r}: expected one of {RANK_SYMBOLS}")
    return Card(rank + 1, Suit.parse(text[1]))


_BY_INDEX = tuple(Card(rank, suit) for suit in Suit for rank in range(1, 14))

ONE_DECK: tuple[Card, ...] = _BY_INDEX
"""The canonical one-deck order: AS 2S … KS AH … KH AD … KD AC … KC."""

TWO_DECKS: tuple[Card, ...] = _BY_INDEX + _BY_INDEX
"""The canonical two-deck order: deck 1 in :data:`ONE_DECK` order, then deck 2."""


def format_card(card: Card | None) -> str | None:
    """``str(card)``, with ``None`` kept as ``None`` (empty places in boards)."""
    return None if card is None else str(card)
