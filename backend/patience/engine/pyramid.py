"""Pyramid (SPEC §2): remove pairs that sum to 13, and kings alone.

Locations are ints inside (``0…27`` the pyramid row by row, :data:`STOCK`, :data:`WASTE`) and
strings at the edge (``"p0"…"p27"``, ``"stock"``, ``"waste"``).

>>> from patience.games import new_game
>>> g = new_game("pyramid", deal=1)
>>> g.board()["available"]
['p21', 'p22', 'p23', 'p24', 'p25', 'p26', 'p27']
>>> g.board()["stock"], g.board()["pass"]
({'count': 24, 'top': 'QS'}, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from patience.engine.cards import Card, format_card
from patience.engine.deal import pyramid_cards, shuffled_deck
from patience.engine.errors import IllegalMove, InvalidMove, InvalidPosition
from patience.engine.game import (
    Game,
    Json,
    check_card_counts,
    indexed_location,
    move_type,
    position_cards,
    require_move_fields,
)
from patience.engine.moves import Draw as Draw  # re-exported: the game's moves in one place
from patience.engine.moves import Recycle as Recycle
from patience.engine.options import WINNABLE_ONLY, Options, OptionSpec

SIZE = 28
ROWS = 7
STOCK = 28
WASTE = 29
MAX_PASSES = 3


def _row_of(index: int) -> int:
    row = 0
    while (row + 1) * (row + 2) // 2 <= index:
        row += 1
    return row


ROW: tuple[int, ...] = tuple(_row_of(i) for i in range(SIZE))
COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    () if ROW[i] == ROWS - 1 else (i + ROW[i] + 1, i + ROW[i] + 2) for i in range(SIZE)
)
"""The two cards in the row below that cover each pyramid card (none for the bottom row)."""


def location_name(loc: int) -> str:
    """``0 → "p0"``, :data:`STOCK` → ``"stock"``, :data:`WASTE` → ``"waste"``."""
    return "stock" if loc == STOCK else "waste" if loc == WASTE else f"p{loc}"


def parse_location(text: object) -> int:
    if text == "stock":
        return STOCK
    if text == "waste":
        return WASTE
    index = indexed_location(text, "p", SIZE)
    if index is not None:
        return index
    raise InvalidMove(f"unknown location {text!r} (expected p0…p27, stock or waste)")


# -- moves -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pair:
    """Remove two available cards whose values sum to 13."""

    a: int
    b: int

    def to_dict(self) -> Json:
        return {"type": "pair", "a": location_name(self.a), "b": location_name(self.b)}


@dataclass(frozen=True, slots=True)
class King:
    """Remove an available king alone."""

    at: int

    def to_dict(self) -> Json:
        return {"type": "king", "at": location_name(self.at)}


PyramidMove = Pair | King | Draw | Recycle


def parse_move(data: object) -> PyramidMove:
    """A typed move from API.md's JSON; :class:`InvalidMove` when malformed.

    >>> parse_move({"type": "pair", "a": "p21", "b": "waste"})
    Pair(a=21, b=29)
    """
    kind = move_type(data, ("pair", "king", "draw", "recycle"))
    if kind == "pair":
        fields = require_move_fields(data, ("a", "b"))
        return Pair(parse_location(fields["a"]), parse_location(fields["b"]))
    if kind == "king":
        fields = require_move_fields(data, ("at",))
        return King(parse_location(fields["at"]))
    require_move_fields(data, ())
    return Draw() if kind == "draw" else Recycle()


# -- state -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PyramidState:
    """An immutable Pyramid position.

    ``stock`` is listed top card first (the top is face up); ``waste`` bottom → top.
    """

    pyramid: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    passes: int = 1

    @property
    def removed(self) -> int:
        return sum(card is None for card in self.pyramid)

    def is_available(self, index: int) -> bool:
        """A pyramid card is available once both cards covering it are gone."""
        return self.pyramid[index] is not None and all(
            self.pyramid[j] is None for j in COVERED_BY[index]
        )

    def available(self) -> list[int]:
        return [i for i in range(SIZE) if self.is_available(i)]

    def card_at(self, loc: int) -> Card | None:
        if loc == STOCK:
            return self.stock[0] if self.stock else None
        if loc == WASTE:
            return self.waste[-1] if self.waste else None
        return self.pyramid[loc]

    def playable(self) -> list[int]:
        """Every location whose card can be used now, in location order."""
        tops = [loc for loc in (STOCK, WASTE) if self.card_at(loc) is not None]
        return self.available() + tops

    def without(self, *locs: int) -> PyramidState:
        """The state with the cards at ``locs`` removed (no checks)."""
        pyramid, stock, waste = list(self.pyramid), self.stock, self.waste
        for loc in locs:
            if loc == STOCK:
                stock = stock[1:]
            elif loc == WASTE:
                waste = waste[:-1]
            else:
                pyramid[loc] = None
        return PyramidState(tuple(pyramid), stock, waste, self.passes)

    def can_recycle(self) -> bool:
        return not self.stock and self.passes < MAX_PASSES and bool(self.waste)


def _iter_legal(state: PyramidState) -> Iterator[PyramidMove]:
    playable = state.playable()
    for i, a in enumerate(playable):
        card_a = state.card_at(a)
        assert card_a is not None
        if card_a.rank == 13:
            yield King(a)
            continue
        for b in playable[i + 1 :]:
            card_b = state.card_at(b)
            assert card_b is not None
            if card_a.rank + card_b.rank == 13:
                yield Pair(a, b)
    if state.stock:
        yield Draw()
    elif state.can_recycle():
        yield Recycle()


def legal_moves(state: PyramidState) -> list[PyramidMove]:
    """Every legal move: pairs and kings in location order, then draw or recycle."""
    if state.removed == SIZE:
        return []
    return list(_iter_legal(state))


def apply_move(state: PyramidState, move: PyramidMove) -> PyramidState:
    """Check ``move`` against the rules and return the new state (raise :class:`IllegalMove`).

    Reasons in API.md's order of precedence.
    """
    if isinstance(move, Draw):
        if not state.stock:
            raise IllegalMove("there is no card to draw", reason="stock_empty")
        return PyramidState(
            state.pyramid, state.stock[1:], (*state.waste, state.stock[0]), state.passes
        )
    if isinstance(move, Recycle):
        if state.stock:
            raise IllegalMove(
                "recycle is possible once the stock is used up", reason="recycle_stock_not_empty"
            )
        if state.passes >= MAX_PASSES:
            raise IllegalMove("no recycles left", reason="recycle_no_passes")
        if not state.waste:
            raise IllegalMove("the waste has no cards to recycle", reason="recycle_waste_empty")
        # Turning the waste over puts its bottom card (the first drawn) on top of the stock.
        return PyramidState(state.pyramid, state.waste, (), state.passes + 1)
    locs = (move.at,) if isinstance(move, King) else (move.a, move.b)
    cards = [state.card_at(loc) for loc in locs]
    if any(card is None for card in cards):
        raise IllegalMove("there is no card there", reason="no_card_there")
    if isinstance(move, Pair) and move.a == move.b:
        raise IllegalMove("pick two different cards", reason="same_card")
    if any(loc < SIZE and not state.is_available(loc) for loc in locs):
        raise IllegalMove("this card is still covered", reason="covered")
    if isinstance(move, King):
        if cards[0] is None or cards[0].rank != 13:
            raise IllegalMove("only a king is removed alone", reason="not_a_king")
    elif sum(card.rank for card in cards if card is not None) != 13:
        raise IllegalMove("these two cards do not sum to 13", reason="not_thirteen")
    return state.without(*locs)


def visible_cards(state: PyramidState) -> Iterator[Card]:
    """The pyramid, the stock's face-up top and every waste card have been face up."""
    yield from (card for card in state.pyramid if card is not None)
    yield from state.stock[:1]
    yield from state.waste


