"""Gaps, also called Montana (SPEC §3): fill each gap with the successor of its left neighbour.

The grid is a flat tuple of 52 places inside (index ``row * 13 + col``; ``None`` is a gap) and
``"r<row>c<col>"`` at the edge (rows 0–3, columns 0–12).

**Redeal shuffle.** Everything random after the deal is derived from the deal (SPEC §1). A redeal
keeps each row's leading run (from column 0: a 2, then the same suit's 3, 4, …) and gathers every
other card on the grid. The gathered cards are sorted in canonical order (:attr:`Card.index`:
AS…KS AH…KH AD…KD AC…KC) and shuffled with
``SplitMix64(derived_seed(seed, ordinal)).shuffle(sorted_cards)``
(:class:`~patience.engine.deal.SplitMix64`, :func:`~patience.engine.deal.derived_seed`), where
``seed`` is the deal number (a position's ``"seed"``; a ranked deal's is a secret-derived 64-bit
one, hashed per redeal) and ``ordinal`` is 1 for the first redeal
of the game's current line, 2 for the second, … (``redeals_done + 1``; undoing a redeal and
redealing again gives the same layout). The shuffled cards are dealt row by row (row 0 first,
left to right) into the places right of the runs, skipping the one place immediately right of
each run, which stays a gap (column 0 for a row without a run; column 12 for a row holding 2…K).
With the option ``aces_shuffled`` the four aces join the gathered cards (before sorting), no place
is skipped, and the aces are removed after dealing: four gaps anywhere outside the runs.

>>> g = GapsGame.new(77)
>>> g.ruleset, g.board()["redeals_left"]
('redeals-2', 2)
>>> g.board()["grid"][0][:6]
['2D', '7D', 'KS', '6D', '9H', 'JC']
>>> g.legal_moves()[:2]
[{'type': 'move', 'card': 'KD', 'to': 'r1c2'}, {'type': 'move', 'card': '7S', 'to': 'r2c5'}]
>>> g.play({"type": "move", "card": "7S", "to": "r2c5"})
[{'type': 'move', 'card': '7S', 'from': 'r2c8', 'to': 'r2c5'}]
>>> g.undo()
>>> g.play({"type": "redeal"})
[{'type': 'redeal', 'ordinal': 1}]
>>> g.board()["redeals_left"]
1
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from patience.engine.cards import Card, format_card
from patience.engine.deal import MAX_DEAL, SplitMix64, derived_seed, gaps_cards, shuffled_deck
from patience.engine.errors import CardError, IllegalMove, InvalidMove, InvalidPosition
from patience.engine.game import (
    Game,
    Json,
    check_card_counts,
    move_type,
    position_cards,
    require_move_fields,
)
from patience.engine.moves import Redeal as Redeal  # re-exported with the game's moves
from patience.engine.options import WINNABLE_ONLY, Options, OptionSpec

ROWS = 4
COLS = 13
SIZE = ROWS * COLS
KING = 13
ACES: tuple[Card, ...] = tuple(Card.from_index(suit * 13) for suit in range(4))
TWOS: tuple[Card, ...] = tuple(Card.from_index(suit * 13 + 1) for suit in range(4))

Unlimited = Literal["unlimited"]
UNLIMITED: Unlimited = "unlimited"
RedealCount = int | Unlimited

_LOCATION = re.compile(r"r([0-3])c(0|1[0-2]?|[2-9])")


def location_name(index: int) -> str:
    """``0 → "r0c0"``, ``18 → "r1c5"``.

    >>> location_name(18)
    'r1c5'
    """
    return f"r{index // COLS}c{index % COLS}"


def parse_location(text: object) -> int:
    """The grid index of ``"r<row>c<col>"`` (strict: no leading zeros, rows 0–3, cols 0–12).

    >>> parse_location("r1c5")
    18
    >>> parse_location("r1c05")
    Traceback (most recent call last):
    ...
    patience.engine.errors.InvalidMove: unknown location 'r1c05' (expected r0c0…r3c12)
    """
    match = _LOCATION.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise InvalidMove(f"unknown location {text!r} (expected r0c0…r3c12)")
    return int(match[1]) * COLS + int(match[2])


# -- moves -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """Move ``card`` into the gap at grid index ``to``."""

    card: Card
    to: int

    def to_dict(self) -> Json:
        return {"type": "move", "card": str(self.card), "to": location_name(self.to)}


GapsMove = Place | Redeal


def parse_move(data: object) -> GapsMove:
    """A typed move from API.md's JSON; :class:`InvalidMove` when malformed.

    >>> parse_move({"type": "move", "card": "6H", "to": "r1c5"})
    Place(card=Card.parse('6H'), to=18)
    >>> parse_move({"type": "redeal"})
    Redeal()
    """
    kind = move_type(data, ("move", "redeal"))
    if kind == "redeal":
        require_move_fields(data, ())
        return Redeal()
    fields = require_move_fields(data, ("card", "to"))
    try:
        card = Card.parse(fields["card"])
    except CardError as exc:
        raise InvalidMove(exc.message, field="card") from exc
    return Place(card, parse_location(fields["to"]))


# -- state -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GapsState:
    """An immutable Gaps position.

    ``grid`` holds 52 places row by row (``None`` is a gap); ``redeals_left`` is a count or
    ``"unlimited"``; ``seed`` and ``redeals_done`` drive the next redeal's shuffle (see the
    module docstring).
    """

    grid: tuple[Card | None, ...]
    redeals_left: RedealCount
    seed: int = 0
    redeals_done: int = 0

    def can_redeal(self) -> bool:
        return self.redeals_left == UNLIMITED or self.redeals_left > 0

    def gaps(self) -> list[int]:
        """Every gap's index, row-major."""
        return [i for i, card in enumerate(self.grid) if card is None]

    def rows(self) -> list[tuple[Card | None, ...]]:
        return [self.grid[row * COLS : row * COLS + COLS] for row in range(ROWS)]


