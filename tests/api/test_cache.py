"""The per-process cache of rebuilt games: exact by version, copies in and out, bounded."""

from __future__ import annotations

import datetime as dt

from patience.games import new_game
from patience.service.cache import RecentGames
from patience.store import GameRecord
from patience.store.games import Row, as_row

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def record(game_id: str, version: int) -> Row:
    return as_row(
        GameRecord(
            id=game_id,
            player_id="p",
            game="pyramid",
            ruleset="standard",
            options={},
            deal=8153,
            version=version,
            line=[],
            seen=[],
            moves_made=version,
            undos=0,
            hints=0,
            elapsed_ms=0,
            running_since=NOW,
            status="playing",
            created_at=NOW,
            updated_at=NOW,
        )
    )


def test_hits_only_the_same_version_and_hands_out_copies() -> None:
    cache = RecentGames(size=2)
    game = new_game("pyramid", deal=8153)
    game.play({"type": "draw"})
    cache.put(record("g1", 1), game)
    game.play({"type": "draw"})  # the cached entry is a copy: unaffected
    hit = cache.get("g1", 1)
    assert hit is not None and len(hit[0].moves) == 1
    assert hit[1]["version"] == 1 and hit[1]["player_id"] == "p"
    hit[0].play({"type": "draw"})
    again = cache.get("g1", 1)
    assert again is not None and len(again[0].moves) == 1
    assert cache.get("g1", 2) is None and cache.get("g2", 1) is None


def test_the_least_recently_used_game_goes_first() -> None:
    cache = RecentGames(size=2)
    for name in ("a", "b"):
        cache.put(record(name, 0), new_game("gaps", deal=1))
    assert cache.get("a", 0) is not None
    cache.put(record("c", 0), new_game("gaps", deal=1))
    assert cache.get("b", 0) is None and cache.get("a", 0) is not None
