"""Pyramid par: the fewest moves that win a position, proven by an optimal search.

Moves are counted as the game counts them: each pair, king, draw and recycle is one move.
:class:`ParSearch` is A* over the exact Pyramid solver's compact states
(:class:`~patience.solver.pyramid.PyramidAdapter`), with the reductions that stay sound when
moves are counted:

- positions are remembered by the *ranks* of the talon cards left (suits play no part), which
  halves the positions searched;
- draws that open no new move are passed in one step that costs as many moves as cards drawn
  (a recycle one more): any shortest line can be rearranged to stop only where the step stops,
  no longer than before (a pyramid pair made in passing can be made before the draws; a card
  drawn and then paired from the waste could have been paired from the stock);
- an available pyramid king and a pair whose card has no other partner left are played at
  once (each is in every winning line, and playing it early never costs a move); a king on
  the stock or the waste is *not* forced here (a win may never need to move it), but a king on
  the stock is removed rather than drawn (the same cost, and it leaves the waste open);
- positions the exact solver's relaxed games prove lost are dropped
  (:meth:`PyramidAdapter.is_dead`).

A* expands every position whose moves so far plus a lower bound on the moves still needed
fall short of the par, so the bound (:class:`ParBound`) decides the speed: on deals 1…1,000
the search expands a median of about 7,600 positions for a winnable deal (most of them in the
first pass, where the bound cannot tell that two more passes will be needed).

>>> from patience.games import new_game
>>> adapter, start = PyramidAdapter.from_game(new_game("pyramid", deal=12))
>>> result = ParSearch(adapter).run(start)
>>> result.moves, result.proven
(37, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from patience.engine.pyramid import MAX_PASSES, STOCK, WASTE
from patience.solver.core import Budget
from patience.solver.pyramid import (
    ALONE,
    DRAW,
    RECYCLE,
    Move,
    PyramidAdapter,
    State,
    _max_matching,
)

INFINITE = 1 << 20
"""A bound no line reaches: the position cannot be won."""

LONGEST = 3 * 24 + 2 + 52
"""No Pyramid line is longer: 24 cards drawn in each of 3 passes, 2 recycles, and each other
move removes at least one of the 52 cards. (The search keeps every estimate below 128.)"""


def move_cost(move: Move) -> int:
    """How many of the game's moves a solver move stands for.

    >>> move_cost((DRAW, 3)), move_cost((RECYCLE, 2)), move_cost((RECYCLE, 0)), move_cost((4, 7))
    (3, 3, 1, 1)
    """
    kind, count = move
    if kind == DRAW:
        return count
    if kind == RECYCLE:
        return count + 1
    return 1


@dataclass(slots=True)
class ParResult:
    """What one search found: the fewest moves and the line (``None``: no winning line is
    known), whether that is proven the fewest, and the work done."""

    moves: int | None
    line: list[Move] | None
    proven: bool
    nodes: int
    seconds: float


class _OutOfBudget(Exception):
    pass


class ParSearch:
    """A* from one Pyramid position (see the module docstring).

    ``upper``: the length of a winning line already known, if any; the search then looks only
    for strictly shorter ones, and if it finds none, that length is proven the fewest.
    """

    CHECK_EVERY = 256  # expansions between clock and cancellation checks

    def __init__(
        self, adapter: PyramidAdapter, budget: Budget | None = None, upper: int | None = None
    ) -> None:
        self.adapter = adapter
        self.budget = budget or Budget()
        self.upper = INFINITE if upper is None else upper
        self.bound = ParBound(adapter)
        self.nodes = 0
        self._open_lost: dict[tuple[int, int], bool] = {}
        self._sequences: dict[int, int] = {}

    def run(self, start: State) -> ParResult:
        """The search's result; ``proven`` is False only when the budget ran out first (its
        seconds read on the budget's clock)."""
        clock = self.budget.clock
        began = clock()
        try:
            found = self._search(start, began)
        except _OutOfBudget:
            return ParResult(None, None, False, self.nodes, clock() - began)
        elapsed = clock() - began
        if found is None:
            return ParResult(None, None, True, self.nodes, elapsed)
        return ParResult(sum(map(move_cost, found)), found, True, self.nodes, elapsed)

    def _search(self, start: State, began: float) -> list[Move] | None:
        """The shortest winning line shorter than ``upper``, or None if there is none.

        The open list is a bucket queue on ``(f, -g)`` (moves are few, so buckets are too),
        last in first out within a bucket: among equal estimates the deepest state first."""
        upper = min(self.upper, LONGEST + 1)  # a longer estimate cannot be a line
        key_of, successors = self._key, self.successors
        estimate = self._estimate
        limit = self.budget.nodes if self.budget.nodes is not None else 1 << 62
        deadline = None if self.budget.seconds is None else began + self.budget.seconds
        if not start[0]:
            return []
        start_key = key_of(start)
        best: dict[int, int] = {start_key: 0}
        came: dict[int, tuple[int, Move]] = {}
        h = estimate(start)
        if h >= upper:
            return None
        buckets: list[list[tuple[State, int, int]] | None] = [None] * (upper * 128)
        low = h * 128 + 127
        buckets[low] = [(start, start_key, 0)]
        top = len(buckets)
        while True:
            while not buckets[low]:
                low += 1
                if low == top:
                    return None
            state, key, g = buckets[low].pop()  # type: ignore[union-attr]
            if best[key] < g:
                continue  # a stale entry: the state was reached more cheaply since
            if not state[0]:
                return self._line(came, key)
            self.nodes += 1
            if self.nodes % self.CHECK_EVERY == 0:
                self._check(deadline)
            if self.nodes > limit:
                raise _OutOfBudget
            for move, cost, after in successors(state):
                g_after = g + cost
                key_after = key_of(after)
                if best.get(key_after, INFINITE) <= g_after:
                    continue
                f = g_after + estimate(after)
                if f >= upper:
                    continue
                best[key_after] = g_after
                came[key_after] = (key, move)
                at = f * 128 + 127 - g_after
                bucket = buckets[at]
                if bucket is None:
                    buckets[at] = [(after, key_after, g_after)]
                else:
                    bucket.append((after, key_after, g_after))
                if at < low:
                    low = at

    def _key(self, state: State) -> int:
        """The exact position up to suits, as one int: the ranks of the talon cards left in
        draw order (:meth:`PyramidAdapter.rank_sequence`), the pyramid, the pass and the cards in
        the waste (the adapter's key, packed: a flat int hashes faster than nested tuples)."""
        pyr, talon, ptr, passes = state
        high = self._sequences.get(talon)
        if high is None:
            high = self._sequences[talon] = self.adapter.rank_sequence(talon) << 36
        return high | pyr << 8 | passes << 5 | (talon & ((1 << ptr) - 1)).bit_count()

    def _estimate(self, state: State) -> int:
        """The bound, or :data:`INFINITE` when a relaxed game proves the state lost (the
        exact solver's proofs: :meth:`PyramidAdapter.is_dead`; its cheapest one, counting
        partners, is already the bound's)."""
        pyr, talon, _, passes = state
        lost = self._open_lost.get((pyr, talon))
        if lost:
            return INFINITE
        h = self.bound(state)
        if h >= INFINITE or not pyr:
            return h
        if passes == MAX_PASSES:
            return INFINITE if self.adapter.is_dead(state) else h
        if lost is None:
            ad = self.adapter
            lost = self._open_lost[pyr, talon] = not ad._clearable(pyr, ad._rank_counts(talon), 0)
        return INFINITE if lost else h

    def _check(self, deadline: float | None) -> None:
        if deadline is not None and self.budget.clock() > deadline:
            raise _OutOfBudget
        if self.budget.cancelled is not None and self.budget.cancelled():
            raise _OutOfBudget

    @staticmethod
    def _line(came: dict[int, tuple[int, Move]], key: int) -> list[Move]:
        line: list[Move] = []
        while key in came:
            key, move = came[key]
            line.append(move)
        line.reverse()
        return line

    def successors(self, state: State) -> list[tuple[Move, int, State]]:
        """The moves worth trying, each with its cost in moves and the state it leads to."""
        ad = self.adapter
        pyr, talon, ptr, passes = state
        avail, king, pairs, by_rank = ad._shapes.get(pyr) or ad._shape(pyr)
        stock_bits = talon >> ptr
        stock = (stock_bits & -stock_bits).bit_length() - 1 + ptr if stock_bits else -1
        waste_bits = talon & ((1 << ptr) - 1)
        waste = waste_bits.bit_length() - 1 if waste_bits else -1
        s_rank = ad.talon_rank[stock] if stock >= 0 else 0
        w_rank = ad.talon_rank[waste] if waste >= 0 else 0
        if king >= 0:
            return [((king, ALONE), 1, (pyr & ~(1 << king), talon, ptr, passes))]
        forced = ad._forced_pair(state, avail, stock, waste)
        if forced is not None:
            return [(forced[0], 1, forced[1])]
        out: list[tuple[Move, int, State]] = []
        if w_rank == 13:
            out.append(((WASTE, ALONE), 1, (pyr, talon & ~(1 << waste), ptr, passes)))
        if s_rank == 13:
            out.append(((STOCK, ALONE), 1, (pyr, talon & ~(1 << stock), ptr, passes)))
        elif s_rank:
            for i in by_rank[13 - s_rank]:
                out.append(((i, STOCK), 1, (pyr & ~(1 << i), talon & ~(1 << stock), ptr, passes)))
        if w_rank:
            for i in by_rank[13 - w_rank]:
                out.append(((i, WASTE), 1, (pyr & ~(1 << i), talon & ~(1 << waste), ptr, passes)))
        for i, j in pairs:
            out.append(((i, j), 1, (pyr & ~(1 << i) & ~(1 << j), talon, ptr, passes)))
        if s_rank + w_rank == 13 and s_rank and w_rank:
            spent = talon & ~(1 << stock) & ~(1 << waste)
            out.append(((STOCK, WASTE), 1, (pyr, spent, ptr, passes)))
        if s_rank == 13:
            pass  # never drawn: removing it costs the same and leaves the waste open
        elif stock >= 0:
            drawn = ad._draw(pyr, talon, stock, by_rank, passes)
            if drawn is not None:
                out.append((drawn[0], move_cost(drawn[0]), drawn[1]))
        elif waste >= 0 and passes < MAX_PASSES:
            out.append(((RECYCLE, 0), 1, (pyr, talon, 0, passes + 1)))
        return out