def run_length(grid: tuple[Card | None, ...], row: int) -> int:
    """The length of ``row``'s leading run: from column 0, a 2 followed by the same suit's
    3, 4, … (0 when column 0 holds no 2).

    >>> s = Card.parse
    >>> run_length((s("2S"), s("3S"), s("4H"), None) + (None,) * 48, 0)
    2
    """
    base = row * COLS
    first = grid[base]
    if first is None or first.rank != 2:
        return 0
    length = 1
    while length < COLS:
        card = grid[base + length]
        if card is None or card.suit != first.suit or card.rank != length + 2:
            break
        length += 1
    return length


def fits(state: GapsState, gap: int) -> list[Card]:
    """The cards that may move into the gap at ``gap`` now, in canonical order: any 2 on the
    grid for column 0, the successor of the left neighbour elsewhere (none after a king or a
    gap, or when the successor is not on the grid)."""
    grid = state.grid
    if gap % COLS == 0:
        return [two for two in TWOS if two in grid]
    left = grid[gap - 1]
    if left is None or left.rank == KING:
        return []
    successor = Card.from_index(left.index + 1)
    return [successor] if successor in grid else []


def card_moves(state: GapsState) -> list[Place]:
    """Every legal card move: by gap (row-major), then by card (canonical order)."""
    return [Place(card, gap) for gap in state.gaps() for card in fits(state, gap)]


def is_won(state: GapsState) -> bool:
    """Every row reads 2…K of one suit in columns 0–11."""
    return all(run_length(state.grid, row) == COLS - 1 for row in range(ROWS))


def legal_moves(state: GapsState) -> list[GapsMove]:
    """Every legal move: card moves (see :func:`card_moves`), then redeal while redeals remain;
    none once won."""
    if is_won(state):
        return []
    moves: list[GapsMove] = [*card_moves(state)]
    if state.can_redeal():
        moves.append(Redeal())
    return moves


