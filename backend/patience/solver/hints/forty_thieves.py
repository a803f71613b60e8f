"""Forty Thieves hints.

While stock cards are unseen, the hint is a vote over searches on *samples* of the unseen
order, as in Pyramid: the unseen cards (a public set: every card of the two decks not seen)
dealt into the unseen places of the stock in orders drawn from a generator seeded by the
public position only, so two positions that differ only in unseen cards get the same hint.
Each sample's solver run votes for the first move of its win; when no sample is won within
its budget, each sample's guided beam votes for the first move of its most promising line
(cards up, runs built, columns emptied; see :func:`value`). Once the stock holds no unseen
card, the exact solver leads, and its winning line is kept (the worker caches it). No hint
leads back to a position the game has been in, and the searches avoid those positions too.

>>> from patience.games import new_game
>>> quick(new_game("forty-thieves", deal=1, options={"rules": "relaxed"}))["reason"]
'to_foundation'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any

from patience.engine import Game
from patience.engine.forty_thieves import (
    COLUMNS,
    FOUNDATION,
    CardMove,
    Collect,
    Draw,
    FortyThievesGame,
    FTMove,
    FTState,
    is_useful,
    visible_cards,
)
from patience.solver.core import solve
from patience.solver.forty_thieves import FortyThievesAdapter
from patience.solver.hints.common import (
    DEFAULT,
    Effort,
    Hint,
    Json,
    Line,
    avoiding,
    calibrated,
    canonical,
    guided_beam,
    make_hint,
    pick,
    sampled_stocks,
    settled,
    shortened,
)

SAMPLES = 8
NODES = calibrated(native_nodes=80_000, pure_nodes=6_000)
"""A searched hint's node budget (:class:`~patience.solver.hints.common.Effort`)."""
SOLVE_SHARE = 0.6
"""The share of the hint's effort the solver runs get; the guided beams have the rest."""
BEAM_WIDTH = 24
BEAM_NODES = 3_000
"""At most, for each sample's guided beam (it runs in Python on either core)."""


def public_key(state: FTState) -> Hashable:
    """What the player sees: columns, foundations, the waste, the stock's size, redeals."""
    return (state.tableau, state.foundations, state.waste, len(state.stock), state.redeals_left)


def value(columns: Sequence[Sequence[int]], up: int, waste: int) -> int:
    """How promising a position looks, on card codes (:attr:`Card.index`): cards up count
    most, then cards on their same-suit successor and empty columns; waste cards (each one
    buries the cards below it) count against."""
    built = empty = 0
    for column in columns:
        if not column:
            empty += 1
            continue
        for below, card in pairwise(column):
            if below == card + 1 and card % 13 != 12:
                built += 1
    return 100 * up + 10 * built + 25 * empty - 4 * waste


def _state_value(state: FTState) -> int:
    columns = [[card.index for card in column] for column in state.tableau]
    return value(columns, sum(map(len, state.foundations)), len(state.waste))


def _solver_value(state: Any) -> int:
    """:func:`value` on the solver's encoding (see :mod:`patience.solver.forty_thieves`)."""
    columns, found, talon, ptr, _ = state
    return value(columns, sum(found), (talon & ((1 << ptr) - 1)).bit_count())


def reason(state: FTState, move: FTMove) -> str:
    if isinstance(move, Collect):
        return "collect"
    if isinstance(move, Draw):
        return "draw"
    if not isinstance(move, CardMove):
        return "redeal"
    if move.dst >= FOUNDATION:
        return "to_foundation"
    if move.src >= COLUMNS:
        return "builds"
    if len(state.tableau[move.src]) == move.count:
        return "empties_column"
    return "frees_card"


def _hint(state: FTState, move: FTMove, searched: bool) -> Json:
    return make_hint(move.to_dict(), reason(state, move), searched)


# -- without search ------------------------------------------------------------------------


def quick(game: Game[Any, Any]) -> Hint:
    """The seed page's tips, as an order: collect; send a card up; a column move that gets
    somewhere (:func:`is_useful`) and raises the position's :func:`value`, best first; the
    waste top onto a column; draw; then what is left, best value first (a redeal before an
    aimless move). Only moves to positions the game has not been in."""
    assert isinstance(game, FortyThievesGame)
    state = game.state
    line = Line.of(game, public_key)
    moves = line.fresh_moves()
    if not moves:
        return None
    return _hint(state, min(moves, key=lambda m: _order(state, line, m)), False)


def _order(state: FTState, line: Line, move: FTMove) -> tuple[int, int, int]:
    if isinstance(move, Collect):
        return (0, 0, 0)
    if isinstance(move, CardMove):  # (a card move reveals nothing: its value is public)
        gain = _state_value(line.after(move)) - _state_value(state)
        if move.dst >= FOUNDATION:
            return (1, -gain, 0)
        if move.src < COLUMNS and is_useful(state, move) and gain > 0:
            return (2, -gain, -move.count)
        if move.src >= COLUMNS and gain > 0:
            return (3, -gain, 0)
        return (6, -gain, -move.count)
    return (4, 0, 0) if isinstance(move, Draw) else (5, 0, 0)


