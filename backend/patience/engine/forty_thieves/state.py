"""The Forty Thieves position and the facts the rules read from it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from patience.engine.cards import Card
from patience.engine.forty_thieves.moves import (
    FOUNDATION,
    LONGEST_RUN,
    CardMove,
    Pile,
)
from patience.engine.options import Options


@dataclass(frozen=True, slots=True)
class FTRules:
    """The options that change play, parsed once (``FTRules.of(options)``).

    >>> FTRules.of({"rules": "relaxed"})
    FTRules(relaxed=True, auto_safe=True)
    """

    relaxed: bool = False
    auto_safe: bool = True

    @classmethod
    def of(cls, options: Options | FTRules) -> FTRules:
        if isinstance(options, FTRules):
            return options
        return cls(
            options.get("rules", "classic") == "relaxed", bool(options.get("auto_safe", True))
        )


@dataclass(frozen=True, slots=True)
class FTState:
    """An immutable Forty Thieves position.

    Columns, waste and foundation piles are listed bottom → top; ``stock`` top card first.
    """

    tableau: tuple[Pile, ...]
    stock: Pile
    waste: Pile
    foundations: tuple[Pile, ...]
    redeals_left: int = 0

    @property
    def empty_columns(self) -> int:
        return sum(not column for column in self.tableau)

    @property
    def is_won(self) -> bool:
        """Every card of the position is on a foundation."""
        return not self.stock and not self.waste and not any(self.tableau)


def run_length(column: Sequence[Card]) -> int:
    """How many top cards of ``column`` form a same-suit descending run.

    >>> run_length([Card.parse(c) for c in ("KD", "9S", "8S", "7S")])
    3
    """
    n = min(len(column), 1)
    while n < len(column) and _fits_on(column[-n], column[-n - 1]):
        n += 1
    return n


def _fits_on(card: Card, below: Card) -> bool:
    return below.suit == card.suit and below.rank == card.rank + 1


def fits_column(card: Card, column: Sequence[Card]) -> bool:
    """An empty column takes any card; otherwise the same suit, exactly one rank higher."""
    return not column or _fits_on(card, column[-1])


def foundation_for(foundations: Sequence[Sequence[Card]], card: Card) -> int | None:
    """The index of the first foundation that accepts ``card``, or ``None``."""
    for i, pile in enumerate(foundations):
        if accepts(pile, card):
            return i
    return None


def accepts(pile: Sequence[Card], card: Card) -> bool:
    if not pile:
        return card.rank == 1
    return pile[-1].suit == card.suit and pile[-1].rank == card.rank - 1


def max_run(state: FTState, relaxed: bool) -> tuple[int, int]:
    """The longest run that may move now: ``(onto a card, into an empty column)``."""
    return run_limits(state.empty_columns, relaxed)


def run_limits(empty: int, relaxed: bool) -> tuple[int, int]:
    """The longest run that may move with ``empty`` empty columns: ``(onto a card, into an
    empty column)``. Classic: ``2**E`` and ``2**(E-1)`` (0 when ``E == 0``). Relaxed: any
    run (:data:`LONGEST_RUN`), into an empty column only when there is one.

    >>> run_limits(2, relaxed=False), run_limits(0, relaxed=True)
    ((4, 2), (13, 0))
    """
    if relaxed:
        return LONGEST_RUN, LONGEST_RUN if empty else 0
    return 2**empty, 2 ** (empty - 1) if empty else 0


def is_safe(foundations: Sequence[Sequence[Card]], card: Card) -> bool:
    """No card can still need ``card`` as a building target: it is an ace, or both cards of
    its suit one rank lower are on foundations (a foundation of that suit reaching ``rank-1``
    holds one of them)."""
    if card.rank == 1:
        return True
    reaching = sum(
        1
        for pile in foundations
        if pile and pile[0].suit == card.suit and len(pile) >= card.rank - 1
    )
    return reaching >= 2


def is_useful(state: FTState, move: CardMove) -> bool:
    """Whether a legal column move gets somewhere: any move to a foundation; a build onto a
    card unless it only lifts a run off a card identical to the new parent; a move into an
    empty column that leaves a card behind (a whole column into an empty one is not)."""
    column = state.tableau[move.src]
    rest = len(column) - move.count
    if move.dst >= FOUNDATION:
        return True
    target = state.tableau[move.dst]
    if not target:
        return rest > 0
    return rest == 0 or column[rest - 1] != target[-1]


def visible_cards(state: FTState) -> Iterator[Card]:
    """Everything outside the stock is face up."""
    for column in state.tableau:
        yield from column
    yield from state.waste
    for pile in state.foundations:
        yield from pile