def redeal(state: GapsState, *, aces_shuffled: bool = False) -> GapsState:
    """The state after a redeal (no checks). Each row keeps its leading run; every other card
    on the grid is gathered (with ``aces_shuffled``, the four aces too), sorted in canonical
    order (:attr:`Card.index`: AS…KS AH…KH AD…KD AC…KC) and shuffled with
    ``SplitMix64(derived_seed(state.seed, state.redeals_done + 1)).shuffle(sorted_cards)``.
    The shuffled cards are dealt row by row, left to right, into the places right of each run,
    skipping the place immediately right of the run (it stays a gap), except with
    ``aces_shuffled``, where no place is skipped and the aces are removed afterwards. Places
    left over when a hand-built position holds fewer cards stay gaps, at the end of the deal.

    >>> s = GapsGame.new(77).state
    >>> after = redeal(s)
    >>> [location_name(i) for i in after.gaps()], after.redeals_left, after.redeals_done
    (['r0c1', 'r1c0', 'r2c0', 'r3c0'], 1, 1)
    """
    runs = [run_length(state.grid, row) for row in range(ROWS)]
    kept = {row * COLS + col for row in range(ROWS) for col in range(runs[row])}
    gathered = [card for i, card in enumerate(state.grid) if card is not None and i not in kept]
    if aces_shuffled:
        gathered += ACES
    ordinal = state.redeals_done + 1
    rng = SplitMix64(derived_seed(state.seed, ordinal))
    dealt = iter(rng.shuffle(sorted(gathered, key=lambda card: card.index)))
    grid = list(state.grid)
    for row in range(ROWS):
        # A run is at most 2…K (12 cards), so the place right of it is always on the grid.
        if not aces_shuffled:
            grid[row * COLS + runs[row]] = None
        first = runs[row] if aces_shuffled else runs[row] + 1
        for col in range(first, COLS):
            grid[row * COLS + col] = next(dealt, None)
    if aces_shuffled:
        grid = [None if card is not None and card.rank == 1 else card for card in grid]
    left = state.redeals_left if state.redeals_left == UNLIMITED else state.redeals_left - 1
    return GapsState(tuple(grid), left, state.seed, ordinal)


def apply_move(state: GapsState, move: GapsMove, *, aces_shuffled: bool = False) -> GapsState:
    """Check ``move`` against the rules and return the new state (raise :class:`IllegalMove`).

    Reasons in API.md's order of precedence: ``not_a_gap``, ``left_is_gap``, ``after_king``,
    ``does_not_fit``; ``no_redeals_left`` for a redeal.
    """
    if isinstance(move, Redeal):
        if not state.can_redeal():
            raise IllegalMove("no redeals left", reason="no_redeals_left")
        return redeal(state, aces_shuffled=aces_shuffled)
    grid, to = state.grid, move.to
    if grid[to] is not None:
        raise IllegalMove(f"{location_name(to)} is not a gap", reason="not_a_gap")
    left = grid[to - 1] if to % COLS else None
    if to % COLS and left is None:
        raise IllegalMove("the gap to its left must be filled first", reason="left_is_gap")
    if left is not None and left.rank == KING:
        raise IllegalMove("nothing can follow a king", reason="after_king")
    if move.card not in fits(state, to):
        if move.card not in grid:
            message = f"{move.card} is not on the table"
        elif left is None:
            message = "only a 2 can go in the leftmost column"
        else:
            message = f"only {Card.from_index(left.index + 1)} fits after {left}"
        raise IllegalMove(message, reason="does_not_fit")
    after = list(grid)
    after[grid.index(move.card)] = None
    after[to] = move.card
    return GapsState(tuple(after), state.redeals_left, state.seed, state.redeals_done)


def visible_cards(state: GapsState) -> Iterator[Card]:
    """Everything is face up in Gaps: every card on the grid."""
    return (card for card in state.grid if card is not None)


def initial_redeals(options: Options) -> RedealCount:
    """The redeal count of the ``redeals`` option."""
    redeals = options["redeals"]
    return UNLIMITED if redeals == UNLIMITED else int(redeals)


# -- the facade --------------------------------------------------------------------------------


