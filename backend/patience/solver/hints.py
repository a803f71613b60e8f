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

from patience import games
from patience.engine import Card, Game
from patience.engine.deal import SplitMix64
from patience.engine.forty_thieves import COLUMNS, FOUNDATION, CardMove, FortyThievesGame, is_useful
from patience.engine.forty_thieves import Collect as FTCollect
from patience.engine.forty_thieves import Draw as FTDraw
from patience.engine.forty_thieves import legal_moves as ft_legal_moves
from patience.engine.gaps import COLS, GapsGame, run_length
from patience.engine.gaps import parse_location as gaps_location
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
from patience.solver import solve_game
from patience.solver.core import Budget, solve
from patience.solver.pyramid import PyramidAdapter

Json = dict[str, Any]

Hint = dict[str, Any] | None
SAMPLES = 12
SAMPLE_BUDGET = Budget(nodes=20_000)
EXACT_BUDGET = Budget(seconds=2.0)


def hint(game: Game[Any, Any]) -> Hint:
    """The searched hint (the worker's): ``{"move": move}``, ``{"action": "draw"}`` or
    ``None`` when nothing can move."""
    if game.status != "playing":
        return None
    return games.get(game.name).hint(game)


def quick_hint(game: Game[Any, Any]) -> Hint:
    """Ordinary advice without search, from the seed pages' tips: what the API answers when
    the worker's hint is not ready in time. It reads only the public board."""
    if game.status != "playing":
        return None
    return games.get(game.name).quick_hint(game)


def search_free(
    choose: Callable[[Game[Any, Any], list[Json]], Json],
) -> Callable[[Game[Any, Any]], Hint]:
    """A game's search-free advice from its choice among the legal moves (JSON)."""

    def advise(game: Game[Any, Any]) -> Hint:
        moves = game.legal_moves()
        if not moves:
            return None
        best = choose(game, moves)
        return {"action": "draw"} if best == {"type": "draw"} else {"move": best}

    return advise


def _as_hint(move: Any) -> Hint:
    return {"action": "draw"} if isinstance(move, Draw) else {"move": move.to_dict()}


def _exact_or(game: Game[Any, Any], fallback: Callable[[Game[Any, Any]], Hint]) -> Hint:
    """The first move of a winning line when the exact solver finds one in its budget."""
    try:
        result = solve_game(game, EXACT_BUDGET)
    except NotImplementedError:
        return fallback(game)
    if result.verdict == "winnable" and result.solution:
        first = result.solution[0]
        return {"action": "draw"} if first == {"type": "draw"} else {"move": first}
    return fallback(game)


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


def pyramid_quick(game: Game[Any, Any], moves: list[Json]) -> Json:
    assert isinstance(game, PyramidGame)
    state = game.state
    typed = legal_moves(state)
    alive = [m for m in typed if not _proven_dead(apply_move(state, m))]
    return _advice(state, alive or typed).to_dict()


# -- Gaps --------------------------------------------------------------------------------------


def gaps_hint(game: Game[Any, Any]) -> Hint:
    """Everything in Gaps is face up, so the exact solver may lead."""
    return _exact_or(game, quick_hint)


def gaps_quick(game: Game[Any, Any], moves: list[Json]) -> Json:
    """The seed page's tips, in order: grow a row's run from the left; put a 2 where its 3
    already follows; never open a gap right of a king while anything else moves; prefer a
    move whose new gap can itself be filled; redeal only when no card moves."""
    assert isinstance(game, GapsGame)
    grid = game.state.grid

    def score(move: Json) -> tuple[int, ...]:
        if move["type"] == "redeal":
            return (9,)
        card, to = Card.parse(move["card"]), gaps_location(move["to"])
        row, col = divmod(to, COLS)
        source = grid.index(card)
        extends_run = run_length(grid, row) == col
        left_of_source = grid[source - 1] if source % COLS else None
        opens_after_king = left_of_source is not None and left_of_source.rank == 13
        follower = grid[to + 1] if col + 1 < COLS else None
        same_suit_next = follower is not None and follower.suit == card.suit
        return (
            0 if extends_run else 1,
            1 if opens_after_king else 0,
            0 if same_suit_next and follower is not None and follower.rank == card.rank + 1 else 1,
            col,
        )

    return min(moves, key=score)


# -- Forty Thieves -----------------------------------------------------------------------------


def forty_thieves_hint(game: Game[Any, Any]) -> Hint:
    """The stock order is hidden until it is used up: search only then (honesty rule)."""
    return _exact_or(game, quick_hint) if game.unseen_count() == 0 else quick_hint(game)


def forty_thieves_quick(game: Game[Any, Any], moves: list[Json]) -> Json:
    """The seed page's tips: collect when possible; then foundations; then column moves that
    get somewhere (free a card, build, empty a column); the stock only when the columns are
    done; a redeal last."""
    assert isinstance(game, FortyThievesGame)
    state = game.state
    typed = ft_legal_moves(state, game.options)

    def score(move: Any) -> tuple[int, int]:
        if isinstance(move, FTCollect):
            return (0, 0)
        if isinstance(move, CardMove):
            if move.dst >= FOUNDATION:
                return (1, 0)
            if move.src < COLUMNS and is_useful(state, move):
                return (2, -move.count)
            if move.src >= COLUMNS:  # from the waste onto a column
                return (3, 0)
            return (5, 0)
        return (4, 0) if isinstance(move, FTDraw) else (6, 0)

    return dict(min(typed, key=score).to_dict())
