"""Hints: one move worth making, under the honesty rule of SPEC §2.

While any stock card has never been face up, a hint uses only what the player has seen: the
solver runs on *samples* of the unseen order — the unseen cards (a set the player can work
out) dealt into the unseen places of the stock in an order drawn from a generator seeded by
what the player knows only — and the move that starts a win in most samples is the hint. Two
positions that differ only in the unseen part of the stock therefore get the same hint. Once
everything has been seen the exact solver decides and the hint follows a winning line. A
move into a proven dead end is never suggested while another move avoids it; when nothing
is proven either way, the hint falls back to the seed page's advice.

>>> from patience.engine import new_game
>>> hint(new_game("pyramid", deal=8153))
{'move': {'type': 'king', 'at': 'p21'}}
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from patience.engine import Card, Game
from patience.engine.deal import SplitMix64
from patience.engine.pyramid import (
    STOCK,
    WASTE,
    Draw,
    King,
    Pair,
    PyramidGame,
    PyramidMove,
    PyramidState,
    apply_move,
    legal_moves,
)
from patience.solver.core import Budget, solve
from patience.solver.pyramid import PyramidAdapter

Hint = dict[str, Any] | None
SAMPLES = 12
SAMPLE_BUDGET = Budget(nodes=20_000)
EXACT_BUDGET = Budget(seconds=2.0)


def hint(game: Game[Any, Any]) -> Hint:
    """``{"move": move}``, ``{"action": "draw"}`` or ``None`` (nothing can move)."""
    advisor = HINTS.get(game.name)
    if advisor is None:
        raise NotImplementedError(f"no hints for {game.name} yet")
    return advisor(game) if game.status == "playing" else None


def _as_hint(move: PyramidMove) -> Hint:
    return {"action": "draw"} if isinstance(move, Draw) else {"move": move.to_dict()}


# -- Pyramid -------------------------------------------------------------------------------


def pyramid_hint(game: Game[Any, Any]) -> Hint:
    assert isinstance(game, PyramidGame)
    state = game.state
    moves = legal_moves(state)
    if not moves:
        return None
    # Never into a proven dead end while another move avoids it (the dead-end test looks at
    # ranks and the known waste order only, so it uses nothing unseen).
    alive = [m for m in moves if not _proven_dead(apply_move(state, m))]
    candidates = alive or moves
    unknown = unseen_places(state, game.seen_counts())
    if not unknown:
        result = solve(*PyramidAdapter.from_state(state), EXACT_BUDGET)
        if result.verdict == "winnable" and result.solution:
            return (
                {"action": "draw"}
                if result.solution[0] == {"type": "draw"}
                else {"move": result.solution[0]}
            )
        return _as_hint(_advice(state, candidates))
    votes: Counter[str] = Counter()
    for sample in _samples(state, unknown, game.seen_counts()):
        result = solve(*PyramidAdapter.from_state(sample), SAMPLE_BUDGET)
        if result.verdict == "winnable" and result.solution:
            votes[json.dumps(result.solution[0], sort_keys=True)] += 1
    by_key = {json.dumps(m.to_dict(), sort_keys=True): m for m in candidates}
    ranked = [key for key, _ in votes.most_common() if key in by_key]
    return _as_hint(by_key[ranked[0]] if ranked else _advice(state, candidates))


def unseen_places(state: PyramidState, seen: Counter[Card]) -> list[int]:
    """Indices into the stock (top first) of the cards never face up."""
    return [i for i, card in enumerate(state.stock) if not seen[card]]


def _samples(state: PyramidState, unknown: list[int], seen: Counter[Card]) -> list[PyramidState]:
    """States with the unseen stock cards re-dealt into their places, from a generator seeded
    by the public position only (the set of unseen cards is public: it is every card not seen)."""
    hidden = sorted((state.stock[i] for i in unknown), key=lambda c: c.index)
    public = {
        "pyramid": [None if c is None else str(c) for c in state.pyramid],
        "stock": [None if i in unknown else str(c) for i, c in enumerate(state.stock)],
        "waste": [str(c) for c in state.waste],
        "pass": state.passes,
        "seen": sorted(str(c) for c in seen.elements()),
    }
    digest = hashlib.sha256(json.dumps(public, sort_keys=True).encode()).digest()
    rng = SplitMix64(int.from_bytes(digest[:8], "big"))
    out = []
    for _ in range(SAMPLES):
        order = iter(rng.shuffle(hidden))
        stock = tuple(next(order) if i in unknown else c for i, c in enumerate(state.stock))
        out.append(replace(state, stock=stock))
    return out


def _advice(state: PyramidState, moves: list[PyramidMove]) -> PyramidMove:
    """The seed page's tips as an order: kings first; then pairs that uncover the most
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

    return min(moves, key=score)


def _proven_dead(state: PyramidState) -> bool:
    adapter, encoded = PyramidAdapter.from_state(state)
    return adapter.is_dead(encoded)


HINTS: dict[str, Callable[[Game[Any, Any]], Hint]] = {"pyramid": pyramid_hint}
"""The hint function of each game."""