class ParBound:
    """A lower bound on the moves still needed to win (admissible: A* stays optimal).

    *The pyramid's own moves.* Each king costs a move; of the ``a`` cards of a rank r and the
    ``b`` of its partner rank 13 − r, at most ``m`` pairs can be made inside the pyramid (a
    maximum matching of cards that can be available together), so they need at least
    ``a + b − m`` moves.

    *Reaching the talon.* The cards the matching leaves without a pyramid partner need talon
    cards of given ranks. Each talon card of such a rank is reached one of three ways: down
    the stock (every stock card above it drawn or removed), down the waste (every card above it
    removed) or, before the last pass, round the stock (the whole stock, a recycle, then the
    waste cards beneath it in the next pass). Each card passed so costs a move of its own
    unless it leaves in a pair with a pyramid card, whose move is already counted. Such pairs
    trade against the pyramid's own: passing ``h`` cards of rank 13 − r and ``l`` of rank r
    saves at most ``min(h, a − m) + min(l, b − m) + min(h − (a − m), l − (b − m), m)`` (the
    last term, when both are positive: a pyramid pair given up lets both its cards take a
    passed card; :func:`_mix` is the definition this closed form follows). A rank needed
    ``k`` times needs its ``k``-th cheapest card; the bound is the dearest need.
    """

    def __init__(self, adapter: PyramidAdapter) -> None:
        self.adapter = adapter
        self._tables: dict[int, _Table] = {}
        self._slots: dict[int, list[int]] = {}  # talon mask -> its cards' slots in draw order

    def __call__(self, state: State) -> int:
        pyr, talon, ptr, passes = state
        if not pyr:
            return 0
        table = self._tables.get(pyr) or self._table(pyr)
        base, needs, _, need_cards = table[:4]
        if not needs:
            return base
        slots = self._slots.get(talon)
        if slots is None:
            slot = [_slot(rank) for rank in self.adapter.talon_rank]
            slots = self._slots[talon] = [slot[i] for i in _down(talon)]
        split = (talon & ((1 << ptr) - 1)).bit_count()
        found: list[list[int]] = [[] for _ in needs]
        walk = self._walk
        if passes < MAX_PASSES and talon & need_cards & ((1 << ptr) - 1):
            # Round the stock: all of it, a recycle, then the waste from its bottom.
            counts = [0] * 14
            run = walk(slots[split:], base, table, found, counts, True)
            walk(slots[:split], run + 1, table, found, counts, False)
        else:
            walk(slots[split:], base, table, found, [0] * 14, False)
        if split:
            walk(slots[split - 1 :: -1], base, table, found, [0] * 14, False)
        worst = base
        for costs, count in zip(found, needs, strict=True):
            if len(costs) < count:
                return INFINITE
            if count > 1:
                costs.sort()
                cost = costs[count - 1]
            else:
                cost = min(costs)
            if cost > worst:
                worst = cost
        return worst

    @staticmethod
    def _walk(
        slots: list[int],
        run: int,
        table: _Table,
        found: list[list[int]],
        counts: list[int],
        to_the_end: bool,
    ) -> int:
        """Pass the cards of ``slots`` in order from a bound of ``run``, noting for each need
        what reaching each of its first cards costs; stop once every need is met, unless
        ``to_the_end``. ``counts`` (the cards passed per slot) is updated. Returns the bound
        after the cards passed."""
        _, needs, need_at, _, free, pairs = table
        wanted = list(needs)
        left = len(wanted)
        for at in slots:
            need = need_at[at]
            if need >= 0 and wanted[need]:
                found[need].append(run)
                wanted[need] -= 1
                if not wanted[need]:
                    left -= 1
                    if not left and not to_the_end:
                        return run
            counts[at] += 1
            extra = counts[at] - free[at]
            # Free if it takes a partner the matching left over, or if, with a passed card of
            # the partner rank, it lets a pyramid pair go (see the class docstring). A king
            # (slot 12, no partner, nothing free) always costs its move.
            if extra > 0 and (extra > counts[at ^ 1] - free[at ^ 1] or extra > pairs[at >> 1]):
                run += 1
        return run

    def _table(self, pyr: int) -> _Table:
        """Per pyramid: the bound with nothing passed; the counts of the talon ranks needed,
        and for each slot (:func:`_slot`) the index of its need (-1: none); the talon cards of
        needed ranks; per slot the cards the matching leaves without partner; per pair of
        ranks the matching's size."""
        ad = self.adapter
        base = (pyr & ad.pyr_by_rank[13]).bit_count()
        needs: list[int] = []
        need_at = [-1] * 14
        need_cards = 0
        free = [0] * 14
        pairs = [0] * 7
        for low in range(1, 7):
            high = 13 - low
            p_low, p_high = pyr & ad.pyr_by_rank[low], pyr & ad.pyr_by_rank[high]
            a, b = p_low.bit_count(), p_high.bit_count()
            m = _max_matching(p_low, p_high) if a and b else 0
            base += a + b - m
            for rank, count in ((high, a - m), (low, b - m)):
                if count > 0:
                    need_at[_slot(rank)] = len(needs)
                    needs.append(count)
                    need_cards |= ad.talon_by_rank[rank]
            free[_slot(high)], free[_slot(low)], pairs[low - 1] = a - m, b - m, m
        table = self._tables[pyr] = (base, tuple(needs), need_at, need_cards, free, pairs)
        return table


_Table = tuple[int, tuple[int, ...], list[int], int, list[int], list[int]]


def _slot(rank: int) -> int:
    """Where a talon card of ``rank`` is counted when passed: ``2p`` for the high rank and
    ``2p + 1`` for the low rank of the ``p``-th pair of ranks (A–Q, 2–J, … 6–7), 12 for a king
    (slot 13 stays empty: a king's partner slot).

    >>> _slot(1), _slot(12), _slot(6), _slot(7), _slot(13)
    (1, 0, 11, 10, 12)
    """
    if rank == 13:
        return 12
    return 2 * (rank - 1) + 1 if rank <= 6 else 2 * (12 - rank)


def _mix(a: int, b: int, m: int, passed_high: int, passed_low: int) -> int:
    """The fewest moves for ``a`` pyramid cards of a low rank and ``b`` of its partner rank,
    at most ``m`` pairs of them inside the pyramid, when talon cards passed anyway (of the
    high rank, partners of the ``a``; of the low rank, of the ``b``) can take some."""
    return min(a + b - q - min(passed_high, a - q) - min(passed_low, b - q) for q in range(m + 1))


def _down(mask: int) -> list[int]:
    """The cards of ``mask`` in draw order (lowest bit first)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
