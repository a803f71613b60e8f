"""Forty Thieves (SPEC §4): two decks, ten columns, build down in suit, eight foundations.

Locations are ints inside (``0…9`` the columns, :data:`WASTE`, :data:`FOUNDATION` for "the
server picks", :data:`F0` ``+ i`` for foundation ``i``) and strings at the edge (``"t0"…"t9"``,
``"waste"``, ``"foundation"``, ``"f0"…"f7"``).

>>> g = FortyThievesGame.new(1)
>>> g.board()["tableau"][0], g.board()["stock"], g.board()["max_run"]
(['6D', '5S', 'JS', '8H'], {'count': 64}, {'to_card': 1, 'to_empty': 0})
>>> g.play({"type": "move", "from": "t4", "to": "t3"})
Traceback (most recent call last):
...
patience.engine.errors.IllegalMove: 6S does not fit on 3H
>>> [(e["type"], e["card"]) for e in g.play({"type": "draw"})]  # aces go up after the action
[('draw', '6D'), ('auto', 'AC'), ('auto', 'AH'), ('auto', 'AS'), ('auto', 'AC')]

**Safe cards** (option ``auto_safe``) go up after each player action, a draw included, as
``auto`` events of that one move; a freshly dealt ace waits for the first action. A card is safe
when it is an ace or both cards of its suit one rank lower are on foundations (literally both:
in a hand-built position that lacks the second copy it never counts as safe).

**Moving runs.** A run is the top ``count`` cards of a column when they form a same-suit
descending sequence. Under the **relaxed** rules it moves at once. Under the **classic** rules a
run move stands for a sequence of legal single-card moves through the empty columns, so at most
``2**E`` cards move onto a card, ``E`` being the number of empty columns, and at most
``2**(E-1)`` into an empty column (the destination cannot relay). The engine performs that
sequence itself and reports every single-card step as an event, so a client can animate them;
the whole run move is still one move of the line (one history entry, one undo).

The steps come from the standard recursive decomposition (:func:`run_steps`). To move ``n``
cards from ``src`` to ``dst`` with the set ``F`` of empty columns free to relay (``dst``
excluded): if ``n == 1``, move the card directly. Otherwise take the first ``e`` of ``F`` and

1. move the top ``n // 2`` cards to ``e``, relaying through ``F - {e}``;
2. move the remaining ``n - n // 2`` cards to ``dst``, relaying through ``F - {e}``;
3. move the ``n // 2`` cards from ``e`` onto ``dst``, relaying through ``F - {e}`` plus ``src``
   if step 2 emptied it.

Each half fits through ``|F| - 1`` relays, so by induction ``2**|F|`` cards fit through ``|F|``
relays, which is exactly the limit above; every step lands on an empty column or on the same
suit one rank higher, so each step is itself a legal single-card move.

>>> g = FortyThievesGame.from_position({
...     "tableau": [["KD", "9S", "8S", "7S"], ["TS"], [], []]
...     + [[c] for c in "3H 5H 7H 9H 2C 4C".split()],
...     "stock": [], "waste": [], "foundations": [[]] * 8})
>>> [(e["card"], e["from"], e["to"]) for e in g.play(
...     {"type": "move", "from": "t0", "to": "t1", "count": 3})]  # doctest: +NORMALIZE_WHITESPACE
[('7S', 't0', 't2'), ('8S', 't0', 't3'), ('9S', 't0', 't1'), ('8S', 't3', 't1'),
 ('7S', 't2', 't1')]
>>> g.board()["tableau"][1], len(g.moves)
(['TS', '9S', '8S', '7S'], 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from patience.engine.cards import Card, format_card
from patience.engine.deal import forty_thieves_layout
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
from patience.engine.options import Options, OptionSpec

COLUMNS = 10
FOUNDATIONS = 8
WASTE = 10
FOUNDATION = 11
"""The location ``"foundation"``: the first foundation, in index order, that accepts the card."""
F0 = 12
"""Foundation ``i`` is location ``F0 + i`` (``"f0"…"f7"``)."""
LONGEST_RUN = 13
"""A same-suit descending run holds at most K…A: the relaxed rules' effective limit."""

Pile = tuple[Card, ...]


