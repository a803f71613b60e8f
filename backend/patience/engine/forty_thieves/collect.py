"""Collect: every remaining card up in one move, once stock and waste are empty and foundation
moves alone can clear the tableau."""

from __future__ import annotations

from dataclasses import replace

from patience.engine.cards import Card
from patience.engine.errors import IllegalMove
from patience.engine.forty_thieves.moves import F0, location_name
from patience.engine.forty_thieves.state import FTState, accepts, foundation_for
from patience.engine.game import Json


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
    accepting = [i for i, pile in enumerate(piles) if accepts(pile, card)]
    if not accepting:
        return None
    if len(accepting) > 1 or sum(column.count(card) for column in columns) < 2:
        return accepting[0]
    return None


def collect_all(state: FTState) -> tuple[FTState, list[Json]]:
    plan = collect_plan(state)
    if plan is None:
        raise IllegalMove("not every card can go up yet", reason="cannot_collect")
    piles = [list(pile) for pile in state.foundations]
    for card, _, index in plan:
        piles[index].append(card)
    after = replace(
        state,
        tableau=tuple(() for _ in state.tableau),
        stock=(),
        waste=(),
        foundations=tuple(map(tuple, piles)),
    )
    events: list[Json] = [
        {"type": "collect", "card": str(c), "from": location_name(i), "to": location_name(F0 + f)}
        for c, i, f in plan
    ]
    return after, events
