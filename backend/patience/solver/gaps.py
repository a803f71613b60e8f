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

>>> from patience.games import new_game
>>> from patience.solver.core import solve
>>> adapter, start = GapsAdapter.from_game(new_game("gaps", deal=1, options={"redeals": 2}))
>>> solve(adapter, start).verdict
'winnable'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any, ClassVar

from patience.engine.deal import MAX_DEAL, derived_seed
from patience.engine.gaps import (
    COLS,
    ROWS,
    SIZE,
    GapsGame,
    GapsState,
    redeal,
)
from patience.solver import native
from patience.solver.gaps_grid import (
    ACES_IDX,
    GAP,
    LOW7,
    NEEDED,
    PAIR_BITS,
    REDEAL,
    ROW_STARTS,
    SUCCESSOR,
    WON_ROWS,
    Move,
    State,
    card_moves,
    decode,
    enabled,
    encode,
    engine_move,
    frozen,
    late_first,
    misplaced,
    moved,
    persistent_cards,
    positions,
    run_length,
)


def no_redeals(state: State) -> State:
    """``state`` with redeals forbidden: a search from it looks for a win that needs no
    further redeal (as the honest analysis asks while a redeal's cards would fall unseen).
    The count left is all a search reads of the redeals, on either core, so this costs
    nothing: the same grid, searched as without redeals (rows interchangeable, persistent
    sets, frozen cards)."""
    return (state[0], 0, state[2])


class GapsAdapter:
    """The search adapter for one Gaps position (see the module docstring)."""

    PROBES: ClassVar[int] = 8
    """Probes (:func:`~patience.solver.core.solve`) before the search: the first move order
    leads depth-first search into huge losing subtrees (with redeals left, the whole
    no-redeal subtree is searched before the first redeal), and short searches under
    perturbed orders find many more wins in the same budget. Deals 1…20, 20,000 nodes each:
    two redeals 18 wins against 14, one redeal 10 against 7, two redeals with aces shuffled
    in 17 against 10."""

    symmetric_rows: bool = True
    """Sort the rows in the key when no redeal is left (see the module docstring). Off only
    to measure what it is worth (``bench/solver.py --without symmetric-rows``): the verdicts
    are the same either way (``tests/solver/test_levers.py``)."""

    def __init__(
        self,
        seed: int,
        aces_shuffled: bool,
        reduce: bool = True,
        late_first: bool = False,
        symmetric_rows: bool | None = None,
    ) -> None:
        self.seed = seed
        self.aces_shuffled = aces_shuffled
        self.reduce = reduce
        self.late_first = late_first
        if symmetric_rows is not None:
            self.symmetric_rows = symmetric_rows

    @property
    def native_order(self) -> int:
        """This adapter's move order as the native core names it (``backend/native/games/
        gaps.hpp``: bit 0 late first, bit 1 no persistent-set reduction)."""
        return (0 if self.reduce else 2) | (1 if self.late_first else 0)

    def native(self, start: State) -> native.Twin | None:
        """The native twin of this search (:mod:`patience.solver.native`); its moves are
        this adapter's."""
        if native.NATIVE is None:
            return None
        if self.seed <= MAX_DEAL:
            game = native.NATIVE.Gaps(self.seed, self.aces_shuffled, self.symmetric_rows)
            return native.Twin(game, start, self.native_order)
        # A ranked deal's 64-bit seed: its redeals' generator states are SHA-256 digests the
        # native core does not compute, so each redeal the deal can still make is handed in.
        _, left, done = start
        if left < 0:
            return None  # unlimited redeals: no finite list to hand in (the Python core)
        states = [derived_seed(self.seed, k) for k in range(1, done + left + 1)]
        game = native.NATIVE.Gaps(states, self.aces_shuffled, self.symmetric_rows)
        return native.Twin(game, start, self.native_order)

    def dives(self, start: State) -> Sequence[GapsAdapter]:
        """Two short depth-first searches first, in another order: cards late in the grid
        (bottom row, right) first, as Solvitaire's Gaps search happens to try them; once
        with the persistent-set reduction, once on every move (cheaper nodes). Without
        redeals, deals 1…30, 1 s each: each won 3 deals, together 4 (8, 12, 24, 28), deal 24
        not won otherwise in 10 s. Their "no win" is as exact as any search's."""
        if start[1] < 0:
            return ()
        seed, aces, rows = self.seed, self.aces_shuffled, self.symmetric_rows
        return (
            GapsAdapter(seed, aces, reduce=True, late_first=True, symmetric_rows=rows),
            GapsAdapter(seed, aces, reduce=False, late_first=True, symmetric_rows=rows),
        )

    def probes(self, start: State) -> int:
        return self.PROBES

    BEAMS: ClassVar[tuple[int, ...]] = (400, 1500)
    """Beam widths (:class:`~patience.solver.core.BeamSearch`) tried first: wins are common
    but deep, and depth-first search, however ordered, spends its budget below its first
    few choices. Without redeals, deals 1…30, 10 s each: 19 wins with these beams, 17 with
    one of width 1000, 15 with 200, 800 and 3000; 5 with probes alone. With one redeal: 30
    against 21; with one and aces shuffled in, deals 1…20 at 100,000 nodes: 19 against 14."""

    NATIVE_BEAMS: ClassVar[tuple[int, ...]] = (400, 1500, 6000, 24000)
    """The beam widths of the native search (:func:`~patience.solver.core.native_plan`):
    twenty times as many nodes per second buy wider beams after the same first one."""

    def native_widths(self, start: State) -> Sequence[int]:
        return () if start[1] < 0 else self.NATIVE_BEAMS

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
        if left == 0 and self.symmetric_rows:
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
                moves.sort(key=late_first)
            else:
                runs = [run_length(grid, row) for row in range(ROWS)]
                priority = self._priority
                moves = [
                    (card, source, gap)
                    for _, card, gap, source in sorted(
                        [
                            (priority(grid, runs, card, source, gap), card, gap, source)
                            for card, source, gap in moves
                        ]
                    )
                ]
        out = [
            (card << 6 | gap, (moved(grid, card, source, gap), left, done))
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
