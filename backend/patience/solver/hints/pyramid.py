"""Pyramid hints.

While a stock card has never been face up, the solver runs on *samples* of the unseen order —
the unseen cards (a set the player can work out) dealt into the unseen places of the stock in an
order drawn from a generator seeded by public information only — and the move after which the
fewest samples are proven lost, then the most are won, is the hint; ties go to the move that
starts most samples' first found win, then to the seed page's tips. Counting first-found wins
alone favours whatever the search tries first: a pair that kept 7 samples of 12 winnable beat a
draw that kept 11. Once everything has been seen, the exact solver leads. A move into a proven
dead end is never suggested while another avoids it; without a searched move, the seed page's
advice. Every Pyramid move removes a card or moves on through the stock, so no line can come
back to a position (the no-cycle rule holds by itself; it is checked all the same).

>>> from patience.games import new_game
>>> searched(new_game("pyramid", deal=1))[0]
{'move': {'type': 'king', 'at': 'p21'}, 'reason': 'removes_king', 'searched': True}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any

from patience.engine import Card, Game
from patience.engine.pyramid import (
    STOCK,
    WASTE,
    Draw,
    King,
    Pair,
    PyramidGame,
    PyramidMove,
    PyramidState,
    Recycle,
    apply_move,
    legal_moves,
)
from patience.solver.core import solve
from patience.solver.hints.common import (
    DEFAULT,
    Effort,
    Hint,
    Json,
    Line,
    calibrated,
    canonical,
    make_hint,
    sampled_stocks,
)
from patience.solver.pyramid import PyramidAdapter

SAMPLES = 12
NODES = calibrated(native_nodes=240_000, pure_nodes=24_000)
"""A searched hint's node budget (:class:`~patience.solver.hints.common.Effort`), shared by
the samples while stock cards are unseen."""


def public_key(state: PyramidState) -> Hashable:
    """What the player sees: the pyramid, the waste, the stock's face-up top and size, the
    pass."""
    return (state.pyramid, state.waste, state.stock[:1], len(state.stock), state.passes)


def reason(state: PyramidState, move: PyramidMove) -> str:
    if isinstance(move, King):
        return "removes_king"
    if isinstance(move, Pair):
        return "completes_pair"
    if isinstance(move, Recycle):
        return "recycle"
    pairs = any(isinstance(m, Pair | King) for m in legal_moves(state))
    return "draw" if pairs else "draw_nothing_pairs"


def _hint(state: PyramidState, move: PyramidMove, searched: bool) -> Json:
    return make_hint(move.to_dict(), reason(state, move), searched)


def searched(game: Game[Any, Any], effort: Effort = DEFAULT) -> tuple[Hint, list[Json] | None]:
    """The searched hint, and a winning line from here when the exact solver found one."""
    assert isinstance(game, PyramidGame)
    state = game.state
    line = Line.of(game, public_key)
    moves = line.fresh_moves()
    if not moves:
        return None, None
    # Never into a proven dead end while another move avoids it (the dead-end test looks at
    # ranks and the known waste order only, so it uses nothing unseen).
    candidates = _alive(state, moves) or moves
    unknown = unseen_places(state, game.seen_counts())
    by_key = {canonical(m.to_dict()): m for m in candidates}
    if not unknown:
        result = solve(*PyramidAdapter.from_state(state), effort.budget())
        if result.verdict == "winnable" and result.solution:
            first = by_key.get(canonical(result.solution[0]))
            if first is not None:
                return _hint(state, first, True), result.solution
        return _hint(state, _advice(state, candidates), False), None
    votes = sample_votes(game, effort)
    shares = open_futures(game, candidates, effort) if len(candidates) > 1 else votes
    voted = [
        m for m in candidates if shares[canonical(m.to_dict())] or votes[canonical(m.to_dict())]
    ]
    if voted:
        tips = _tips(state)

        def rank(move: PyramidMove) -> tuple[int, int, tuple[int, int, int]]:
            key = canonical(move.to_dict())
            return (-shares[key], -votes[key], tips(move))

        return _hint(state, min(voted, key=rank), True), None
    return _hint(state, _advice(state, candidates), False), None


def sample_votes(game: Game[Any, Any], effort: Effort = DEFAULT) -> Counter[str]:
    """The honest vote while stock cards are unseen: for each sample of the unseen order
    (:func:`_samples`), the first move of the win its solver run finds (moves in canonical
    JSON); empty when nothing is unseen or no sample is won. The runs share ``effort``'s
    nodes (:data:`NODES` when it names none). The fair-play statistic's sighted model; the
    hint weighs :func:`open_futures` first, as a first-found win favours whatever the
    search tries first."""
    assert isinstance(game, PyramidGame)
    state, seen = game.state, game.seen_counts()
    unknown = unseen_places(state, seen)
    votes: Counter[str] = Counter()
    if not unknown:
        return votes
    each = _whole(effort).share(1 / SAMPLES).budget()
    for sample in _samples(state, unknown, seen):
        result = solve(*PyramidAdapter.from_state(sample), each)
        if result.verdict == "winnable" and result.solution:
            votes[canonical(result.solution[0])] += 1
    return votes


def open_futures(
    game: Game[Any, Any], moves: list[PyramidMove], effort: Effort = DEFAULT
) -> Counter[str]:
    """For each of ``moves`` (in canonical JSON), how many samples of the unseen order
    (:func:`_samples`, as :func:`sample_votes` draws them) are not proven lost after it, then
    how many are won, as one count, ``(SAMPLES + 1) * open + won``: the move that keeps the
    most futures open. A run cut short by its budget leaves its sample open (a king's removal,
    which never hurts, must not lose to a pair whose win was quicker to find). The runs share
    ``effort``'s nodes (:data:`NODES` when it names none) equally; empty when nothing is
    unseen."""
    assert isinstance(game, PyramidGame)
    state, seen = game.state, game.seen_counts()
    unknown = unseen_places(state, seen)
    futures: Counter[str] = Counter()
    if not unknown or not moves:
        return futures
    each = _whole(effort).share(1 / (SAMPLES * len(moves))).budget()
    for sample in _samples(state, unknown, seen):
        for move in moves:
            verdict = solve(*PyramidAdapter.from_state(apply_move(sample, move)), each).verdict
            weight = (SAMPLES + 1) * (verdict != "unwinnable") + (verdict == "winnable")
            futures[canonical(move.to_dict())] += weight
    return futures


def _whole(effort: Effort) -> Effort:
    return effort if effort.nodes is not None else replace(effort, nodes=NODES)


def quick(game: Game[Any, Any]) -> Hint:
    """The seed page's advice, without search (see :func:`_advice`)."""
    assert isinstance(game, PyramidGame)
    state = game.state
    moves = Line.of(game, public_key).fresh_moves()
    if not moves:
        return None
    return _hint(state, _advice(state, _alive(state, moves) or moves), False)


