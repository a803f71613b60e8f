"""The Gaps solver's grid: the compact state (52 bytes and two counts), the moves on it, and
the proofs the search prunes with (frozen cards, persistent sets). See :mod:`patience.solver.gaps`.
"""

from __future__ import annotations

from collections.abc import Iterable

from patience.engine.cards import Card
from patience.engine.gaps import COLS, ROWS, SIZE, UNLIMITED, GapsMove, GapsState, Place, Redeal

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

    >>> from patience.games import new_game
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


def late_first(move: tuple[int, int, int]) -> tuple[int, int]:
    """The sort key of the other move order: cards late in the grid first (see
    :meth:`GapsAdapter.dives`)."""
    return (-move[1], -move[2])


def moved(grid: bytes, card: int, source: int, gap: int) -> bytes:
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
