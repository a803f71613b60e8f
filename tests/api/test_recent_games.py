"""The per-process cache of rebuilt games: exact by version, copies in and out, bounded."""

from __future__ import annotations

from patience.api.play import RecentGames
from patience.engine import new_game


def test_hits_only_the_same_version_and_hands_out_copies() -> None:
    cache = RecentGames(size=2)
    game = new_game("pyramid", deal=8153)
    game.play({"type": "draw"})
    cache.put("g1", 1, game)
    game.play({"type": "draw"})  # the cached entry is a copy: unaffected
    hit = cache.get("g1", 1)
    assert hit is not None and len(hit.moves) == 1
    hit.play({"type": "draw"})
    again = cache.get("g1", 1)
    assert again is not None and len(again.moves) == 1
    assert cache.get("g1", 2) is None and cache.get("g2", 1) is None


def test_the_least_recently_used_game_goes_first() -> None:
    cache = RecentGames(size=2)
    for name in ("a", "b"):
        cache.put(name, 0, new_game("gaps", deal=1))
    assert cache.get("a", 0) is not None
    cache.put("c", 0, new_game("gaps", deal=1))
    assert cache.get("b", 0) is None and cache.get("a", 0) is not None
