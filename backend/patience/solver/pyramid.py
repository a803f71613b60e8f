"""An exact Pyramid solver (SPEC §2: three passes, clear the pyramid to win).

The state is four small ints:

- ``pyr``: a 28-bit mask of the pyramid cards still in place (only 1,430 shapes are reachable);
- ``talon``: a mask over the stock and waste cards still in play, in *draw order* — the waste
  bottom → top, then the stock top → bottom. Drawing never reorders this sequence and turning
  the waste over (recycle) gives back exactly the same sequence, so one mask describes both;
- ``ptr``: the boundary in that sequence: waste = remaining cards before it, stock = from it on;
- ``passes``: 1 … 3.

Search structure: states are remembered by the *ranks* of the talon cards left, not by which
cards they are (suits play no part, so spending either of two equal cards leads to the same
game; this alone cut the hardest deals' searches about 4×); draws that open no new move are
passed in one step (:meth:`PyramidAdapter._draw`); kings are removed as soon as they are
available (removing one never hurts, so it is forced), a pair is forced when a card's only
remaining partner is available, and a
state is dead when the pyramid could not be cleared even with the whole talon open at any
time — the proof that settles most unwinnable deals at once — or, in the last pass, with the
stock open and the waste a stack (see :meth:`PyramidAdapter.is_dead`).

>>> from patience.games import new_game
>>> from patience.solver.core import solve
>>> adapter, start = PyramidAdapter.from_game(new_game("pyramid", deal=1))
>>> solve(adapter, start).verdict
'winnable'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import cache
from typing import Any

from patience.engine.cards import Card
from patience.engine.pyramid import (
    COVERED_BY,
    MAX_PASSES,
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
from patience.solver import native

State = tuple[int, int, int, int]  # (pyr, talon, ptr, passes)
Move = tuple[int, int]
"""A solver move, kept light (most are generated and never played): ``(a, b)`` removes the
pair at places ``a`` and ``b`` (pyramid indices, ``STOCK``, ``WASTE``), ``(a, ALONE)`` the
king at ``a``; ``(DRAW, n)`` draws ``n`` cards and ``(RECYCLE, n)`` draws ``n`` cards, then
turns the waste over (see :meth:`PyramidAdapter._draw`)."""
ALONE = -1
DRAW = -2
RECYCLE = -3
Shape = tuple[tuple[int, ...], int, tuple[tuple[int, int], ...], list[tuple[int, ...]]]


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


@cache
def _max_matching(left: int, right: int) -> int:
    """The most disjoint pairs (i in ``left``, j in ``right``) of pyramid places that can be
    available together (neither covers the other), by augmenting paths."""
    match: dict[int, int] = {}  # right place -> left place

    def augment(i: int, tried: set[int]) -> bool:
        for j in _bits(right & ~RELATED[i]):
            if j not in tried:
                tried.add(j)
                if j not in match or augment(match[j], tried):
                    match[j] = i
                    return True
        return False

    return sum(augment(i, set()) for i in _bits(left))


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class PyramidAdapter:
    """The search adapter for one Pyramid position (see the module docstring)."""

    acyclic = True  # every move removes a card or moves the stock walk on

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
        self._shapes: dict[int, Shape] = {}
        self._dead: dict[tuple[int, int], bool] = {}
        self._open: dict[tuple[int, int, int], bool] = {}
        self._counts: dict[int, int] = {}
        self._sequences: dict[int, int] = {}
        self._critical: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}

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

    def native(self, start: State) -> native.Twin | None:
        """The native twin of this search (:mod:`patience.solver.native`)."""
        if native.NATIVE is None:
            return None
        memo = native.MEMORY_MB // 8 << 20
        game = native.NATIVE.Pyramid(self.pyr_rank, self.talon_rank, memo)
        return native.Twin(game, start, moves=native_moves)

    # -- the adapter protocol --------------------------------------------------------------

    def key(self, state: State) -> tuple[Hashable, int]:
        """Group: the pyramid cards left and the *ranks* of the talon cards left, in order
        (:meth:`rank_sequence`): suits play no part in Pyramid, so two talons that read the same
        rank by rank are the same game, whichever of two equal cards was spent. Rank: how far
        the stock walk has got, ``pass * 32 +`` the talon cards left before the pointer (the
        waste). An earlier point of the walk reaches any later one by drawing (and
        recycling), so it is at least as strong."""
        pyr, talon, ptr, passes = state
        return (pyr, self.rank_sequence(talon)), passes * 32 + (
            talon & ((1 << ptr) - 1)
        ).bit_count()

    def rank_sequence(self, talon: int) -> int:
        """The ranks of the cards of ``talon`` in draw order, packed 4 bits each (the first
        card lowest); ranks are 1 … 13, so the length is implied. Remembered per talon (the
        par search keys its positions on it too)."""
        sequence = self._sequences.get(talon)
        if sequence is None:
            sequence, shift = 0, 0
            for i in _bits(talon):
                sequence |= self.talon_rank[i] << shift
                shift += 4
            self._sequences[talon] = sequence
        return sequence

    def is_won(self, state: State) -> bool:
        return state[0] == 0

    def is_dead(self, state: State) -> bool:
        """Proofs that a state cannot be won, each about a relaxed game that any real win
        would also win:

        - *The open-talon game* (:meth:`_clearable`): the pyramid alone, with every usable
          talon card at hand at any time. It keeps the order in which the pyramid opens up:
          two pairs that each wait for the other, a card whose partners all cover it or are
          spent before it is uncovered. Counting partners per rank pair (a maximum matching
          of pyramid cards that can be available together, :meth:`_unmatched`) is a weaker
          proof, but so cheap that it runs first: it settles many deals at the root in a
          fraction of a millisecond. Both depend on the pyramid and the usable talon cards
          only, so before the last pass their verdicts are kept per pair of those.
        - *The open-stock game*, in the last pass only: as the open-talon game, except that the
          waste is a stack for good, so its cards can only be used from the top down (each by
          pairing it with a pyramid card or a stock card, or a king alone). Only the stock's
          order is relaxed; it is the stronger proof, so the last pass uses it alone.

        In the last pass the usable talon cards are :meth:`_reachable_talon`'s. The relaxed
        games are memoized (:meth:`_clearable`).
        """
        pyr, talon, ptr, passes = state
        if passes == MAX_PASSES:  # the open-stock game is the stronger proof there
            talon = self._reachable_talon(state)
            waste = talon & ((1 << ptr) - 1)
            return not self._clearable(pyr, self._rank_counts(talon ^ waste), waste)
        known = self._dead.get((pyr, talon))
        if known is None:
            known = self._dead[pyr, talon] = self._unmatched(pyr, talon) or not self._clearable(
                pyr, self._rank_counts(talon), 0
            )
        return known

    def _rank_counts(self, talon: int) -> int:
        """The cards of ``talon`` counted by rank, packed 3 bits per rank (rank r at 3r)."""
        counts = self._counts.get(talon)
        if counts is None:
            counts = self._counts[talon] = sum(
                (talon & self.talon_by_rank[r]).bit_count() << 3 * r for r in range(1, 13)
            )
        return counts

    def _clearable(self, pyr: int, counts: int, waste: int) -> bool:
        """Whether the pyramid ``pyr`` can be cleared when the talon cards counted in
        ``counts`` (:meth:`_rank_counts`) can each be used once, at any time, and the talon
        cards in ``waste`` (a last-pass waste) only from the top down. Memoized: many states
        of the real search share a pyramid and a talon. Every move removes a card, so the
        recursion is at most 52 deep."""
        if not pyr:
            return True
        key = (pyr, counts, waste)
        known = self._open.get(key)
        if known is not None:
            return known
        avail, king, pairs, _by_rank = self._shapes.get(pyr) or self._shape(pyr)
        top = waste.bit_length() - 1
        top_rank = self.talon_rank[top] if waste else 0
        below = waste ^ (1 << top) if waste else 0
        rank = self.pyr_rank
        if king >= 0:  # a king goes at once, as in the real search
            found = self._clearable(pyr & ~(1 << king), counts, waste)
        elif top_rank == 13:
            found = self._clearable(pyr, counts, below)
        else:
            found = any(
                self._clearable(pyr & ~(1 << i) & ~(1 << j), counts, waste) for i, j in pairs
            )
            for i in avail if not found else ():
                need = 13 - rank[i]
                if need == top_rank and self._clearable(pyr & ~(1 << i), counts, below):
                    found = True
                    break
                if counts >> 3 * need & 7 and self._clearable(
                    pyr & ~(1 << i), counts - (1 << 3 * need), waste
                ):
                    found = True
                    break
            if not found and top_rank and counts >> 3 * (13 - top_rank) & 7:
                # dig into the waste with a stock card
                found = self._clearable(pyr, counts - (1 << 3 * (13 - top_rank)), below)
        self._open[key] = found
        return found

    def _unmatched(self, pyr: int, talon: int) -> bool:
        """The matching test of :meth:`is_dead` for the pyramid ``pyr`` and usable ``talon``."""
        for low in range(1, 7):
            high = 13 - low
            p_low = pyr & self.pyr_by_rank[low]
            p_high = pyr & self.pyr_by_rank[high]
            if not p_low and not p_high:
                continue
            need = max(
                p_low.bit_count() - (talon & self.talon_by_rank[high]).bit_count(),
                p_high.bit_count() - (talon & self.talon_by_rank[low]).bit_count(),
            )
            if need > 0 and _max_matching(p_low, p_high) < need:
                return True
        return False

    def _reachable_talon(self, state: State) -> int:
        """The talon cards that can still be used in the last pass (the only one this is asked
        about; before it, all can). There the waste is a stack for good: a waste card that has
        no partner left in the pyramid or the stock (and is no king) can never leave, so every
        card beneath it is out of play."""
        pyr, talon, ptr, _ = state
        stock = talon >> ptr << ptr
        waste = talon ^ stock
        while waste:
            top = waste.bit_length() - 1
            rank = self.talon_rank[top]
            need = 13 - rank
            if rank != 13 and not (
                pyr & self.pyr_by_rank[need] or stock & self.talon_by_rank[need]
            ):
                return talon & ~((1 << top) - 1)
            waste ^= 1 << top
        return talon

    def _shape(self, pyr: int) -> Shape:
        """What a pyramid shape offers, computed once per shape (only 1,430 are reachable):
        the available places, an available king, the pyramid pairs, and the available places
        by rank."""
        rank = self.pyr_rank
        avail = tuple(i for i in range(SIZE) if pyr >> i & 1 and not pyr & COVER_MASK[i])
        king = next((i for i in avail if rank[i] == 13), -1)
        pairs = tuple(
            (i, j) for n, i in enumerate(avail) for j in avail[n + 1 :] if rank[i] + rank[j] == 13
        )
        by_rank: list[tuple[int, ...]] = [
            tuple(i for i in avail if rank[i] == r) for r in range(14)
        ]
        shape = self._shapes[pyr] = (avail, king, pairs, by_rank)
        return shape

    def successors(self, state: State) -> Iterator[tuple[Move, State]]:
        pyr, talon, ptr, passes = state
        avail, king, pairs, by_rank = self._shapes.get(pyr) or self._shape(pyr)
        stock_bits = talon >> ptr
        stock = (stock_bits & -stock_bits).bit_length() - 1 + ptr if stock_bits else -1
        waste_bits = talon & ((1 << ptr) - 1)
        waste = waste_bits.bit_length() - 1 if waste_bits else -1
        trank = self.talon_rank
        s_rank = trank[stock] if stock >= 0 else 0
        w_rank = trank[waste] if waste >= 0 else 0

        # Kings first, alone: removing an available king is never worse than keeping it.
        if king >= 0:
            yield (king, ALONE), (pyr & ~(1 << king), talon, ptr, passes)
            return
        if s_rank == 13:
            yield (STOCK, ALONE), (pyr, talon & ~(1 << stock), ptr, passes)
            return
        if w_rank == 13:
            yield (WASTE, ALONE), (pyr, talon & ~(1 << waste), ptr, passes)
            return

        forced = self._forced_pair(state, avail, stock, waste)
        if forced is not None:
            yield forced
            return

        # Pairs with the stock or waste top first: they pass by, the pyramid's pairs wait.
        if s_rank:
            for i in by_rank[13 - s_rank]:
                yield (i, STOCK), (pyr & ~(1 << i), talon & ~(1 << stock), ptr, passes)
        if w_rank:
            for i in by_rank[13 - w_rank]:
                yield (i, WASTE), (pyr & ~(1 << i), talon & ~(1 << waste), ptr, passes)
        for i, j in pairs:
            yield (i, j), (pyr & ~(1 << i) & ~(1 << j), talon, ptr, passes)
        if s_rank and w_rank and s_rank + w_rank == 13:
            yield (STOCK, WASTE), (pyr, talon & ~(1 << stock) & ~(1 << waste), ptr, passes)
        if stock >= 0:
            drawn = self._draw(pyr, talon, stock, by_rank, passes)
            if drawn is not None:
                yield drawn
        elif waste >= 0 and passes < MAX_PASSES:
            yield (RECYCLE, 0), (pyr, talon, 0, passes + 1)

    def _draw(
        self, pyr: int, talon: int, stock: int, by_rank: list[tuple[int, ...]], passes: int
    ) -> tuple[Move, State] | None:
        """Draw on to the next point of the walk that offers a move the current one does not:
        a new stock top that is a king or pairs with an available pyramid card or with the
        new waste top (the card just drawn). Anything else there — the pyramid's own pairs,
        the waste top's pairs — was already on offer here, where it is at least as strong,
        so those points are passed in one step. At the end of the stock that means turning
        the waste over, or, in the last pass, nothing (``None``)."""
        trank = self.talon_rank
        count = 0
        while True:
            count += 1
            ptr = stock + 1
            rest = talon >> ptr
            if not rest:
                if passes == MAX_PASSES:
                    return None
                return (RECYCLE, count), (pyr, talon, 0, passes + 1)
            drawn_rank = trank[stock]
            stock = (rest & -rest).bit_length() - 1 + ptr
            rank = trank[stock]
            if rank == 13 or rank + drawn_rank == 13 or by_rank[13 - rank]:
                return (DRAW, count), (pyr, talon, ptr, passes)

    def _forced_pair(
        self, state: State, avail: tuple[int, ...], stock: int, waste: int
    ) -> tuple[Move, State] | None:
        """A pair that some winning line must contain and that is available now: a pyramid card
        whose only remaining partner is available. Playing it at once loses nothing (removing
        cards only ever uncovers others or clears the stock and waste), so it is forced."""
        pyr, talon, ptr, passes = state
        group = (pyr, talon)
        critical = self._critical.get(group)
        if critical is None:
            critical = self._critical[group] = tuple(
                (i, 13 - self.pyr_rank[i])
                for i in avail
                if (pyr & self.pyr_by_rank[13 - self.pyr_rank[i]]).bit_count()
                + (talon & self.talon_by_rank[13 - self.pyr_rank[i]]).bit_count()
                == 1
            )
        if not critical:
            return None
        by_rank = self._shapes[pyr][3]
        trank = self.talon_rank
        for i, need in critical:
            for j in by_rank[need]:
                return (i, j), (pyr & ~(1 << i) & ~(1 << j), talon, ptr, passes)
            if stock >= 0 and trank[stock] == need:
                return (i, STOCK), (pyr & ~(1 << i), talon & ~(1 << stock), ptr, passes)
            if waste >= 0 and trank[waste] == need:
                return (i, WASTE), (pyr & ~(1 << i), talon & ~(1 << waste), ptr, passes)
        return None

    def move_json(self, moves: Sequence[Move]) -> list[dict[str, Any]]:
        return [step.to_dict() for move in moves for step in _engine_moves(move)]


def native_moves(moves: list[int]) -> list[Move]:
    """The solver moves of the native core's (``backend/native/games/pyramid.hpp``)."""
    return [((move >> 16) - 8, (move & 0xFFFF) - 8) for move in moves]


def _engine_moves(move: Move) -> list[PyramidMove]:
    """The engine's moves for a solver move (see :data:`Move`)."""
    a, b = move
    if a == DRAW:
        return [Draw()] * b
    if a == RECYCLE:
        return [*[Draw()] * b, Recycle()]
    return [King(a) if b == ALONE else Pair(a, b)]
