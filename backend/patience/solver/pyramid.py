"""An exact Pyramid solver (SPEC §2: three passes, clear the pyramid to win).

The state is four small ints:

- ``pyr``: a 28-bit mask of the pyramid cards still in place (only 1,430 shapes are reachable);
- ``talon``: a mask over the stock and waste cards still in play, in *draw order* — the waste
  bottom → top, then the stock top → bottom. Drawing never reorders this sequence and turning
  the waste over (recycle) gives back exactly the same sequence, so one mask describes both;
- ``ptr``: the boundary in that sequence: waste = remaining cards before it, stock = from it on;
- ``passes``: 1 … 3.

Search structure: kings are removed as soon as they are available (removing one never hurts,
so it is forced), and a state is dead when some pyramid card has no partner left outside the
cards that cover it or that it covers (its partner could never be available with it).

>>> from patience.engine import new_game
>>> from patience.solver.core import solve
>>> adapter, start = PyramidAdapter.from_game(new_game("pyramid", deal=1))
>>> solve(adapter, start).verdict
'winnable'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from patience.engine.cards import Card
from patience.engine.pyramid import (
    COVERED_BY,
    SIZE,
    STOCK,
    WASTE,
    Draw,
    King,
    Pair,
    PyramidGame,
    PyramidMove,
    PyramidState,
    Recycle,
)

MAX_PASSES = 3
State = tuple[int, int, int, int]  # (pyr, talon, ptr, passes)


def _related_masks() -> list[int]:
    """For each pyramid card, the mask of cards that cover it (transitively) or that it
    covers (transitively): none of them can ever be available at the same time as it."""
    below = [0] * SIZE  # cards covering i, transitively
    for i in reversed(range(SIZE)):
        for j in COVERED_BY[i]:
            below[i] |= (1 << j) | below[j]
    above = [0] * SIZE
    for i in range(SIZE):
        for j in range(SIZE):
            if below[j] >> i & 1:
                above[i] |= 1 << j
    return [below[i] | above[i] for i in range(SIZE)]


COVER_MASK = [sum(1 << j for j in COVERED_BY[i]) for i in range(SIZE)]
RELATED = _related_masks()


class PyramidAdapter:
    """The search adapter for one Pyramid position (see the module docstring)."""

    def __init__(self, pyramid: Sequence[Card | None], talon: Sequence[Card]) -> None:
        self.pyr_rank = [0 if c is None else c.rank for c in pyramid]
        self.talon_rank = [c.rank for c in talon]
        self.pyr_by_rank = [0] * 14
        for i, rank in enumerate(self.pyr_rank):
            if rank:
                self.pyr_by_rank[rank] |= 1 << i
        self.talon_by_rank = [0] * 14
        for i, rank in enumerate(self.talon_rank):
            self.talon_by_rank[rank] |= 1 << i

    @classmethod
    def from_state(cls, state: PyramidState) -> tuple[PyramidAdapter, State]:
        talon = [*state.waste, *state.stock]
        adapter = cls(state.pyramid, talon)
        pyr = sum(1 << i for i, c in enumerate(state.pyramid) if c is not None)
        return adapter, (pyr, (1 << len(talon)) - 1, len(state.waste), state.passes)

    @classmethod
    def from_game(cls, game: Any) -> tuple[PyramidAdapter, State]:
        if not isinstance(game, PyramidGame):
            raise TypeError("not a Pyramid game")
        return cls.from_state(game.state)

    # -- the adapter protocol --------------------------------------------------------------

    def key(self, state: State) -> Hashable:
        # ptr only matters up to the remaining cards: moving it back over removed cards
        # gives the same waste/stock split.
        pyr, talon, ptr, passes = state
        below = talon & ((1 << ptr) - 1)
        return (pyr, talon, below.bit_length(), passes)

    def is_won(self, state: State) -> bool:
        return state[0] == 0

    def is_dead(self, state: State) -> bool:
        pyr, talon = state[0], state[1]
        rest = pyr
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            rest ^= low
            rank = self.pyr_rank[i]
            if rank == 13:
                continue
            need = 13 - rank
            if not (talon & self.talon_by_rank[need]) and not (
                pyr & self.pyr_by_rank[need] & ~RELATED[i]
            ):
                return True
        return False

    def successors(self, state: State) -> Iterator[tuple[PyramidMove, State]]:
        pyr, talon, ptr, passes = state
        avail = [
            i for i in range(SIZE) if pyr >> i & 1 and not pyr & COVER_MASK[i]
        ]  # uncovered pyramid cards
        stock_bits = talon >> ptr
        stock = (stock_bits & -stock_bits).bit_length() - 1 + ptr if stock_bits else -1
        waste_bits = talon & ((1 << ptr) - 1)
        waste = waste_bits.bit_length() - 1 if waste_bits else -1
        rank = self.pyr_rank
        trank = self.talon_rank

        # Kings first, alone: removing an available king is never worse than keeping it.
        for i in avail:
            if rank[i] == 13:
                yield King(i), (pyr & ~(1 << i), talon, ptr, passes)
                return
        if stock >= 0 and trank[stock] == 13:
            yield King(STOCK), (pyr, talon & ~(1 << stock), ptr, passes)
            return
        if waste >= 0 and trank[waste] == 13:
            yield King(WASTE), (pyr, talon & ~(1 << waste), ptr, passes)
            return

        forced = self._forced_pair(state, avail, stock, waste)
        if forced is not None:
            yield forced
            return

        for n, i in enumerate(avail):
            for j in avail[n + 1 :]:
                if rank[i] + rank[j] == 13:
                    yield Pair(i, j), (pyr & ~(1 << i) & ~(1 << j), talon, ptr, passes)
        for i in avail:
            if stock >= 0 and rank[i] + trank[stock] == 13:
                yield Pair(i, STOCK), (pyr & ~(1 << i), talon & ~(1 << stock), ptr, passes)
            if waste >= 0 and rank[i] + trank[waste] == 13:
                yield Pair(i, WASTE), (pyr & ~(1 << i), talon & ~(1 << waste), ptr, passes)
        if stock >= 0 and waste >= 0 and trank[stock] + trank[waste] == 13:
            yield Pair(STOCK, WASTE), (pyr, talon & ~(1 << stock) & ~(1 << waste), ptr, passes)
        if stock >= 0:
            yield Draw(), (pyr, talon, stock + 1, passes)
        elif waste >= 0 and passes < MAX_PASSES:
            yield Recycle(), (pyr, talon, 0, passes + 1)

    def _count(self, state: State, rank: int) -> int:
        return (state[0] & self.pyr_by_rank[rank]).bit_count() + (
            state[1] & self.talon_by_rank[rank]
        ).bit_count()

    def _forced_pair(
        self, state: State, avail: list[int], stock: int, waste: int
    ) -> tuple[PyramidMove, State] | None:
        """A pair that some winning line must contain and that is available now: a pyramid card
        whose only remaining partner is available. Playing it at once loses nothing (removing
        cards only ever uncovers others or clears the stock and waste), so it is forced."""
        pyr, talon, ptr, passes = state
        rank, trank = self.pyr_rank, self.talon_rank
        for i in avail:
            need = 13 - rank[i]
            if self._count(state, need) != 1:
                continue
            for j in avail:
                if j != i and rank[j] == need:
                    return Pair(i, j), (pyr & ~(1 << i) & ~(1 << j), talon, ptr, passes)
            if stock >= 0 and trank[stock] == need:
                return Pair(i, STOCK), (pyr & ~(1 << i), talon & ~(1 << stock), ptr, passes)
            if waste >= 0 and trank[waste] == need:
                return Pair(i, WASTE), (pyr & ~(1 << i), talon & ~(1 << waste), ptr, passes)
        return None

    def move_json(self, moves: Sequence[PyramidMove]) -> list[dict[str, Any]]:
        return [move.to_dict() for move in moves]
