"""Deals: the PRNG, the shuffle, and deal number → layout for every game.

The algorithm is language-independent and pinned by test vectors; a deal shared today is the
same deal forever. It never uses Python's ``random``.

**PRNG: SplitMix64** (Steele, Lea & Flood 2014; the seeding generator of Java's
``SplittableRandom`` and of xoshiro). All arithmetic is modulo 2^64::

    state = state + 0x9E3779B97F4A7C15
    z = state
    z = (z XOR (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z XOR (z >> 27)) * 0x94D049BB133111EB
    output z XOR (z >> 31)

**Bounded integers** ``below(n)`` (uniform in 0 … n−1) by rejection, so there is no modulo
bias: draw ``x``; reject while ``x >= 2^64 − (2^64 mod n)``; return ``x mod n``.

**Shuffle: Fisher–Yates**, from the end: for ``i`` from ``len−1`` down to 1, ``j = below(i+1)``,
swap items ``i`` and ``j``.

**A deal**: the generator starts with ``state = deal number`` (1 … 2^32−1) and shuffles the
canonical deck (:data:`~patience.engine.cards.ONE_DECK`: AS…KS AH…KH AD…KD AC…KC; Forty Thieves
uses :data:`~patience.engine.cards.TWO_DECKS`, deck 1 then deck 2). The shuffled sequence is
laid out per game (:func:`pyramid_layout`, :func:`gaps_layout`, :func:`forty_thieves_layout`).

>>> SplitMix64(0).next()
16294208416658607535
>>> [str(c) for c in shuffled_deck(1)[:5]]
['7H', '9S', '4H', '8D', '8H']
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

from patience.engine.cards import ONE_DECK, TWO_DECKS, Card
from patience.engine.errors import InvalidDeal

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MIX_1 = 0xBF58476D1CE4E5B9
MIX_2 = 0x94D049BB133111EB

MAX_DEAL = 2**32 - 1

T = TypeVar("T")


class Generator:
    """A source of 64-bit outputs with the bounded integers and the shuffle defined above."""

    __slots__ = ()

    def next(self) -> int:
        """The next 64-bit output."""
        raise NotImplementedError

    def below(self, n: int) -> int:
        """A uniform integer in ``0 … n-1`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A Fisher–Yates shuffled copy of ``items``."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


class SplitMix64(Generator):
    """The SplitMix64 generator; see the module docstring for its definition."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * MIX_1) & MASK64
        z = ((z ^ (z >> 27)) * MIX_2) & MASK64
        return z ^ (z >> 31)


class KeyedStream(Generator):
    """The generator of a ranked deal: output ``i`` (from 0) is the first 8 bytes, big-endian,
    of ``SHA-256(key || i as 8 bytes big-endian)``. Unlike SplitMix64's 64-bit state, a
    32-byte secret ``key`` cannot be searched for from the cards a player sees.

    >>> KeyedStream(bytes(32)).next() == KeyedStream(bytes(32)).next() != KeyedStream(b"x").next()
    True
    """

    __slots__ = ("counter", "key")

    def __init__(self, key: bytes) -> None:
        self.key, self.counter = key, 0

    def next(self) -> int:
        block = hashlib.sha256(self.key + self.counter.to_bytes(8, "big")).digest()
        self.counter += 1
        return int.from_bytes(block[:8], "big")


def ranked_key(secret: bytes, game: str, ruleset: str, name: str, candidate: int) -> bytes:
    """The key of candidate ``candidate`` (0, 1, …) of a ranked deal: HMAC-SHA256 of the server
    secret over ``ranked:<game>:<ruleset>:<name>:<candidate>`` (``name``: ``daily-2026-12-01``).

    >>> len(ranked_key(b"s", "gaps", "redeals-2", "daily-2026-12-01", 0))
    32
    """
    message = f"ranked:{game}:{ruleset}:{name}:{candidate}".encode()
    return hmac.new(secret, message, hashlib.sha256).digest()


def ranked_redeal_seed(key: bytes) -> int:
    """The seed of a ranked deal's later random events (Gaps redeals, :func:`derived_seed`):
    64 bits from ``SHA-256(key || "redeal")``, the top one set, so unrelated to the layout's
    stream and never a numbered deal's 32-bit seed (whose redeals derive differently).

    >>> ranked_redeal_seed(bytes(32)) > MAX_DEAL
    True
    """
    return int.from_bytes(hashlib.sha256(key + b"redeal").digest()[:8], "big") | 1 << 63


def check_deal_number(number: object) -> int:
    """Return ``number`` if it is a valid deal number (an int in 1 … 2^32−1)."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_DEAL:
        raise InvalidDeal(f"a deal number is an integer from 1 to {MAX_DEAL}")
    return number


def shuffled_deck(number: int, decks: int = 1) -> list[Card]:
    """The canonical deck (one or two decks) shuffled for deal ``number``."""
    check_deal_number(number)
    return SplitMix64(number).shuffle(ONE_DECK if decks == 1 else TWO_DECKS)


def pyramid_layout(number: int) -> tuple[list[Card], list[Card]]:
    """Pyramid: the first 28 shuffled cards fill the pyramid row by row (``p0`` apex,
    ``p21…p27`` bottom row); the other 24 are the stock, the 29th card on top.

    Returns ``(pyramid, stock)`` with the stock listed top card first.
    """
    return pyramid_cards(shuffled_deck(number))


def pyramid_cards(deck: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """:func:`pyramid_layout` of a shuffled deck."""
    return list(deck[:28]), list(deck[28:])


def gaps_layout(number: int) -> list[list[Card | None]]:
    """Gaps: the 52 shuffled cards fill 4 rows of 13 row by row; the aces are then removed
    (``None``), leaving 4 gaps."""
    return gaps_cards(shuffled_deck(number))


def gaps_cards(deck: Sequence[Card]) -> list[list[Card | None]]:
    """:func:`gaps_layout` of a shuffled deck."""
    return [
        [None if c.rank == 1 else c for c in deck[row * 13 : row * 13 + 13]] for row in range(4)
    ]


def forty_thieves_layout(number: int) -> tuple[list[list[Card]], list[Card]]:
    """Forty Thieves: the 104 shuffled cards are dealt round by round, as by hand: card ``i``
    (``i < 40``) goes to column ``i mod 10``, so each column receives cards ``c, c+10, c+20,
    c+30`` bottom to top. The other 64 are the stock, card 40 on top.

    Returns ``(tableau, stock)``: columns listed bottom → top, stock top card first.
    """
    return forty_thieves_cards(shuffled_deck(number, decks=2))


def forty_thieves_cards(deck: Sequence[Card]) -> tuple[list[list[Card]], list[Card]]:
    """:func:`forty_thieves_layout` of a shuffled deck (two decks)."""
    tableau = [[deck[col + 10 * row] for row in range(4)] for col in range(10)]
    return tableau, list(deck[40:])


def derived_seed(seed: int, ordinal: int) -> int:
    """The generator state for a later random event of a deal (a Gaps redeal). A numbered
    deal's 32-bit ``seed`` goes in the low half and the event's 1-based ``ordinal`` in the
    high half, so that no two (seed, ordinal) pairs share a state. A ranked deal's 64-bit
    seed (:func:`ranked_redeal_seed`) is hashed with the ordinal instead: a redeal's shuffle
    can give away its generator's state (SplitMix64's output is a bijection of it), and the
    next redeal of a ranked deal must not follow from what the last one showed.

    >>> hex(derived_seed(77, 2))
    '0x20000004d'
    >>> big = ranked_redeal_seed(bytes(32))
    >>> derived_seed(big, 2) - derived_seed(big, 1) != derived_seed(77, 2) - derived_seed(77, 1)
    True
    """
    if seed > MAX_DEAL:
        text = seed.to_bytes(8, "big") + ordinal.to_bytes(8, "big")
        return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
    return ((ordinal & 0xFFFFFFFF) << 32) | (seed & 0xFFFFFFFF)
