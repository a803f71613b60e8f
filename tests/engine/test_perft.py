"""Perft: the number of move sequences of each length from a deal, in every game and ruleset.

Golden counts in the manner of chess engines' perft: any change to move generation, to a
rule, to auto-moves or to undo changes a count somewhere. Each sequence is played and taken
back through the public facade (JSON moves, ``play`` and ``undo``), so the counts also prove
that undo restores exactly the position the moves came from.
"""

from __future__ import annotations

from typing import Any

import pytest

from patience.games import new_game


def perft(game: Any, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in game.legal_moves():
        game.play(move)
        total += perft(game, depth - 1)
        game.undo()
    return total


@pytest.mark.parametrize(
    ("game", "deal", "options", "counts"),
    [
        ("pyramid", 1, {}, [3, 7, 15, 30, 62]),
        ("pyramid", 8153, {}, [4, 13, 35, 88, 251]),
        ("gaps", 1, {"redeals": 2}, [5, 33, 288, 2787]),
        ("gaps", 46, {"redeals": 0, "aces_shuffled": True}, [4, 19, 93, 446]),
        ("forty-thieves", 1, {"rules": "classic"}, [7, 37, 162, 584]),
        ("forty-thieves", 11826, {"rules": "relaxed"}, [3, 6, 12, 24]),
    ],
)
def test_perft(game: str, deal: int, options: dict[str, Any], counts: list[int]) -> None:
    played = new_game(game, deal=deal, options=options)
    start = played.view()
    assert [perft(played, depth) for depth in range(1, len(counts) + 1)] == counts
    assert played.view() == start and played.moves == []
