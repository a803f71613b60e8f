"""Independent brute-force searches, through the engine's facade only.

It shares nothing with the game adapters (no compact encoding, no pruning, no forced moves):
plain depth-first search over ``legal_moves`` / ``play`` / ``undo`` with a visited set of full
positions. Slow, but obviously right — the tests check the real solvers against it on small
budgets, and the benchmark runs it as the baseline.

>>> from patience.games import load_position
>>> pyramid = [None] * 28
>>> pyramid[21], pyramid[22] = "6S", "7H"
>>> g = load_position({"game": "pyramid", "pyramid": pyramid, "stock": [], "waste": []})
>>> brute_force(g).solution
[{'type': 'pair', 'a': 'p21', 'b': 'p22'}]
>>> fewest_moves(g)
1
"""

from __future__ import annotations

import json
from typing import Any

from patience.engine import Game
from patience.solver.core import Budget, Result


def brute_force(game: Game[Any, Any], budget: Budget | None = None) -> Result:
    """Search from ``game``'s current position (on a copy: ``game`` is left as it was)."""
    game = type(game).from_position(game.position(), game.options)
    budget = budget or Budget()
    began = budget.clock()
    deadline = None if budget.seconds is None else began + budget.seconds
    visited: set[str] = set()
    nodes = 0

    def key() -> str:
        position = game.position()
        position.pop("seen", None)
        return json.dumps(position, sort_keys=True)

    def out_of_budget() -> bool:
        if budget.nodes is not None and nodes > budget.nodes:
            return True
        if nodes % 256:
            return False
        if deadline is not None and budget.clock() > deadline:
            return True
        return budget.cancelled is not None and budget.cancelled()

    def dfs() -> bool | None:  # True: won; False: exhausted; None: out of budget
        nonlocal nodes
        if game.status == "won":
            return True
        here = key()
        if here in visited:
            return False
        visited.add(here)
        nodes += 1
        if out_of_budget():
            return None
        for move in game.legal_moves():
            game.play(move)
            found = dfs()
            if found is not False:
                return found
            game.undo()
        return False

    try:
        found = dfs()
    except RecursionError:  # a line deeper than Python's stack: undecided, never "unwinnable"
        found = None
    elapsed = budget.clock() - began
    if found is True:
        return Result("winnable", game.moves, nodes, elapsed)
    return Result("unwinnable" if found is False else "unknown", None, nodes, elapsed)


def fewest_moves(game: Game[Any, Any], max_states: int = 1_000_000) -> int | None:
    """The fewest moves that win from ``game``'s current position, by breadth-first search
    over the engine's states (each move counted once, as the game counts them); None when no
    line wins. The tests check the par search against it on small positions.

    Raises :class:`RuntimeError` past ``max_states`` distinct states (never a guess).
    """
    start = game.state
    if game.is_won(start):
        return 0
    seen = {start}
    layer = [start]
    depth = 0
    while layer:
        depth += 1
        following = []
        for state in layer:
            for move in game.legal(state):
                after, _ = game.apply(state, move)
                if after in seen:
                    continue
                if game.is_won(after):
                    return depth
                seen.add(after)
                following.append(after)
        if len(seen) > max_states:
            raise RuntimeError("too many states for a brute-force search")
        layer = following
    return None