# -- the facade --------------------------------------------------------------------------------


class PyramidGame(Game[PyramidState, PyramidMove]):
    """Pyramid behind the engine facade (ruleset ``standard``: 3 passes, clear the pyramid)."""

    name: ClassVar[str] = "pyramid"
    progress_goal: ClassVar[int] = 28
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (WINNABLE_ONLY,)

    @classmethod
    def ruleset_of(cls, options: Options) -> str:
        return "standard"

    @classmethod
    def deal_state(cls, number: int, options: Options) -> PyramidState:
        return cls.layout_state(shuffled_deck(number), number, options)

    @classmethod
    def layout_state(cls, deck: list[Card], seed: int, options: Options) -> PyramidState:
        pyramid, stock = pyramid_cards(deck)
        return PyramidState(tuple(pyramid), tuple(stock), ())

    @classmethod
    def parse_position(
        cls, position: Mapping[str, Any], options: Options
    ) -> tuple[PyramidState, list[Card]]:
        pyramid = position_cards(position, "pyramid", nullable=True)
        if len(pyramid) != SIZE:
            raise InvalidPosition("position field 'pyramid' must list 28 places")
        stock = position_cards(position, "stock")
        waste = position_cards(position, "waste")
        passes = position.get("pass", 1)
        if isinstance(passes, bool) or not isinstance(passes, int) or not 1 <= passes <= MAX_PASSES:
            raise InvalidPosition("position field 'pass' must be 1, 2 or 3")
        check_card_counts([*pyramid, *stock, *waste], decks=1)
        seen = position_cards(position, "seen") if "seen" in position else []
        check_card_counts(seen, decks=1)
        return PyramidState(tuple(pyramid), tuple(stock), tuple(waste), passes), seen

    def parse_move(self, data: object) -> PyramidMove:
        return parse_move(data)

    def apply(self, state: PyramidState, move: PyramidMove) -> tuple[PyramidState, list[Json]]:
        after = apply_move(state, move)
        return after, [_event(state, move)]

    def legal(self, state: PyramidState) -> list[PyramidMove]:
        return legal_moves(state)

    def is_won(self, state: PyramidState) -> bool:
        return state.removed == SIZE

    def progress(self) -> int:
        return self.state.removed

    def count_unseen(self) -> int:
        return sum(1 for card in self.state.stock if not self._seen[card])

    def _visible_cards(self, state: PyramidState) -> Iterable[Card]:
        return visible_cards(state)

    def board(self) -> Json:
        s = self.state
        return {
            "pyramid": [format_card(card) for card in s.pyramid],
            "available": [location_name(i) for i in s.available()],
            "stock": {"count": len(s.stock), "top": format_card(s.card_at(STOCK))},
            "waste": {"count": len(s.waste), "top": format_card(s.card_at(WASTE))},
            "pass": s.passes,
            "max_passes": MAX_PASSES,
            "removed": s.removed,
        }

    def position_of(self, state: PyramidState) -> Json:
        return {
            "game": self.name,
            "pyramid": [format_card(card) for card in state.pyramid],
            "stock": [str(card) for card in state.stock],
            "waste": [str(card) for card in state.waste],
            "pass": state.passes,
            "seen": self.seen,
        }


def _event(before: PyramidState, move: PyramidMove) -> Json:
    """What a move did, for the client to animate and announce (only seen cards)."""
    if isinstance(move, Draw):
        return {"type": "draw", "card": str(before.stock[0])}
    if isinstance(move, Recycle):
        return {"type": "recycle", "pass": before.passes + 1}
    locs = (move.at,) if isinstance(move, King) else (move.a, move.b)
    return {
        "type": "remove",
        "from": [location_name(loc) for loc in locs],
        "cards": [format_card(before.card_at(loc)) for loc in locs],
    }
