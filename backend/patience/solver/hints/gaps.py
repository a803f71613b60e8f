"""Gaps hints. Everything is face up, so the exact solver may lead: its winning line is the
hint (and the worker keeps the line, so the next hints along it are instant). When no win is
found in the budget, a guided beam's most promising line leads instead; without search, a
short look ahead on the same guide (the seed page's tips break its ties). No hint ever leads
back to a position the game has been in (:mod:`patience.solver.hints.common`).

>>> from patience.engine import new_game
>>> quick(new_game("gaps", deal=1, options={"redeals": 2}))
{'move': {'type': 'move', 'card': '4C', 'to': 'r3c4'}, 'reason': 'fills_gap', 'searched': False}
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from patience.engine import Game
from patience.engine.gaps import COLS, GapsGame, GapsMove, GapsState, Place, run_length
from patience.solver.core import solve
from patience.solver.gaps import GapsAdapter
from patience.solver.gaps_grid import encode
from patience.solver.hints.common import (
    DEFAULT,
    Effort,
    Hint,
    Json,
    Line,
    avoiding,
    guided_beam,
    make_hint,
)

SOLVE_SHARE = 0.8
"""The share of a hint's budget the exact solver gets; the guided beam has the rest."""
BEAM_WIDTH = 200
BEAM_NODES = 200_000


def public_key(state: GapsState) -> Hashable:
    """The board: the grid and the redeals left (with unlimited redeals a redeal that deals
    a grid seen before comes back to that board, whatever the count of redeals made)."""
    return (state.grid, state.redeals_left)


def reason(state: GapsState, move: GapsMove) -> str:
    if not isinstance(move, Place):
        return "redeal"
    row, col = divmod(move.to, COLS)
    return "extends_run" if run_length(state.grid, row) == col else "fills_gap"


def _hint(state: GapsState, move: GapsMove, searched: bool) -> Json:
    return make_hint(move.to_dict(), reason(state, move), searched)


def searched(game: Game[Any, Any], effort: Effort = DEFAULT) -> tuple[Hint, list[Json] | None]:
    """The searched hint, and a winning line from here when the solver found one."""
    assert isinstance(game, GapsGame)
    state = game.state
    line = Line.of(game, public_key)
    if not line.fresh_moves():
        return None, None
    adapter, start = GapsAdapter.from_game(game)
    forbidden: set[Hashable] = {adapter.key(encode(s)) for s in line.earlier}
    search = avoiding(adapter, forbidden)
    deadline = effort.deadline()
    result = solve(search, start, effort.share(SOLVE_SHARE).budget())
    if result.verdict == "winnable" and result.solution:
        first = game.parse_move(result.solution[0])
        if line.fresh(first):
            return _hint(state, first, True), result.solution
    nodes = BEAM_NODES if effort.nodes is None else max(1, effort.nodes - result.nodes)
    found = guided_beam(
        search, start, adapter.score, width=BEAM_WIDTH, nodes=nodes, deadline=deadline
    )
    if found.line:
        moves = adapter.move_json(found.line)
        first = game.parse_move(moves[0])
        if line.fresh(first):
            return _hint(state, first, True), moves if found.won else None
    return quick(game), None


def quick(game: Game[Any, Any]) -> Hint:
    """Advice without search: the fresh move whose position scores best on the beam's guide
    (:meth:`GapsAdapter.score`: cards in place, cards followed by their successor, redeals in
    hand, gaps that take nothing), looking one move further; ties broken by the seed page's
    tips (grow a row's run from the left, never open a gap right of a king, prefer a move
    whose new gap can itself be filled)."""
    assert isinstance(game, GapsGame)
    state = game.state
    line = Line.of(game, public_key)
    moves = line.fresh_moves()
    if not moves:
        return None
    adapter = GapsAdapter.from_game(game)[0]

    def value(after: GapsState) -> int:
        here = adapter.score(encode(after))
        ahead = [
            adapter.score(encode(game.apply(after, m)[0]))
            for m in game.legal(after)
            if isinstance(m, Place)
        ]
        return max([here, *ahead])

    best = min(moves, key=lambda m: (-value(line.after(m)), _tips(state, m)))
    return _hint(state, best, False)


def _tips(state: GapsState, move: GapsMove) -> tuple[int, ...]:
    """The seed page's tips as an order (lower first)."""
    if not isinstance(move, Place):
        return (9,)
    grid, card, to = state.grid, move.card, move.to
    row, col = divmod(to, COLS)
    source = grid.index(card)
    left_of_source = grid[source - 1] if source % COLS else None
    opens_after_king = left_of_source is not None and left_of_source.rank == 13
    follower = grid[to + 1] if col + 1 < COLS else None
    follows = follower is not None and follower.suit == card.suit and follower.rank == card.rank + 1
    return (
        0 if run_length(grid, row) == col else 1,
        1 if opens_after_king else 0,
        0 if follows else 1,
        col,
    )
