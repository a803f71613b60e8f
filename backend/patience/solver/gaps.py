"""An exact Gaps (Montana) solver for every ruleset of SPEC §3.

**State.** ``(grid, redeals_left, redeals_done)``: ``grid`` is 52 bytes, row by row, each a
card's :attr:`~patience.engine.cards.Card.index` or :data:`GAP`; ``redeals_left`` is a count or
``-1`` for unlimited; ``redeals_done`` fixes the next redeal's shuffle.

**Moves.** A gap takes at most one card (the successor of its left neighbour), except a gap in
column 0, which takes any 2. Redeals are moves too: the outcome is deterministic (the engine's
own :func:`~patience.engine.gaps.redeal` computes it), so the search simply tries it, last.

**Soundness.** Every verdict is exact: nothing is pruned on heuristic grounds. In particular a
card of a row's leading run is *not* frozen: a 2 in column 0 may move to another column-0 gap,
and that can be the only way to win (2♠ alone in row 0 while row 1 reads ``_ 3♠ … K♠ 2♥``;
a 2♠ 3♠ / 2♥ 3♥ run pair holding each other's 4 can only be untangled by moving a run).
What is pruned is proven:

- *Persistent sets* (no redeal left). Gaps is four tokens: a gap takes one card and moves to
  where that card was, so most moves of different gaps commute. Where the other gaps' futures
  provably never touch one gap's move, only that move is searched (:func:`persistent_cards`):
  this reaches every dead end, so every win, that the full search reaches.
- *Symmetric rows* (no redeal left). The rows are interchangeable (each row is its own line and
  any suit can own any row), so the transposition key sorts the rows. (A redeal deals row by
  row, so with redeals left the key is the exact position.)
- *Dead positions* (no redeal left): a card that can never move again sits off every winning
  layout (:func:`frozen`, :func:`misplaced`); also a card missing from a hand-built grid. The
  frozen test is skipped (never unsound: it only prunes) while a column-0 place is empty: every
  2 can then move, and in practice so can nearly every card.
- *Move ordering.* Run extensions first, then by what the new gap can take (a card extending a
  run, any 2, some card, nothing), a 2 leaving column 0 last; the redeal after every card move.
  The search is one phase of a portfolio within one budget
  (:func:`~patience.solver.core.solve`): first two short *dives* in another order
  (:meth:`GapsAdapter.dives`), then *beams* (:attr:`GapsAdapter.BEAMS`,
  :meth:`GapsAdapter.score`: wins are common but deep), then short *probes* under perturbed
  orders (:attr:`GapsAdapter.PROBES`), then this search with what is left.

>>> from patience.engine import new_game
>>> from patience.solver.core import solve
>>> adapter, start = GapsAdapter.from_game(new_game("gaps", deal=1, options={"redeals": 2}))
>>> solve(adapter, start).verdict
'winnable'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Any, ClassVar

from patience.engine.cards import Card
from patience.engine.gaps import (
    COLS,
    ROWS,
    SIZE,
    UNLIMITED,
    GapsGame,
    GapsMove,
    GapsState,
    Place,
    Redeal,
    redeal,
)

GAP = 0xFF
TWOS = (1, 14, 27, 40)  # the 2s' card indices
NEEDED = frozenset(i for i in range(52) if i % 13)  # every card but the aces
ACES_IDX = frozenset(i for i in range(52) if not i % 13)  # the aces (off every full grid)
WON_ROWS = frozenset(bytes([*range(suit * 13 + 1, suit * 13 + 13), GAP]) for suit in range(4))
State = tuple[bytes, int, int]  # (grid, redeals_left or -1 for unlimited, redeals_done)
Move = int  # the search's move: ``card << 6 | gap`` for a card into a gap, or REDEAL
REDEAL = -1
# Card index -> its successor's; kings and gaps -> bytes no place holds (see GapsAdapter.score).
SUCCESSOR = bytes(0xFE if i % 13 == 12 or i >= 52 else i + 1 for i in range(256))
ROW_STARTS = tuple(range(0, SIZE, COLS))
ROW_ENDS = tuple(start + COLS - 1 for start in ROW_STARTS[:-1])
# The masks of GapsAdapter.score's pair count, over the 51 places that have a right neighbour.
LOW7 = int.from_bytes(b"\x7f" * (SIZE - 1))
PAIR_BITS = int.from_bytes(bytes(0 if i in ROW_ENDS else 0x80 for i in range(SIZE - 1)))


def encode(state: GapsState) -> State:
    """The compact form of an engine state.

    >>> from patience.engine import new_game
    >>> grid, left, done = encode(new_game("gaps", deal=1).state)
    >>> len(grid), grid.count(GAP), left, done
    (52, 4, 2, 0)
    """
    grid = bytes(GAP if card is None else card.index for card in state.grid)
    left = -1 if state.redeals_left == UNLIMITED else int(state.redeals_left)
    return grid, left, state.redeals_done


def decode(state: State, seed: int) -> GapsState:
    """The engine state of a compact one (inverse of :func:`encode`)."""
    grid, left, done = state
    cards = tuple(None if i == GAP else Card.from_index(i) for i in grid)
    return GapsState(cards, UNLIMITED if left < 0 else left, seed, done)


def run_length(grid: bytes, row: int) -> int:
    """The length of ``row``'s leading run (a 2 in column 0, then its suit's 3, 4, …).

    >>> run_length(bytes([1, 2, 3, 17]) + bytes([GAP]) * 48, 0)
    3
    """
    base = row * COLS
    first = grid[base]
    if first == GAP or first % 13 != 1:
        return 0
    length = 1
    while length < COLS - 1 and grid[base + length] == first + length:
        length += 1
    return length


def frozen(grid: bytes) -> list[bool]:
    """For each card index, True when the card can never move again without a redeal.

    The complement is a least fixpoint over-approximating the cards that may still move: a 2
    may move while some other column-0 place is a gap or holds a card that may move; any other
    card may move when its predecessor may move, or when the place right of its predecessor
    is a gap or holds another card that may move. (By induction on time, the first frozen card
    to move would contradict one of these rules.) Computed with a worklist: a card turning
    movable frees its successor and its own place (so the card due there, or in column 0 the
    2s).

    >>> grid = bytearray([GAP]) * 52
    >>> grid[0:3] = bytes([1, 2, 16])  # 2S 3S 4H / 2H 3H 4S / 2D / 2C: all stuck
    >>> grid[13:16] = bytes([14, 15, 3])
    >>> grid[26], grid[39] = 27, 40
    >>> all(frozen(bytes(grid))[card] for card in grid if card != GAP)
    True
    >>> grid[39] = GAP  # a free place in column 0: the 2s (and their runs) may move
    >>> frozen(bytes(grid))[1]
    False
    """
    pos = positions(grid)
    movable = [False] * 52
    # Places that are (or may become) empty, whose due card may then move.
    places = [place for place, card in enumerate(grid) if card == GAP]
    while places:
        place = places.pop()
        if place % COLS == 0:
            due = [two for two in TWOS if pos[two] != place]
        else:
            left = grid[place - 1]
            if left == GAP or left % 13 == 12 or grid[place] == left + 1:
                continue
            due = [left + 1]
        while due:  # free each due card, then its successor, and so on
            card = due.pop()
            if movable[card] or pos[card] < 0:
                continue
            movable[card] = True
            places.append(pos[card])
            if card % 13 != 12:
                due.append(card + 1)
    return [not m for m in movable]


def misplaced(grid: bytes, stuck: list[bool]) -> bool:
    """Whether some frozen card (``stuck``) is off every winning layout: not at its rank's
    column, or in a row with a frozen card of another suit.

    >>> grid = bytearray([GAP]) * 52
    >>> grid[0:3] = bytes([1, 2, 16])  # 2S 3S 4H: the 4H is frozen in a row of spades
    >>> stuck = [True] * 52
    >>> misplaced(bytes(grid), stuck)
    True
    >>> stuck[16] = False
    >>> misplaced(bytes(grid), stuck)
    False
    """
    for row in range(ROWS):
        suit = -1
        for col in range(COLS):
            card = grid[row * COLS + col]
            if card == GAP or not stuck[card]:
                continue
            if card % 13 != col + 1 or suit not in (-1, card // 13):
                return True
            suit = card // 13
    return False


def positions(grid: bytes) -> list[int]:
    """For each card index, its place on the grid (-1 when absent)."""
    pos = [-1] * 52
    for place, card in enumerate(grid):
        if card != GAP:
            pos[card] = place
    return pos


def card_moves(grid: bytes) -> list[tuple[int, int, int]]:
    """The legal card moves as ``(card, source, gap)``, gaps in row-major order: a gap in
    column 0 takes any 2, another gap the successor of its left neighbour (none right of a king
    or of a gap). Cards are found with ``bytes.find`` (in C), not a position table.

    >>> grid = bytearray([GAP]) * 52
    >>> grid[0:3], grid[20] = bytes([1, 2, GAP]), 3  # 2S 3S _ … and the 4S at r1c7
    >>> [move for move in card_moves(bytes(grid)) if move[2] == 2]
    [(3, 20, 2)]
    """
    moves: list[tuple[int, int, int]] = []
    gap = grid.find(GAP)
    while gap >= 0:
        if gap % COLS == 0:
            for card in TWOS:
                source = grid.find(card)
                if source >= 0:
                    moves.append((card, source, gap))
        else:
            before = grid[gap - 1]
            if before != GAP and before % 13 != 12:
                source = grid.find(before + 1)
                if source >= 0:
                    moves.append((before + 1, source, gap))
        gap = grid.find(GAP, gap + 1)
    return moves


def engine_move(move: Move) -> GapsMove:
    """The engine's move for a solver move (see :data:`Move`).

    >>> engine_move(3 << 6 | 2).to_dict(), engine_move(REDEAL).to_dict()
    ({'type': 'move', 'card': '4S', 'to': 'r0c2'}, {'type': 'redeal'})
    """
    return Redeal() if move == REDEAL else Place(Card.from_index(move >> 6), move & 63)


def _late_first(move: tuple[int, int, int]) -> tuple[int, int]:
    """The sort key of the other move order: cards late in the grid first (see
    :meth:`GapsAdapter.dives`)."""
    return (-move[1], -move[2])


def _moved(grid: bytes, card: int, source: int, gap: int) -> bytes:
    """``grid`` after ``card`` moves from ``source`` into ``gap``."""
    after = bytearray(grid)
    after[source] = GAP
    after[gap] = card
    return bytes(after)


def enabled(moves: Iterable[tuple[int, int, int]]) -> dict[int, list[int]]:
    """Card moves (:func:`card_moves`) as card index → the gaps it may fill."""
    targets: dict[int, list[int]] = {}
    for card, _, gap in moves:
        targets.setdefault(card, []).append(gap)
    return targets


PATH_LIMIT = 400  # steps of one gap's simulated future before giving up on reducing


def gap_future(grid: bytes, gap: int) -> tuple[set[int], set[int]] | None:
    """The places that the gap at ``gap`` may write and read if it alone moves from now on:
    filling it moves one card (writing its place and the gap's), after reading the left
    neighbour (or, in column 0, where the 2s are) and the filler's place; the gap then
    continues from the filler's old place. ``None`` when the future is too long to follow.

    >>> grid = bytearray([GAP]) * 52
    >>> grid[0:2], grid[20] = bytes([1, 2]), 3  # 2S 3S _ … and the 4S at r1c7, after a gap
    >>> writes, reads = gap_future(bytes(grid), 2)
    >>> sorted(writes), sorted(reads)
    ([2, 20], [1, 19, 20])
    """
    writes: set[int] = set()
    reads: set[int] = set()
    stack = [(grid, gap)]
    seen = set(stack)
    steps = 0
    while stack:
        here, at = stack.pop()
        if at % COLS == 0:
            fillers = list(TWOS)
        else:
            reads.add(at - 1)
            before = here[at - 1]
            if before == GAP or before % 13 == 12:
                continue
            fillers = [before + 1]
        for card in fillers:
            source = here.find(card)
            if source < 0 or source == at:
                continue
            steps += 1
            if steps > PATH_LIMIT:
                return None
            reads.add(source)
            writes.update((source, at))
            after = bytearray(here)
            after[source], after[at] = GAP, card
            nxt = (bytes(after), source)
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return writes, reads


def persistent_cards(grid: bytes, pos: list[int], targets: dict[int, list[int]]) -> set[int]:
    """The cards whose moves form a small persistent set (all cards when none is smaller).

    Without redeals a won position is a dead end (no move at all), and searching from each
    position only a persistent set of its moves reaches every dead end the full search reaches,
    by a line no longer (Godefroid; Valmari's stubborn sets), so verdicts stay exact. Here the
    set is grown from one move: every gap outside it must have a solo future
    (:func:`gap_future`) that writes nothing another outside gap reads, and that neither reads
    the place a chosen move empties nor writes that place, the chosen gap or its left
    neighbour. The outside futures then interleave freely and never touch the chosen moves;
    a gap that fails joins the set if it can move now, else the attempt fails.
    """
    gaps = [i for i, card in enumerate(grid) if card == GAP]
    futures = {gap: gap_future(grid, gap) for gap in gaps}
    movers: dict[int, list[int]] = {}  # gap -> the places of the cards that can fill it
    for card, to in targets.items():
        for gap in to:
            movers.setdefault(gap, []).append(pos[card])
    best = set(movers)
    for start in movers:
        chosen = {start}
        while len(chosen) < len(best):
            bad = _outside_conflicts(gaps, futures, chosen, movers)
            if not bad:
                best = chosen
                break
            if any(g not in movers for g in bad):
                break
            chosen.update(bad)
    return {grid[source] for gap in best for source in movers[gap]}


Future = tuple[set[int], set[int]] | None


def _outside_conflicts(
    gaps: list[int], futures: dict[int, Future], chosen: set[int], movers: dict[int, list[int]]
) -> list[int]:
    """The gaps outside ``chosen`` whose futures are unknown, or touch the chosen moves, or
    write what another outside gap's future reads (see :func:`persistent_cards`)."""
    outside = [g for g in gaps if g not in chosen]
    known = {g: f for g in outside if (f := futures[g]) is not None}
    if len(known) < len(outside):
        return [g for g in outside if g not in known]
    emptied = {source for gap in chosen for source in movers[gap]}
    touched = emptied | {gap - 1 for gap in chosen} | chosen
    return [
        g
        for g, (writes, reads) in known.items()
        if emptied & reads
        or touched & writes
        or any(writes & other[1] for h, other in known.items() if h != g)
    ]


class GapsAdapter:
    """The search adapter for one Gaps position (see the module docstring)."""

    PROBES: ClassVar[int] = 8
    """Probes (:func:`~patience.solver.core.solve`) before the search: the first move order
    leads depth-first search into huge losing subtrees (with redeals left, the whole
    no-redeal subtree is searched before the first redeal), and short searches under
    perturbed orders find many more wins in the same budget. Deals 1…20, 20,000 nodes each:
    two redeals 18 wins against 14, one redeal 10 against 7, two redeals with aces shuffled
    in 17 against 10."""

    def __init__(
        self, seed: int, aces_shuffled: bool, reduce: bool = True, late_first: bool = False
    ) -> None:
        self.seed = seed
        self.aces_shuffled = aces_shuffled
        self.reduce = reduce
        self.late_first = late_first

    def dives(self, start: State) -> Sequence[GapsAdapter]:
        """Two short depth-first searches first, in another order: cards late in the grid
        (bottom row, right) first, as Solvitaire's Gaps search happens to try them; once
        with the persistent-set reduction, once on every move (cheaper nodes). Without
        redeals, deals 1…30, 1 s each: each won 3 deals, together 4 (8, 12, 24, 28), deal 24
        not won otherwise in 10 s. Their "no win" is as exact as any search's."""
        if start[1] < 0:
            return ()
        seed, aces = self.seed, self.aces_shuffled
        return (
            GapsAdapter(seed, aces, reduce=True, late_first=True),
            GapsAdapter(seed, aces, reduce=False, late_first=True),
        )

    def probes(self, start: State) -> int:
        return self.PROBES

    BEAMS: ClassVar[tuple[int, ...]] = (400, 1500)
    """Beam widths (:class:`~patience.solver.core.BeamSearch`) tried first: wins are common
    but deep, and depth-first search, however ordered, spends its budget below its first
    few choices. Without redeals, deals 1…30, 10 s each: 19 wins with these beams, 17 with
    one of width 1000, 15 with 200, 800 and 3000; 5 with probes alone. With one redeal: 30
    against 21; with one and aces shuffled in, deals 1…20 at 100,000 nodes: 19 against 14."""

    REDEAL_BONUS: ClassVar[int] = 300
    """What a redeal still in hand adds to the score (three cards in place)."""

    def beam_widths(self, start: State) -> Sequence[int]:
        """No beams with unlimited redeals: every redeal extends a run, so depth-first search
        wins at once (deals 1…20: 0.1 s in all without beams, 19 s with)."""
        return () if start[1] < 0 else self.BEAMS

    @classmethod
    def score(cls, state: State) -> int:
        """The beam's guide: cards in place (the rows' leading runs) count most, then cards
        followed by their successor anywhere (a run in the making) and redeals in hand; a gap
        that can take nothing (right of a king or of a gap) counts against."""
        grid = state[0]
        in_place = 0
        for base in ROW_STARTS:  # run_length, inlined: the beam scores every new state
            first = grid[base]
            if first % 13 == 1:  # a 2 (a gap's 0xFF is 8 mod 13)
                length = 1
                while length < COLS - 1 and grid[base + length] == first + length:
                    length += 1
                in_place += length
        # Each card's successor (never for a king or a gap) against the next place's card, all
        # 51 at once as one big int: a zero byte of ``x`` is a pair; bit 7 of each byte of
        # ``zero`` says so (adding 0x7F to the low seven bits carries into bit 7 unless they
        # are all 0, and never into the next byte); the row-end bytes are masked off.
        x = int.from_bytes(grid.translate(SUCCESSOR)[:-1]) ^ int.from_bytes(grid[1:])
        zero = ~(((x & LOW7) + LOW7) | x | LOW7) & PAIR_BITS
        pairs = zero.bit_count()
        dead = 0
        gap = grid.find(GAP)
        while gap >= 0:
            if gap % COLS and (grid[gap - 1] == GAP or grid[gap - 1] % 13 == 12):
                dead += 1
            gap = grid.find(GAP, gap + 1)
        redeals = max(state[1], 0)  # unlimited (-1): every state has them, so none counts
        return 100 * in_place + 10 * pairs - 30 * dead + cls.REDEAL_BONUS * redeals

    @classmethod
    def from_state(cls, state: GapsState, aces_shuffled: bool = False) -> tuple[GapsAdapter, State]:
        return cls(state.seed, aces_shuffled), encode(state)

    @classmethod
    def from_game(cls, game: Any) -> tuple[GapsAdapter, State]:
        if not isinstance(game, GapsGame):
            raise TypeError("not a Gaps game")
        return cls.from_state(game.state, bool(game.options["aces_shuffled"]))

    # -- the adapter protocol --------------------------------------------------------------

    def key(self, state: State) -> tuple[Hashable, int]:
        """Group: the position, with the rows sorted when no redeal is left (rows are then
        interchangeable). No dominance order: rank 0."""
        grid, left, _ = state
        if left == 0:
            return b"".join(sorted((grid[0:13], grid[13:26], grid[26:39], grid[39:52]))), 0
        return state, 0

    def is_won(self, state: State) -> bool:
        grid = state[0]
        return all(grid[base : base + COLS] in WON_ROWS for base in range(0, SIZE, COLS))

    def is_dead(self, state: State) -> bool:
        """Cheap proofs of a loss: a card missing from the grid (hand-built positions) or, with
        no redeal left, a card frozen out of place (see :func:`frozen`)."""
        grid, left, _ = state
        # 4 gaps and no ace: all 48 cards are there (the check runs only when in doubt).
        incomplete = grid.count(GAP) != 4 or not ACES_IDX.isdisjoint(grid)
        if incomplete and len(NEEDED.intersection(grid)) < len(NEEDED):
            return True
        if left != 0 or GAP in (grid[0], grid[13], grid[26], grid[39]):
            return False  # a gap in column 0 lets every 2, so nearly every card, move
        return misplaced(grid, frozen(grid))

    def successors(self, state: State) -> Iterator[tuple[Move, State]]:
        """Every card move, best first (see :meth:`_priority`), then the redeal; with no
        redeal left, only a persistent set of them (:func:`persistent_cards`)."""
        return iter(self._moves(state, self.reduce))

    def beam_successors(self, state: State) -> Iterator[tuple[Move, State]]:
        """Every move, best first: a persistent set keeps every dead end reachable, which
        exhaustive search needs, but it narrows what a beam sees at each depth (deals 1…30,
        10 s: 17 wins without, 10 with). The order breaks the beam's ties between equal
        scores, and it matters: unordered, deals 12 and 16 were no longer won in 10 s."""
        return iter(self._moves(state, False))

    def _moves(self, state: State, reduce: bool) -> list[tuple[Move, State]]:
        grid, left, done = state
        moves = card_moves(grid)
        targets = enabled(moves) if left == 0 and reduce else {}
        if len(targets) > 1:
            keep = persistent_cards(grid, positions(grid), targets)
            moves = [move for move in moves if move[0] in keep]
        if len(moves) > 1:
            if self.late_first:
                moves.sort(key=_late_first)
            else:
                runs = [run_length(grid, row) for row in range(ROWS)]
                priority = self._priority
                moves = [
                    (card, source, gap)
                    for _, card, gap, source in sorted(
                        [(priority(grid, runs, card, source, gap), card, gap, source)
                         for card, source, gap in moves]
                    )
                ]  # fmt: skip
        out = [
            (card << 6 | gap, (_moved(grid, card, source, gap), left, done))
            for card, source, gap in moves
        ]
        if left != 0:
            engine = redeal(decode(state, self.seed), aces_shuffled=self.aces_shuffled)
            out.append((REDEAL, encode(engine)))
        return out

    @staticmethod
    def _priority(grid: bytes, runs: list[int], card: int, source: int, gap: int) -> int:
        """Lower is tried first: run extensions, then by what the new gap left at ``source``
        can take (a card extending a run, any 2, some card, nothing), a 2 leaving column 0
        last."""
        row, col = divmod(gap, COLS)
        if col == runs[row]:  # extends a run (or starts one)
            follow = grid[gap + 1] if col < COLS - 1 else GAP
            return 0 if follow == card + 1 or col else 1
        srow, scol = divmod(source, COLS)
        if scol == 0:
            return 8 if card % 13 == 1 else 3
        if scol == runs[srow]:
            return 2
        behind = grid[source - 1]
        if behind == GAP or behind % 13 == 12 or behind + 1 not in grid:
            return 6
        return 4

    def move_json(self, moves: Sequence[Move]) -> list[dict[str, Any]]:
        return [engine_move(move).to_dict() for move in moves]
