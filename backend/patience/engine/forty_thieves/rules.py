"""The Forty Thieves rules: legal moves, applying a move, safe cards going up."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from patience.engine.cards import Card
from patience.engine.errors import IllegalMove
from patience.engine.forty_thieves.collect import collect_all, collect_plan
from patience.engine.forty_thieves.moves import (
    F0,
    FOUNDATION,
    WASTE,
    CardMove,
    Collect,
    Draw,
    FTMove,
    Pile,
    Redeal,
    location_name,
)
from patience.engine.forty_thieves.state import (
    FTRules,
    FTState,
    accepts,
    fits_column,
    foundation_for,
    is_safe,
    max_run,
    run_length,
)
from patience.engine.game import Json
from patience.engine.options import Options


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


def _sources(state: FTState) -> Iterator[tuple[int, Pile, int]]:
    """Every source with cards: ``(location, pile, longest movable count)``."""
    for i, column in enumerate(state.tableau):
        if column:
            yield i, column, run_length(column)
    if state.waste:
        yield WASTE, state.waste, 1


def legal_moves(state: FTState, rules: FTRules | Options) -> list[FTMove]:
    """Every legal move: by source (columns, then the waste) and count, each to a foundation
    (as ``"foundation"``) and then to columns in order; then draw, redeal, collect.

    >>> from patience.engine.forty_thieves import FortyThievesGame
    >>> [m.to_dict() for m in legal_moves(FortyThievesGame.new(1).state, FTRules())][:3]
    [{'type': 'move', 'from': 't0', 'to': 't1'}, {'type': 'move', 'from': 't5', 'to': 't0'}, \
{'type': 'move', 'from': 't6', 'to': 'foundation'}]
    """
    if state.is_won:
        return []
    to_card, to_empty = max_run(state, FTRules.of(rules).relaxed)
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


def apply_move(
    state: FTState, move: FTMove, rules: FTRules | Options
) -> tuple[FTState, list[Json]]:
    """Check ``move`` against the rules; return the new state and the events (raise
    :class:`IllegalMove` with API.md's reasons, in its order of precedence). With the option
    ``auto_safe`` (default on) safe cards then go up, reported as ``auto`` events."""
    rules = FTRules.of(rules)
    if isinstance(move, CardMove):
        after, events = _card_move(state, move, rules.relaxed)
    elif isinstance(move, Draw):
        if not state.stock:
            raise IllegalMove("there is no card to draw", reason="stock_empty")
        card = state.stock[0]
        after = replace(state, stock=state.stock[1:], waste=(*state.waste, card))
        events = [{"type": "draw", "card": str(card)}]
    elif isinstance(move, Redeal):
        refusal = _redeal_refusal(state)
        if refusal is not None:
            raise refusal
        # Turning the waste over puts its bottom card (the first drawn) on top of the stock.
        after = replace(state, stock=state.waste, waste=(), redeals_left=state.redeals_left - 1)
        events = [{"type": "redeal"}]
    else:
        after, events = collect_all(state)
    if rules.auto_safe:
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
            index = dst - F0 if accepts(state.foundations[dst - F0], card) else None
        if index is None:
            raise IllegalMove(f"{card} cannot go up there", reason="foundation_mismatch")
        foundations = list(state.foundations)
        foundations[index] = (*foundations[index], card)
        after = _without_top(state, src, 1)
        after = replace(after, foundations=tuple(foundations))
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
    after = replace(after, tableau=tuple(tableau))
    if n == 1 or relaxed:
        return after, [_move_event(src, dst, cards)]
    steps = run_steps(state.tableau, src, dst, n)
    return after, [
        {"type": "step", "card": str(c), "from": location_name(a), "to": location_name(b)}
        for c, a, b in steps
    ]


def _without_top(state: FTState, src: int, n: int) -> FTState:
    if src == WASTE:
        return replace(state, waste=state.waste[:-n])
    tableau = list(state.tableau)
    tableau[src] = tableau[src][:-n]
    return replace(state, tableau=tuple(tableau))


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
                        {
                            "type": "auto",
                            "card": str(piles[index][-1]),
                            "from": location_name(loc),
                            "to": location_name(F0 + index),
                        }
                    )
                    moved = True
                    break
    if not events:
        return state, events
    after = replace(
        state,
        tableau=tuple(map(tuple, columns)),
        waste=tuple(waste),
        foundations=tuple(map(tuple, piles)),
    )
    return after, events
