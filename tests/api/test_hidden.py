"""No response ever contains a card the player has not seen (random play through the API)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from patience.api.db import get_session
from patience.games import entries
from patience.service.games import rebuild
from patience.store import GameRecord
from patience.store.games import as_row
from tests.api.conftest import Api

CARD = re.compile(r"^(?:[A2-9TJQK]|10)[SHDC]$")


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def seen_and_hidden(app: Flask, game_id: str) -> tuple[set[str], set[str]]:
    """Server side: the cards the player has seen, and every card of the deal not seen."""
    with app.app_context():
        record = get_session().get(GameRecord, game_id)
        assert record is not None
        game = rebuild(as_row(record), get_session())
        seen = set(game.seen)
        everything = {s for s in strings(game.position()) if CARD.match(s)}
    return seen, everything - seen


@pytest.mark.parametrize("name", sorted(e.name for e in entries()))
def test_random_play_never_shows_an_unseen_card(app: Flask, api: Api, name: str) -> None:
    rng = random.Random(f"hidden-{name}")
    headers = api.player()
    checked = 0
    for deal in (rng.randrange(1, 2**32) for _ in range(3)):
        r = api.client.post("/api/v1/games", json={"game": name, "deal": deal}, headers=headers)
        responses = [r]
        game = r.json
        assert game is not None
        if name == "pyramid":
            assert seen_and_hidden(app, game["id"])[1], "a fresh deal hides its stock"
        for _ in range(60):
            if game["status"] != "playing":
                break
            action = rng.random()
            if action < 0.1 and game["moves"]:
                r = api.client.post(
                    f"/api/v1/games/{game['id']}/undo",
                    json={"version": game["version"]},
                    headers=headers,
                )
            elif action < 0.15 or not game["legal_moves"]:
                r = api.move(headers, game, {"type": rng.choice(["draw", "recycle", "redeal"])})
            else:
                r = api.move(headers, game, rng.choice(game["legal_moves"]))
            responses.append(r)
            assert r.status_code < 500
            if r.status_code == 200:
                game = r.json
                assert game is not None
            responses.append(api.client.get(f"/api/v1/games/{game['id']}", headers=headers))
        seen, _ = seen_and_hidden(app, game["id"])
        for response in responses:
            shown = {s for s in strings(response.json) if CARD.match(s)}
            assert shown <= seen, shown - seen
            checked += 1
    assert checked > 100