def location_name(loc: int) -> str:
    """``3 → "t3"``, :data:`WASTE` → ``"waste"``, :data:`FOUNDATION` → ``"foundation"``,
    ``F0 + 2 → "f2"``."""
    if loc < COLUMNS:
        return f"t{loc}"
    if loc == WASTE:
        return "waste"
    return "foundation" if loc == FOUNDATION else f"f{loc - F0}"


def parse_location(text: object) -> int:
    """The inverse of :func:`location_name` (raise :class:`InvalidMove`).

    >>> parse_location("t9"), parse_location("f0"), parse_location("foundation")
    (9, 12, 11)
    """
    if text == "waste":
        return WASTE
    if text == "foundation":
        return FOUNDATION
    column = indexed_location(text, "t", COLUMNS)
    if column is not None:
        return column
    foundation = indexed_location(text, "f", FOUNDATIONS)
    if foundation is not None:
        return F0 + foundation
    raise InvalidMove(f"unknown location {text!r} (expected t0…t9, waste, foundation, f0…f7)")


# -- moves -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardMove:
    """Move the top ``count`` cards of a column (or the waste top) to a column or foundation."""

    src: int
    dst: int
    count: int = 1

    def to_dict(self) -> Json:
        out: Json = {"type": "move", "from": location_name(self.src), "to": location_name(self.dst)}
        if self.count != 1:
            out["count"] = self.count
        return out


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn the stock top onto the waste."""

    def to_dict(self) -> Json:
        return {"type": "draw"}


@dataclass(frozen=True, slots=True)
class Redeal:
    """Relaxed rules only: turn the used-up waste back into the stock, once."""

    def to_dict(self) -> Json:
        return {"type": "redeal"}


@dataclass(frozen=True, slots=True)
class Collect:
    """Send every remaining card up, once stock and waste are empty and nothing blocks."""

    def to_dict(self) -> Json:
        return {"type": "collect"}


FTMove = CardMove | Draw | Redeal | Collect


def parse_move(data: object) -> FTMove:
    """A typed move from API.md's JSON; :class:`InvalidMove` when malformed.

    Malformed (checked before any rule): an unknown type, missing, extra or mistyped fields,
    an unknown location, a source that is not a column or the waste, the waste as a
    destination, a ``count`` that is not a positive integer, and a ``count`` above 1 from the
    waste or to a foundation (those places move one card by definition). A move from a column
    to itself is well-formed and refused by the rules (``does_not_fit``).

    >>> parse_move({"type": "move", "from": "t2", "to": "t5", "count": 3})
    CardMove(src=2, dst=5, count=3)
    >>> parse_move({"type": "move", "from": "waste", "to": "t1", "count": 2})
    Traceback (most recent call last):
    ...
    patience.engine.errors.InvalidMove: only the top card of the waste moves
    """
    kind = move_type(data, ("move", "draw", "redeal", "collect"))
    if kind != "move":
        require_move_fields(data, ())
        return Draw() if kind == "draw" else Redeal() if kind == "redeal" else Collect()
    fields = require_move_fields(data, ("from", "to"), ("count",))
    src, dst = parse_location(fields["from"]), parse_location(fields["to"])
    if src > WASTE:
        raise InvalidMove("cards move from a column or the waste", field="from")
    if dst == WASTE:
        raise InvalidMove("cards move to a column or a foundation", field="to")
    count = fields.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InvalidMove("'count' must be a positive integer", field="count")
    if count > 1 and src == WASTE:
        raise InvalidMove("only the top card of the waste moves", field="count")
    if count > 1 and dst >= FOUNDATION:
        raise InvalidMove("one card at a time goes to a foundation", field="count")
    return CardMove(src, dst, count)


# -- state -------------------------------------------------------------------------------------


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
        if _accepts(pile, card):
            return i
    return None


def _accepts(pile: Sequence[Card], card: Card) -> bool:
    if not pile:
        return card.rank == 1
    return pile[-1].suit == card.suit and pile[-1].rank == card.rank - 1


def is_relaxed(options: Options) -> bool:
    return options.get("rules", "classic") == "relaxed"


def max_run(state: FTState, relaxed: bool) -> tuple[int, int]:
    """The longest run that may move now: ``(onto a card, into an empty column)``.

    Classic: ``2**E`` and ``2**(E-1)`` (0 when ``E == 0``), ``E`` the number of empty columns.
    Relaxed: any run (:data:`LONGEST_RUN`), into an empty column only when there is one.
    """
    empty = state.empty_columns
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


def run_steps(
    tableau: Sequence[Sequence[Card]], src: int, dst: int, count: int
) -> list[tuple[Card, int, int]]:
    """The single-card steps ``(card, from, to)`` of a classic run move (see the module
    docstring); the caller has checked that ``count`` is within the limit."""
    columns = [list(column) for column in tableau]
    free = [i for i, column in enumerate(columns) if not column and i != dst]
    steps: list[tuple[Card, int, int]] = []

    def move(n: int, a: int, b: int, relays: list[int]) -> None:
        if n == 1:
            card = columns[a].pop()
            columns[b].append(card)
            steps.append((card, a, b))
            return
        assert relays, "run longer than the empty columns allow"
        e, rest = relays[0], relays[1:]
        half = n // 2
        move(half, a, e, rest)
        move(n - half, a, b, rest)
        move(half, e, b, sorted([*rest, a]) if not columns[a] else rest)

    move(count, src, dst, free)
    return steps


# -- rules -------------------------------------------------------------------------------------


def _sources(state: FTState) -> Iterator[tuple[int, Pile, int]]:
    """Every source with cards: ``(location, pile, longest movable count)``."""
    for i, column in enumerate(state.tableau):
        if column:
            yield i, column, run_length(column)
    if state.waste:
        yield WASTE, state.waste, 1


def legal_moves(state: FTState, options: Options) -> list[FTMove]:
    """Every legal move: by source (columns, then the waste) and count, each to a foundation
    (as ``"foundation"``) and then to columns in order; then draw, redeal, collect.

    >>> [m.to_dict() for m in legal_moves(FortyThievesGame.new(1).state, {})][:3]
    [{'type': 'move', 'from': 't0', 'to': 't1'}, {'type': 'move', 'from': 't5', 'to': 't0'}, \
{'type': 'move', 'from': 't6', 'to': 'foundation'}]
    """
    if state.is_won:
        return []
    to_card, to_empty = max_run(state, is_relaxed(options))
    out: list[FTMove] = []
    for src, pile, longest in _sources(state):
        for n in range(1, longest + 1):
            card = pile[-n]
            if n == 1 and foundation_for(state.foundations, card) is not None:
                out.append(CardMove(src, FOUNDATION))
            for dst, target in enumerate(state.tableau):
                if (
                    dst != src
                    and fits_column(card, target)
                    and n <= (to_card if target else to_empty)
                ):
                    out.append(CardMove(src, dst, n))
    if state.stock:
        out.append(Draw())
    if _redeal_refusal(state) is None:
        out.append(Redeal())
    if collect_plan(state) is not None:
        out.append(Collect())
    return out


def apply_move(state: FTState, move: FTMove, options: Options) -> tuple[FTState, list[Json]]:
    """Check ``move`` against the rules; return the new state and the events (raise
    :class:`IllegalMove` with API.md's reasons, in its order of precedence). With the option
    ``auto_safe`` (default on) safe cards then go up, reported as ``auto`` events."""
    if isinstance(move, CardMove):
        after, events = _card_move(state, move, is_relaxed(options))
    elif isinstance(move, Draw):
        if not state.stock:
            raise IllegalMove("there is no card to draw", reason="stock_empty")
        card = state.stock[0]
        after = FTState(
            state.tableau, state.stock[1:], (*state.waste, card), state.foundations,
            state.redeals_left,
        )  # fmt: skip
        events = [{"type": "draw", "card": str(card)}]
    elif isinstance(move, Redeal):
        refusal = _redeal_refusal(state)
        if refusal is not None:
            raise refusal
        # Turning the waste over puts its bottom card (the first drawn) on top of the stock.
        after = FTState(state.tableau, state.waste, (), state.foundations, state.redeals_left - 1)
        events = [{"type": "redeal"}]
    else:
        after, events = _collect(state)
    if options.get("auto_safe", True):
        after, more = auto_safe_moves(after)
        events += more
    return after, events


def _card_move(state: FTState, move: CardMove, relaxed: bool) -> tuple[FTState, list[Json]]:
    src, dst, n = move.src, move.dst, move.count
    pile = state.waste if src == WASTE else state.tableau[src]
    if not pile:
        raise IllegalMove(f"there is no card in {location_name(src)}", reason="empty_source")
    if n > run_length(pile):
        raise IllegalMove(
            f"the top {n} cards of {location_name(src)} are not a same-suit run", reason="not_a_run"
        )
    cards = pile[-n:]
    card = cards[0]
    if dst >= FOUNDATION:
        index = foundation_for(state.foundations, card)
        if dst != FOUNDATION:
            index = dst - F0 if _accepts(state.foundations[dst - F0], card) else None
        if index is None:
            raise IllegalMove(f"{card} cannot go up there", reason="foundation_mismatch")
        foundations = list(state.foundations)
        foundations[index] = (*foundations[index], card)
        after = _without_top(state, src, 1)
        after = FTState(
            after.tableau, after.stock, after.waste, tuple(foundations), after.redeals_left
        )
        return after, [_move_event(src, F0 + index, cards)]
    target = state.tableau[dst]
    if dst == src or not fits_column(card, target):
        on = f"on {target[-1]}" if target else "there"
        raise IllegalMove(f"{card} does not fit {on}", reason="does_not_fit")
    to_card, to_empty = max_run(state, relaxed)
    limit = to_card if target else to_empty
    if n > limit:
        raise IllegalMove(
            f"at most {limit} card{'s' if limit != 1 else ''}", reason="too_many_cards", max=limit
        )
    after = _without_top(state, src, n)
    tableau = list(after.tableau)
    tableau[dst] = (*target, *cards)
    after = FTState(tuple(tableau), after.stock, after.waste, after.foundations, after.redeals_left)
    if n == 1 or relaxed:
        return after, [_move_event(src, dst, cards)]
    steps = run_steps(state.tableau, src, dst, n)
    return after, [
        {"type": "step", "card": str(c), "from": location_name(a), "to": location_name(b)}
        for c, a, b in steps
    ]


def _without_top(state: FTState, src: int, n: int) -> FTState:
    if src == WASTE:
        return FTState(
            state.tableau, state.stock, state.waste[:-n], state.foundations, state.redeals_left
        )
    tableau = list(state.tableau)
    tableau[src] = tableau[src][:-n]
    return FTState(tuple(tableau), state.stock, state.waste, state.foundations, state.redeals_left)


def _move_event(src: int, dst: int, cards: Iterable[Card]) -> Json:
    names = [str(card) for card in cards]
    return {
        "type": "move",
        "from": location_name(src),
        "to": location_name(dst),
        "count": len(names),
        "cards": names,
    }


def _redeal_refusal(state: FTState) -> IllegalMove | None:
    """Why a redeal is refused now, or ``None``. An empty waste gives ``waste_empty``."""
    if state.redeals_left <= 0:
        return IllegalMove("no redeals left", reason="no_redeals_left")
    if state.stock:
        return IllegalMove("redeal is possible once the stock is used up", reason="stock_not_empty")
    if not state.waste:
        return IllegalMove("the waste has no cards to redeal", reason="waste_empty")
    return None


def collect_plan(state: FTState) -> list[tuple[Card, int, int]] | None:
    """The foundation moves ``(card, column, foundation index)`` that send every remaining
    card up, when stock and waste are empty and foundation moves alone clear the tableau;
    otherwise ``None``.

    Plain greedy is not enough: with two copies of a card exposed and one foundation ready for
    it, the copy lying on the card the other foundation needs must go first. So a card goes up
    without choice when no other copy of it competes for the only accepting foundation, and the
    search branches only on competing copies, remembering column heights that failed.
    """
    if state.stock or state.waste or state.is_won:
        return None
    return _collect_search(
        [list(column) for column in state.tableau],
        [list(pile) for pile in state.foundations],
        set(),
    )


def _collect_search(
    columns: list[list[Card]], piles: list[list[Card]], failed: set[tuple[int, ...]]
) -> list[tuple[Card, int, int]] | None:
    plan: list[tuple[Card, int, int]] = []
    progress = True
    while progress:
        progress = False
        for i, column in enumerate(columns):
            while column and (index := _unopposed(columns, piles, column[-1])) is not None:
                piles[index].append(column.pop())
                plan.append((piles[index][-1], i, index))
                progress = True
    if not any(columns):
        return plan
    key = tuple(len(column) for column in columns)
    if key not in failed:
        for i, column in enumerate(columns):
            index = foundation_for(piles, column[-1]) if column else None
            if index is not None:
                branch = [list(c) for c in columns]
                branch_piles = [list(p) for p in piles]
                branch_piles[index].append(branch[i].pop())
                rest = _collect_search(branch, branch_piles, failed)
                if rest is not None:
                    return [*plan, (column[-1], i, index), *rest]
        failed.add(key)
    return None


def _unopposed(columns: list[list[Card]], piles: list[list[Card]], card: Card) -> int | None:
    """The foundation for ``card`` when moving it there cannot hurt: no other copy of it
    is left in the columns, or two foundations accept it."""
    accepting = [i for i, pile in enumerate(piles) if _accepts(pile, card)]
    if not accepting:
        return None
    if len(accepting) > 1 or sum(column.count(card) for column in columns) < 2:
        return accepting[0]
    return None


def _collect(state: FTState) -> tuple[FTState, list[Json]]:
    plan = collect_plan(state)
    if plan is None:
        raise IllegalMove("not every card can go up yet", reason="cannot_collect")
    piles = [list(pile) for pile in state.foundations]
    for card, _, index in plan:
        piles[index].append(card)
    after = FTState(
        tuple(() for _ in state.tableau), (), (), tuple(map(tuple, piles)), state.redeals_left
    )
    events: list[Json] = [
        {"type": "collect", "card": str(c), "from": location_name(i), "to": location_name(F0 + f)}
        for c, i, f in plan
    ]
    return after, events


def auto_safe_moves(state: FTState) -> tuple[FTState, list[Json]]:
    """Send safe column tops and the waste top up (:func:`is_safe`) until none is left;
    the first safe card in location order (columns, then the waste) goes first."""
    columns = [list(column) for column in state.tableau]
    waste = list(state.waste)
    piles = [list(pile) for pile in state.foundations]
    events: list[Json] = []
    moved = True
    while moved:
        moved = False
        for loc, pile in (*enumerate(columns), (WASTE, waste)):
            if pile and is_safe(piles, pile[-1]):
                index = foundation_for(piles, pile[-1])
                if index is not None:
                    piles[index].append(pile.pop())
                    events.append(
                        {"type": "auto", "card": str(piles[index][-1]),
                         "from": location_name(loc), "to": location_name(F0 + index)}
                    )  # fmt: skip
                    moved = True
                    break
    if not events:
        return state, events
    after = FTState(
        tuple(map(tuple, columns)), state.stock, tuple(waste), tuple(map(tuple, piles)),
        state.redeals_left,
    )  # fmt: skip
    return after, events


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


# -- the facade --------------------------------------------------------------------------------


class FortyThievesGame(Game[FTState, FTMove]):
    """Forty Thieves behind the engine facade (rulesets ``classic`` and ``relaxed``)."""

    name: ClassVar[str] = "forty-thieves"
    progress_goal: ClassVar[int] = 104
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "rules", "classic", ("classic", "relaxed"), in_ruleset=True,
            doc="classic: one pass, runs through empty columns; relaxed: one redeal, free runs",
        ),
        OptionSpec(
            "auto_safe", True, (True, False), in_ruleset=False,
            doc="move cards no longer needed as building targets up after each action",
        ),
        OptionSpec(
            "winnable_only", True, (True, False), in_ruleset=False,
            doc="pick new deals from the catalogue of deals proven winnable",
        ),
    )  # fmt: skip

    @classmethod
    def ruleset_of(cls, options: Options) -> str:
        return str(options["rules"])

    @classmethod
    def deal_state(cls, number: int, options: Options) -> FTState:
        tableau, stock = forty_thieves_layout(number)
        return FTState(
            tuple(map(tuple, tableau)), tuple(stock), (), ((),) * FOUNDATIONS,
            1 if is_relaxed(options) else 0,
        )  # fmt: skip

    @classmethod
    def parse_position(
        cls, position: Mapping[str, Any], options: Options
    ) -> tuple[FTState, list[Card]]:
        tableau = _position_piles(position, "tableau", COLUMNS)
        foundations = _position_piles(position, "foundations", FOUNDATIONS)
        for pile in foundations:
            if any(c.rank != i + 1 or c.suit != pile[0].suit for i, c in enumerate(pile)):
                raise InvalidPosition("a foundation pile runs A, 2, 3 … in one suit")
        stock = tuple(position_cards(position, "stock"))
        waste = tuple(position_cards(position, "waste"))
        start = 1 if is_relaxed(options) else 0  # classic has no redeal at all
        redeals = position.get("redeals_left", start)
        if isinstance(redeals, bool) or not isinstance(redeals, int) or not 0 <= redeals <= start:
            raise InvalidPosition(f"position field 'redeals_left' must be 0…{start} here")
        cards = [*stock, *waste]
        for pile in (*tableau, *foundations):
            cards += pile
        check_card_counts(cards, decks=2)
        seen = position_cards(position, "seen") if "seen" in position else []
        check_card_counts(seen, decks=2)
        return FTState(tableau, stock, waste, foundations, redeals), seen

    def parse_move(self, data: object) -> FTMove:
        return parse_move(data)

    def apply(self, state: FTState, move: FTMove) -> tuple[FTState, list[Json]]:
        return apply_move(state, move, self.options)

    def legal(self, state: FTState) -> list[FTMove]:
        return legal_moves(state, self.options)

    def is_won(self, state: FTState) -> bool:
        return state.is_won

    def _visible_cards(self, state: FTState) -> Iterable[Card]:
        return visible_cards(state)

    def progress(self) -> int:
        return sum(len(pile) for pile in self.state.foundations)

    def count_unseen(self) -> int:
        """Stock cards never face up. Nothing leaves the table in Forty Thieves, so the seen
        cards that are not face up now are exactly the seen cards back in the stock."""
        back_in_stock = self._seen - Counter(visible_cards(self.state))
        return max(0, len(self.state.stock) - sum(back_in_stock.values()))

    def extra_notices(self) -> list[str]:
        """``columns_have_moves`` while a column move is useful (:func:`is_useful`)."""
        state = self.state
        useful = any(
            isinstance(move, CardMove) and move.src < COLUMNS and is_useful(state, move)
            for move in self.legal_here()
        )
        return ["columns_have_moves"] if useful else []

    def board(self) -> Json:
        s = self.state
        to_card, to_empty = max_run(s, is_relaxed(self.options))
        return {
            "tableau": [[str(card) for card in column] for column in s.tableau],
            "foundations": [
                {
                    "suit": pile[0].suit.symbol if pile else None,
                    "top": format_card(pile[-1] if pile else None),
                    "count": len(pile),
                }
                for pile in s.foundations
            ],
            "stock": {"count": len(s.stock)},
            "waste": {"count": len(s.waste), "cards": [str(card) for card in s.waste]},
            "redeals_left": s.redeals_left,
            "max_run": {"to_card": to_card, "to_empty": to_empty},
            "can_collect": collect_plan(s) is not None,
        }

    def position_of(self, state: FTState) -> Json:
        return {
            "game": self.name,
            "tableau": [[str(card) for card in column] for column in state.tableau],
            "stock": [str(card) for card in state.stock],
            "waste": [str(card) for card in state.waste],
            "foundations": [[str(card) for card in pile] for pile in state.foundations],
            "redeals_left": state.redeals_left,
            "seen": self.seen,
        }


def _position_piles(position: Mapping[str, Any], key: str, size: int) -> tuple[Pile, ...]:
    """Parse ``position[key]`` as exactly ``size`` lists of cards."""
    piles = position.get(key)
    if not isinstance(piles, list) or len(piles) != size:
        raise InvalidPosition(f"position field {key!r} must list {size} piles of cards")
    return tuple(
        tuple(position_cards({f"{key}[{i}]": pile}, f"{key}[{i}]")) for i, pile in enumerate(piles)
    )