# -- searched --------------------------------------------------------------------------------


def searched(game: Game[Any, Any], effort: Effort = DEFAULT) -> tuple[Hint, list[Json] | None]:
    """The searched hint, and a winning line from here when the exact solver found one (only
    once no stock card is unseen)."""
    assert isinstance(game, FortyThievesGame)
    state = game.state
    line = Line.of(game, public_key)
    fresh = {canonical(m.to_dict()): m for m in line.fresh_moves()}
    if not fresh:
        return None, None
    if len(fresh) == 1:  # nothing to choose: no search
        (only,) = fresh.values()
        return _hint(state, only, False), None
    votes, winning = _votes(game, line, fresh, effort)
    chosen = pick(votes, fresh)
    if chosen is not None:
        return _hint(state, chosen, True), winning
    return quick(game), None


def sample_votes(game: Game[Any, Any], effort: Effort = DEFAULT) -> Counter[str]:
    """The honest vote of :func:`searched` (moves in canonical JSON): each sample's solver
    run votes for the first move of its win, or, when no vote names a fresh move, each
    sample's guided beam for the first move of its most promising line."""
    assert isinstance(game, FortyThievesGame)
    line = Line.of(game, public_key)
    fresh = {canonical(m.to_dict()): m for m in line.fresh_moves()}
    return _votes(game, line, fresh, effort)[0] if fresh else Counter()


def _votes(
    game: FortyThievesGame, line: Line, fresh: dict[str, FTMove], effort: Effort
) -> tuple[Counter[str], list[Json] | None]:
    """The votes over the samples (the position itself once nothing is unseen), and the
    winning line the exact solver found when nothing is unseen and a solver vote decides."""
    state = game.state
    relaxed, auto = game.rules.relaxed, game.rules.auto_safe
    unknown = unseen_places(game)
    samples = _samples(game, unknown) if unknown else [state]
    each = effort.share(SOLVE_SHARE / len(samples))
    votes: Counter[str] = Counter()
    winning: list[Json] | None = None
    for n, sample in enumerate(samples):
        if settled(votes, len(samples) - n):
            break
        adapter, start = FortyThievesAdapter.from_state(sample, relaxed, auto)
        search = avoiding(adapter, _forbidden(adapter, line.earlier, state, sample))
        result = solve(search, start, each.budget())
        if result.verdict == "winnable" and result.solution:
            if not unknown:  # the line is kept and followed: without its detours
                result.solution = shortened(game, result.solution, effort)
                winning = result.solution
            votes[canonical(result.solution[0])] += 1
    if pick(votes, fresh) is not None:
        return votes, winning
    for sample in samples:  # no win found: each sample's most promising line votes
        adapter, start = FortyThievesAdapter.from_state(sample, relaxed, auto)
        search = avoiding(adapter, _forbidden(adapter, line.earlier, state, sample))
        nodes = min(BEAM_NODES, each.nodes or BEAM_NODES)
        found = guided_beam(
            search, start, _solver_value, width=BEAM_WIDTH, nodes=nodes, cancelled=effort.cut
        )
        if found.line:
            votes[canonical(adapter.move_json(found.line[:1])[0])] += 1
    return votes, None


def _forbidden(
    adapter: FortyThievesAdapter, earlier: list[FTState], state: FTState, sample: FTState
) -> set[Hashable]:
    """The solver's keys of the earlier positions a search from ``sample`` could meet: those
    with the same waste, stock size and redeals (in one game their stock is the same too, so
    they are encoded with the sample's stock)."""
    out: set[Hashable] = set()
    for s in earlier:
        same = s.waste == state.waste and s.redeals_left == state.redeals_left
        if same and len(s.stock) == len(state.stock):
            twin = FTState(s.tableau, sample.stock, s.waste, s.foundations, s.redeals_left)
            out.add(adapter.key(FortyThievesAdapter.from_state(twin, adapter.relaxed)[1]))
    return out


def unseen_places(game: FortyThievesGame) -> list[int]:
    """Indices into the stock (top first) of the cards never face up (seen cards back in the
    stock come first: only a redeal puts cards back, in the order they were drawn)."""
    state = game.state
    back = game.seen_counts() - Counter(visible_cards(state))
    out = []
    for i, card in enumerate(state.stock):
        if back[card]:
            back[card] -= 1
        else:
            out.append(i)
    return out


def _samples(game: FortyThievesGame, unknown: list[int]) -> list[FTState]:
    """States with the unseen stock cards re-dealt into their places (:func:`sampled_stocks`),
    seeded by the public position and the seen cards only."""
    state = game.state
    places = set(unknown)
    public = {
        "key": repr(public_key(state)),
        "stock": [None if i in places else str(c) for i, c in enumerate(state.stock)],
        "seen": game.seen,
        "rules": game.ruleset,
    }
    return [replace(state, stock=s) for s in sampled_stocks(state.stock, unknown, public, SAMPLES)]
