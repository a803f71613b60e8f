"""Positions proven lost, reused by a later search of the same game (the analysis keeps them
per game): the search never enters them, and its verdict is the one it gives without them.
Over many seeded positions of each game, on the core in use (``make pytest`` runs these on the
native core and again on the pure Python one)."""

from __future__ import annotations

from typing import Any

import pytest

from patience.engine import Game
from patience.games.solving import solve_in_sight
from patience.solver import Budget
from tests.solver.test_hints import scrambled

NODES = 20_000
PROBE = 3_000
"""The small search that proves positions ahead lost."""
FULL_INFORMATION: list[tuple[str, dict[str, Any], int]] = [
    ("gaps", {"redeals": 0}, 4),
    ("pyramid", {}, 4),
    ("forty-thieves", {"rules": "classic"}, 20),  # (decided only late in a game)
    ("forty-thieves", {"rules": "relaxed"}, 30),
]
"""Each game, its options, and how many more random moves each seed plays."""


def lost_ahead(game: Game[Any, Any], plies: int) -> list[Game[Any, Any]]:
    """Positions up to ``plies`` moves ahead of ``game`` that a small search proves lost."""
    out: list[Game[Any, Any]] = []
    frontier = [game]
    for _ in range(plies):
        following = []
        for here in frontier:
            for move in here.legal_moves()[:4]:
                after = here.copy()
                after.play(move)
                following.append(after)
                if solve_in_sight(after, Budget(nodes=PROBE)).verdict == "unwinnable":
                    out.append(after)
        frontier = following[:4]
    return out


@pytest.mark.parametrize(("name", "options", "step"), FULL_INFORMATION, ids=lambda v: str(v))
def test_known_lost_positions_change_no_verdict(
    name: str, options: dict[str, Any], step: int
) -> None:
    compared = 0
    for seed in range(8):
        game = scrambled(name, options, 7_919 * seed + 3, plies=3 * step + step * seed)
        if game.status != "playing":
            continue
        lost = lost_ahead(game, 2)
        plain = solve_in_sight(game, Budget(nodes=NODES))
        pruned = solve_in_sight(game, Budget(nodes=NODES), lost)
        decided = {plain.verdict, pruned.verdict} - {"unknown"}
        assert len(decided) <= 1, (seed, plain.verdict, pruned.verdict)
        compared += bool(lost) and plain.verdict != "unknown" and pruned.verdict != "unknown"
        if pruned.verdict == "winnable":  # its line wins, and never passes a lost position
            assert pruned.solution is not None
            replay = game.copy()
            kept = {g.position_key() for g in lost}
            for move in pruned.solution:
                replay.play(move)
                assert replay.position_key() not in kept
            assert replay.status == "won"
    assert compared >= 1  # (with lost positions to prune, both searches decided)