def unseen_places(state: PyramidState, seen: Counter[Card]) -> list[int]:
    """Indices into the stock (top first) of the cards never face up."""
    return [i for i, card in enumerate(state.stock) if not seen[card]]


def _samples(state: PyramidState, unknown: list[int], seen: Counter[Card]) -> list[PyramidState]:
    """States with the unseen stock cards re-dealt into their places (:func:`sampled_stocks`),
    seeded by the public position only."""
    public = {
        "pyramid": [None if c is None else str(c) for c in state.pyramid],
        "stock": [None if i in unknown else str(c) for i, c in enumerate(state.stock)],
        "waste": [str(c) for c in state.waste],
        "pass": state.passes,
        "seen": sorted(str(c) for c in seen.elements()),
    }
    return [replace(state, stock=s) for s in sampled_stocks(state.stock, unknown, public, SAMPLES)]


def _advice(state: PyramidState, moves: list[PyramidMove]) -> PyramidMove:
    """The seed page's tips as an order (:func:`_tips`): the first move."""
    return min(moves, key=_tips(state))


def _tips(state: PyramidState) -> Callable[[PyramidMove], tuple[int, int, int]]:
    """The seed page's tips as a sort key: kings first; then pairs that uncover the most
    pyramid cards (pyramid pairs before pairs with the stock or waste, which spend a
    partner); then draw; recycle last."""

    def uncovered(move: PyramidMove) -> int:
        after = apply_move(state, move)
        return len(after.available()) - len(state.available()) + state.removed

    def score(move: PyramidMove) -> tuple[int, int, int]:
        if isinstance(move, King):
            return (0, 0, 0)
        if isinstance(move, Pair):
            spends_talon = int(move.a in (STOCK, WASTE) or move.b in (STOCK, WASTE))
            return (1, spends_talon, -uncovered(move))
        return (2 if isinstance(move, Draw) else 3, 0, 0)

    return score


def _alive(state: PyramidState, moves: list[PyramidMove]) -> list[PyramidMove]:
    """The moves that do not lead into a proven dead end (the dead-end test looks at ranks
    and the known waste order only, so it uses nothing unseen)."""
    return [m for m in moves if not _proven_dead(apply_move(state, m))]


def _proven_dead(state: PyramidState) -> bool:
    adapter, encoded = PyramidAdapter.from_state(state)
    return adapter.is_dead(encoded)