class GapsGame(Game[GapsState, GapsMove]):
    """Gaps behind the engine facade; ruleset ``redeals-<n>`` (``-aces`` with aces shuffled in)."""

    name: ClassVar[str] = "gaps"
    progress_goal: ClassVar[int] = 48
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "redeals", 2, (0, 1, 2, UNLIMITED), in_ruleset=True, doc="how many redeals a game has"
        ),
        OptionSpec(
            "aces_shuffled",
            False,
            (False, True),
            in_ruleset=True,
            doc="the aces join the redeal shuffle and are removed again: gaps fall anywhere",
        ),
        WINNABLE_ONLY,
        OptionSpec(
            "difficulty",
            "normal",
            ("easy", "normal", "hard", "any"),
            in_ruleset=False,
            doc='how hard the offered winnable deal is (only picks the deal; "any", the '
            "older spelling of winnable_only false, offers any deal)",
        ),
        OptionSpec(
            "show_fits", False, (False, True), in_ruleset=False, doc="show which card fits each gap"
        ),
    )

    @classmethod
    def ruleset_of(cls, options: Options) -> str:
        """``redeals-0`` … ``redeals-unlimited``, with ``-aces`` when aces are shuffled in.

        >>> GapsGame.ruleset_of({"redeals": "unlimited", "aces_shuffled": True})
        'redeals-unlimited-aces'
        """
        return f"redeals-{options['redeals']}" + ("-aces" if options["aces_shuffled"] else "")

    @classmethod
    def deal_state(cls, number: int, options: Options) -> GapsState:
        return cls.layout_state(shuffled_deck(number), number, options)

    @classmethod
    def layout_state(cls, deck: list[Card], seed: int, options: Options) -> GapsState:
        grid = tuple(card for row in gaps_cards(deck) for card in row)
        return GapsState(grid, initial_redeals(options), seed=seed)

    @classmethod
    def parse_position(
        cls, position: Mapping[str, Any], options: Options
    ) -> tuple[GapsState, list[Card]]:
        rows = position.get("grid")
        if not isinstance(rows, list) or len(rows) != ROWS:
            raise InvalidPosition("position field 'grid' must list 4 rows")
        grid: list[Card | None] = []
        for row, cards in enumerate(rows):
            # Each row is checked like a top-level list of cards, under its own name.
            key = f"grid[{row}]"
            places = position_cards({key: cards}, key, nullable=True)
            if len(places) != COLS:
                raise InvalidPosition(f"position field {key!r} must list 13 places")
            grid += places
        check_card_counts(grid, decks=1)
        if any(card is not None and card.rank == 1 for card in grid):
            raise InvalidPosition("aces take no part in Gaps: they are not on the grid")
        seed = position.get("seed", 0)
        if not _is_int(seed) or not 0 <= seed < 1 << 64:  # numbered 32-bit, ranked 64-bit
            raise InvalidPosition("position field 'seed' must be an integer from 0 to 2^64 - 1")
        done = position.get("redeals_done", 0)
        if not _is_int(done) or not 0 <= done < MAX_DEAL:
            raise InvalidPosition("position field 'redeals_done' must be a count from 0")
        left = position.get("redeals_left", _redeals_left(initial_redeals(options), done))
        if left != UNLIMITED and (not _is_int(left) or left < 0):
            raise InvalidPosition("position field 'redeals_left' must be a count or 'unlimited'")
        return GapsState(tuple(grid), left, seed, done), []

    def parse_move(self, data: object) -> GapsMove:
        return parse_move(data)

    def apply(self, state: GapsState, move: GapsMove) -> tuple[GapsState, list[Json]]:
        after = apply_move(state, move, aces_shuffled=bool(self.options["aces_shuffled"]))
        if isinstance(move, Redeal):
            return after, [{"type": "redeal", "ordinal": after.redeals_done}]
        source = location_name(state.grid.index(move.card))
        card, to = str(move.card), location_name(move.to)
        return after, [{"type": "move", "card": card, "from": source, "to": to}]

    def legal(self, state: GapsState) -> list[GapsMove]:
        return legal_moves(state)

    def is_won(self, state: GapsState) -> bool:
        return is_won(state)

    def _visible_cards(self, state: GapsState) -> Iterable[Card]:
        return visible_cards(state)

    def progress(self) -> int:
        """Cards in place: the total length of the rows' runs."""
        return sum(run_length(self.state.grid, row) for row in range(ROWS))

    def unseen_shuffle(self) -> bool:
        """A redeal remains: where its cards will fall is unseen until it happens."""
        return self.state.can_redeal()

    def shuffles_dealt(self) -> int:
        return int(self.state.redeals_done)

    def extra_notices(self) -> list[str]:
        """``redeal_available`` when no card can move but a redeal remains."""
        stuck = not card_moves(self.state) and self.state.can_redeal()
        return ["redeal_available"] if stuck else []

    def board(self) -> Json:
        s = self.state
        out: Json = {"grid": _grid_json(s), "redeals_left": s.redeals_left}
        if self.options["show_fits"]:
            out["fits"] = {location_name(g): [str(c) for c in fits(s, g)] for g in s.gaps()}
        return out

    def position_of(self, state: GapsState) -> Json:
        return {
            "game": self.name,
            "grid": _grid_json(state),
            "redeals_left": state.redeals_left,
            "seed": state.seed,
            "redeals_done": state.redeals_done,
        }


def _grid_json(state: GapsState) -> list[list[str | None]]:
    return [[format_card(card) for card in row] for row in state.rows()]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _redeals_left(initial: RedealCount, done: int) -> RedealCount:
    """What remains of ``initial`` redeals after ``done``."""
    return initial if initial == UNLIMITED else max(0, initial - done)
