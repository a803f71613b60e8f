"""An exact Forty Thieves solver (SPEC §4), classic and relaxed, with full knowledge of the stock.

The state is a tuple ``(columns, foundations, talon, ptr, redeals)``:

- ``columns``: ten tuples of card codes ``suit * 13 + rank - 1`` (:attr:`Card.index`), bottom →
  top, in their real order (moves name real columns); the two copies of a card share a code;
- ``foundations``: eight counts, two per suit, each pair sorted high first — the piles of a suit
  only matter by their heights (the engine picks the pile itself for ``"foundation"``);
- ``talon``: a mask over the stock and waste cards still in play in *draw order* (waste bottom →
  top, then stock top → bottom); neither drawing nor the relaxed redeal reorders it;
- ``ptr``: the boundary in that order: the waste is the remaining cards before it, kept
  normalised so that the waste top is card ``ptr - 1``;
- ``redeals``: the redeals left (relaxed only).

Search structure:

- **Safe cards go up at once.** After every action all safe cards (an ace, or a card whose two
  lower copies are up, as :func:`patience.engine.forty_thieves.is_safe`) go up, exactly the
  engine's ``auto_safe`` closure: nothing can ever be built on such a card, so sending it up is
  never worse. The result does not depend on the order, so with ``auto_safe`` on a solution
  lists the player's actions only and the engine performs the same closure; with it off the
  line lists the closure's foundation moves explicitly.
- **Canonical keys.** Columns are sorted in the key (any column order is as good as another;
  empty columns are interchangeable), and the foundations are counted per suit. The rank is
  the point of the stock walk, as in Pyramid: with the same cards left, an earlier point reaches
  a later one by drawing (and, relaxed, redealing).
- **Locked columns** (classic): a position is lost when no column is empty and every column
  holds a card that can never leave its place (:func:`locked`: a column's cards leave only
  from the top, and with no empty column a card leaves only to a foundation or onto a copy
  of its successor, so cards waiting on each other, e.g. a 5♠ above both 3♠, stay for good).
  Deals 5001-5100 at 2 CPU s: see ``bench/RESULTS.md``.
- **Moves**, best first: foundation moves, whole runs onto a card (uncovering a card or
  emptying a column), the waste top onto a card, draw (or redeal), then runs and the waste top
  into an empty column (into one of them only, and never a whole column: that only permutes
  columns), and last part of a run onto the twin of the card it sits on. Runs move as one action
  within the ruleset's limit (classic ``2**E`` onto a card, ``2**(E-1)`` into an empty column).

>>> from patience.games import load_position
>>> from patience.solver.core import solve
>>> position = {"game": "forty-thieves", "tableau": [["AS"], ["2S", "AS"]] + [[]] * 8,
...     "stock": ["2S"], "waste": [], "foundations": [[]] * 8}
>>> solve(*FortyThievesAdapter.from_game(load_position(position))).solution
[{'type': 'move', 'from': 't0', 'to': 'foundation'}, {'type': 'draw'}]
>>> [m["from"] + ">" + m.get("to", "") if m["type"] == "move" else m["type"] for m in solve(
...     *FortyThievesAdapter.from_game(load_position(position, {"auto_safe": False}))).solution]
['t0>foundation', 't1>foundation', 't1>foundation', 'draw', 'waste>foundation']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from patience.engine.forty_thieves import (
    FOUNDATION,
    WASTE,
    CardMove,
    Draw,
    FortyThievesGame,
    FTMove,
    FTState,
    Redeal,
    run_limits,
)
from patience.solver import native

Columns = tuple[tuple[int, ...], ...]
# (columns, foundations, talon, ptr, redeals): see the module docstring.
State = tuple[Columns, tuple[int, ...], int, int, int]
# The search's moves are ints: ``src << 8 | dst << 4 | count`` for a card move (the engine's
# locations, FOUNDATION for "foundation"), or DRAW, or REDEAL (see :func:`engine_move`).
DRAW, REDEAL = -1, -2
UP = FOUNDATION << 4 | 1  # the low bits of one card sent up
Step = tuple[int, ...]  # one action, then the safe cards it sent up (as foundation moves)


def engine_move(move: int) -> FTMove:
    """The engine's move for a solver move.

    >>> engine_move(3 << 8 | 7 << 4 | 2).to_dict(), engine_move(DRAW).to_dict()
    ({'type': 'move', 'from': 't3', 'to': 't7', 'count': 2}, {'type': 'draw'})
    """
    if move == DRAW:
        return Draw()
    if move == REDEAL:
        return Redeal()
    return CardMove(move >> 8, move >> 4 & 15, move & 15)


SECOND_PASS = 256  # rank offset of the relaxed second pass (talons hold fewer cards)


def _fits(card: int, parent: int) -> bool:
    """``card`` builds on ``parent``: same suit, one rank lower."""
    return parent == card + 1 and card % 13 != 12


def _run(column: tuple[int, ...]) -> int:
    """The length of the same-suit descending run on top of ``column``."""
    n = 1 if column else 0
    while n < len(column) and _fits(column[-n], column[-n - 1]):
        n += 1
    return n


def _pile(found: Sequence[int], card: int) -> int:
    """The index in ``found`` of a pile that takes ``card``, or -1."""
    suit, below = card // 13 * 2, card % 13
    if found[suit] == below:
        return suit
    if found[suit + 1] == below:
        return suit + 1
    return -1


def _safe(found: Sequence[int], card: int) -> bool:
    """An ace, or both cards one rank lower of the suit are up (and a pile takes it): with the
    suit's piles sorted high first, exactly when the lower pile takes it."""
    return found[card // 13 * 2 + 1] == card % 13


def _raise(found: list[int], pile: int) -> None:
    """Put a card on ``pile`` and keep the suit's pair sorted high first."""
    found[pile] += 1
    if pile & 1 and found[pile] > found[pile - 1]:
        found[pile], found[pile - 1] = found[pile - 1], found[pile]


def locked(state: State, talon_cards: Sequence[int]) -> bool:
    """Whether a classic position is lost because every column holds a card that can never
    leave its place (a *lock*), with no column empty.

    *The cards that may ever leave* are over-approximated by a least fixpoint, assuming no
    column is ever empty: a card may leave when every card above it (a column's, or the
    waste's first, still there now) may leave, and either it may go up (for each rank the
    suit's pile needs below it, some copy of that card may leave: a pile at height ``r - 1``
    holds one copy of each lower rank; the higher pile, or the lower one when the card's
    twin is already up, gives the ranks still needed) or it may go onto a copy of its
    successor (a copy that may leave, so it may land on a column, or a column card whose
    cards above may all leave, so it may become a top). Stock cards are not buried: each may
    be drawn.

    *Soundness.* With no column empty, a classic run limit is ``2**0 = 1``: every move
    moves one card. Suppose a card the fixpoint never marked (a *locked* card) leaves, and
    take the first time one does, card X. Before it, no locked card moved, so no column
    emptied (each column holds a locked card) and nothing went into an empty column. The
    cards above X left earlier, so none is locked: all may leave, as the fixpoint has it. X
    went up: the cards its pile needed went up earlier, so a copy of each may leave. Or X
    went onto a copy of its successor on a column top, which either left its place earlier
    (it may leave) or never did, with every card above it gone (so all may leave): either
    way X may go onto it. So the fixpoint marks X: a contradiction. Hence no locked card ever
    leaves, and a position with one is lost.

    A hand-built example (codes ``suit * 13 + rank - 1``; spades 0-12, hearts 13-25; cards
    left out as if elsewhere): a 5S above both 3S, the spades' piles at 2 (so the 5S needs a
    3S up), and in each other column a 3H, which has no heart pile and no 4H to go to:

    >>> found = (2, 2, 0, 0, 0, 0, 0, 0)
    >>> columns = ((2, 2, 4),) + ((17, 15),) * 9
    >>> locked((columns, found, 0, 0, 0), [])
    True
    >>> locked((columns, found, 1, 0, 0), [5])  # a 6S in the stock: it can go nowhere
    True
    >>> columns = columns[:1] + ((17, 15, 6),) + columns[2:]  # but onto this 7S, and the 5S
    >>> locked((columns, found, 1, 0, 0), [5])  # onto it: the 3S go up, column 0 empties
    False
    """
    columns, found, talon, ptr, _ = state
    if not all(columns):
        return False
    waste = [talon_cards[t] for t in range(ptr - 1, -1, -1) if talon >> t & 1]  # top first
    stock = [talon_cards[t] for t in range(ptr, len(talon_cards)) if talon >> t & 1]
    free = _leaving(columns, found, waste, stock)
    return all(free[c] < len(column) for c, column in enumerate(columns))


def _leaving(
    columns: Sequence[Sequence[int]], found: Sequence[int], waste: list[int], stock: list[int]
) -> list[int]:
    """:func:`locked`'s least fixpoint: how many top cards of each column may leave."""
    free = [0] * len(columns)  # the top cards of each column that may leave
    leaves = [False] * 52  # some copy of the card may leave its place
    waste_free = 0

    def may_leave(card: int) -> bool:
        suit, rank = divmod(card, 13)  # rank 0 for an ace
        high, low = found[2 * suit], found[2 * suit + 1]
        floor = high if high <= rank else low  # the height of the pile it would go on
        if all(leaves[suit * 13 + below] for below in range(floor, rank)):
            return True
        if rank == 12:
            return False
        successor = card + 1
        return leaves[successor] or any(
            free[c] < len(column) and column[-1 - free[c]] == successor
            for c, column in enumerate(columns)
        )

    changed = True
    while changed:
        changed = False
        for c, column in enumerate(columns):
            while free[c] < len(column) and may_leave(column[-1 - free[c]]):
                leaves[column[-1 - free[c]]] = True
                free[c] += 1
                changed = True
        while waste_free < len(waste) and may_leave(waste[waste_free]):
            leaves[waste[waste_free]] = True
            waste_free += 1
            changed = True
        for card in stock:
            if not leaves[card] and may_leave(card):
                leaves[card] = changed = True
    return free


class FortyThievesAdapter:
    """The search adapter for one Forty Thieves position (see the module docstring)."""

    locked_columns: bool = True
    """Prove classic positions lost when every column is locked (:func:`locked`). Off only to
    measure what it is worth (``bench/solver.py --without locked-columns``)."""

    safe_closure: bool = True
    """Send safe cards up after every action (see the module docstring). Off only to measure
    what it is worth (``bench/solver.py --without safe-closure``): every foundation move is
    then a move of its own, so a line lists it whatever ``auto_safe`` says, and it replays only
    with ``auto_safe`` off; the verdicts are the same either way
    (``tests/solver/test_levers.py``)."""

    def __init__(
        self,
        talon: Sequence[int],
        relaxed: bool,
        auto_safe: bool,
        safe_closure: bool | None = None,
    ) -> None:
        self.talon_cards = list(talon)
        self.relaxed = relaxed
        self.auto_safe = auto_safe
        if safe_closure is not None:
            self.safe_closure = safe_closure

    @classmethod
    def from_state(
        cls, state: FTState, relaxed: bool, auto_safe: bool = True
    ) -> tuple[FortyThievesAdapter, State]:
        talon = [c.index for c in (*state.waste, *state.stock)]
        heights: list[list[int]] = [[0, 0] for _ in range(4)]
        for pile in state.foundations:
            if pile:
                heights[pile[0].suit].append(len(pile))
        found = [h for suit in heights for h in sorted(suit, reverse=True)[:2]]
        columns = tuple(tuple(c.index for c in column) for column in state.tableau)
        start = (columns, tuple(found), (1 << len(talon)) - 1, len(state.waste), state.redeals_left)
        return cls(talon, relaxed, auto_safe), start

    @classmethod
    def from_game(cls, game: Any) -> tuple[FortyThievesAdapter, State]:
        if not isinstance(game, FortyThievesGame):
            raise TypeError("not a Forty Thieves game")
        return cls.from_state(game.state, game.rules.relaxed, game.rules.auto_safe)

    def native(self, start: State) -> native.Twin | None:
        """The native twin of this search (:mod:`patience.solver.native`; its talon mask is
        one machine word, so a talon of more than 64 cards stays in Python)."""
        if native.NATIVE is None or len(self.talon_cards) > 64:
            return None
        game = native.NATIVE.FortyThieves(
            self.talon_cards, self.relaxed, self.safe_closure, self.locked_columns
        )
        return native.Twin(game, start, moves=lambda line: game.steps(start, line))

    def apply(self, state: State, action: int) -> tuple[Step, State]:
        """The step (the action, then the safe cards its closure sends up) and the state
        after one action from ``state``: the native core's lines are actions.

        >>> from patience.games import new_game
        >>> adapter, start = FortyThievesAdapter.from_game(new_game("forty-thieves", deal=1))
        >>> [(step, after)] = adapter.successors(start)  # an ace on top: up it goes, alone
        >>> adapter.apply(start, step[0]) == (step, after)
        True
        """
        columns, found, talon, ptr, redeals = state
        if action == DRAW:
            stock = talon >> ptr
            drawn = ptr + (stock & -stock).bit_length()
            return self._close((DRAW,), list(columns), list(found), talon, drawn, redeals)
        if action == REDEAL:
            return self._close((REDEAL,), list(columns), list(found), talon, 0, redeals - 1)
        dst = action >> 4 & 15
        return self._after(state, action >> 8, -1 if dst == FOUNDATION else dst, action & 15)

    # -- the adapter protocol --------------------------------------------------------------

    def key(self, state: State) -> tuple[Hashable, int]:
        """Group: the sorted columns, the foundation heights and the talon cards left. Rank:
        the point of the stock walk (an earlier point reaches a later one by drawing; the
        cards it sends up on the way are safe ones, which only helps)."""
        columns, found, talon, ptr, redeals = state
        return (tuple(sorted(columns)), found, talon), ptr if redeals else ptr + SECOND_PASS

    def is_won(self, state: State) -> bool:
        return not state[2] and not any(state[0])

    def is_dead(self, state: State) -> bool:
        """Classic: every column locked (:func:`locked`). Relaxed: no cheap proof (a whole run
        moves onto a card, which the lock's argument does not follow)."""
        return self.locked_columns and not self.relaxed and locked(state, self.talon_cards)

    def successors(self, state: State) -> Iterator[tuple[Step, State]]:
        columns, found, talon, ptr, redeals = state
        waste = self.talon_cards[ptr - 1] if ptr else -1
        left_over = self._safe_card(state, waste) if self.safe_closure else None
        if left_over is not None:  # only in a start position: up it goes, alone
            yield left_over
            return

        empty = [i for i, column in enumerate(columns) if not column]
        to_card, to_empty = run_limits(len(empty), self.relaxed)
        first_empty = empty[0] if empty else -1
        parents: dict[int, list[int]] = {}
        for dst, column in enumerate(columns):
            if column:
                parents.setdefault(column[-1], []).append(dst)
        runs = [_run(column) for column in columns]

        # Foundation moves.
        for src in self._sources(columns, waste):
            top = waste if src == WASTE else columns[src][-1]
            if _pile(found, top) >= 0:
                yield self._after(state, src, -1, 1)

        # Whole runs onto a card (uncovering a card or emptying the column).
        split: list[tuple[int, int, int]] = []  # parts of runs, tried last
        to_space: list[tuple[int, int]] = []  # runs into the first empty column
        for src, column in enumerate(columns):
            if not column:
                continue
            run = runs[src]
            head = column[-run]
            if run <= to_card:
                for dst in parents.get(head + 1, ()):
                    if head % 13 != 12:
                        yield self._after(state, src, dst, run)
            for n in range(1, run):  # part of the run: onto the twin of its parent
                if n <= to_card:
                    for dst in parents.get(column[-n] + 1, ()):
                        if dst != src:
                            split.append((src, dst, n))
            if first_empty >= 0:
                for n in range(min(run, to_empty, len(column) - 1), 0, -1):
                    to_space.append((src, n))

        if waste >= 0:
            for dst in parents.get(waste + 1, ()):
                if waste % 13 != 12:
                    yield self._after(state, WASTE, dst, 1)
        if talon >> ptr:
            yield self.apply(state, DRAW)
        elif redeals and waste >= 0:
            yield self.apply(state, REDEAL)
        for src, n in to_space:
            yield self._after(state, src, first_empty, n)
        if waste >= 0 and first_empty >= 0:
            yield self._after(state, WASTE, first_empty, 1)
        for src, dst, n in split:
            yield self._after(state, src, dst, n)

    def _safe_card(self, state: State, waste: int) -> tuple[Step, State] | None:
        """A safe card's move up, if a column top or the waste top is safe."""
        columns, found = state[0], state[1]
        for src in self._sources(columns, waste):
            if _safe(found, waste if src == WASTE else columns[src][-1]):
                return self._after(state, src, -1, 1)
        return None

    @staticmethod
    def _sources(columns: Columns, waste: int) -> list[int]:
        """The places with a top card: columns in order, then the waste."""
        places = [src for src, column in enumerate(columns) if column]
        return [*places, WASTE] if waste >= 0 else places

    def _after(self, state: State, src: int, dst: int, n: int) -> tuple[Step, State]:
        """Apply a card move (``dst`` -1 for a foundation) and close over safe cards."""
        columns, found, talon, ptr, redeals = state
        cols = list(columns)
        fnd = list(found)
        if src == WASTE:
            moving: tuple[int, ...] = (self.talon_cards[ptr - 1],)
            talon &= ~(1 << (ptr - 1))
            ptr = (talon & ((1 << ptr) - 1)).bit_length()
        else:
            moving = cols[src][-n:]
            cols[src] = cols[src][:-n]
        if dst < 0:
            _raise(fnd, _pile(fnd, moving[0]))
        else:
            cols[dst] = cols[dst] + moving
        move = src << 8 | (FOUNDATION if dst < 0 else dst) << 4 | n
        return self._close((move,), cols, fnd, talon, ptr, redeals)

    def _close(
        self,
        step: Step,
        cols: list[tuple[int, ...]],
        found: list[int],
        talon: int,
        ptr: int,
        redeals: int,
    ) -> tuple[Step, State]:
        """Send safe column tops and the waste top up until none is left."""
        cards = self.talon_cards
        moved = self.safe_closure
        while moved:
            moved = False
            for src, column in enumerate(cols):
                while column and _safe(found, column[-1]):
                    _raise(found, _pile(found, column[-1]))
                    column = column[:-1]
                    step = (*step, src << 8 | UP)
                    moved = True
                cols[src] = column
            while ptr and _safe(found, cards[ptr - 1]):
                _raise(found, _pile(found, cards[ptr - 1]))
                talon &= ~(1 << (ptr - 1))
                ptr = (talon & ((1 << ptr) - 1)).bit_length()
                step = (*step, WASTE << 8 | UP)
                moved = True
        return step, (tuple(cols), tuple(found), talon, ptr, redeals)

    def move_json(self, moves: Sequence[Step]) -> list[dict[str, Any]]:
        """The actions; with ``auto_safe`` off, the safe cards' foundation moves as well."""
        if self.auto_safe:
            return [engine_move(step[0]).to_dict() for step in moves]
        return [engine_move(move).to_dict() for step in moves for move in step]
