"""Adding a game touches only the files the README lists: here a toy game (Climb, one suit,
tests/games/toy.py) is registered from the test suite alone and the whole service serves it:
the catalog, new games, moves, hints, the solver, results, replays, records and
leaderboards."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from patience import games
from patience.engine import new_game
from patience.solver import solve_game
from patience.solver.hints import hint, quick_hint
from tests.api.conftest import Api
from tests.games.toy import CLIMB

WINNABLE, LOST = 5, 1  # found by the generic engine solver


@pytest.fixture
def climb() -> Iterator[None]:
    games.register(CLIMB)
    yield
    games.unregister("climb")


def test_the_solver_and_hints_serve_a_registered_game(climb: None) -> None:
    game = new_game("climb", deal=WINNABLE)
    result = solve_game(game)
    assert result.verdict == "winnable" and result.solution
    for move in result.solution:
        game.play(move)
    assert game.status == "won"
    assert solve_game(new_game("climb", deal=LOST)).verdict == "unwinnable"
    fresh = new_game("climb", deal=WINNABLE)
    assert hint(fresh) == {"action": "draw", "reason": "draw", "searched": False}  # unseen cards
    assert quick_hint(fresh) == {"action": "draw", "reason": "draw", "searched": False}


def test_the_api_serves_a_registered_game_from_catalog_to_replay(climb: None, api: Api) -> None:
    catalog = api.client.get("/api/v1/games/catalog").json
    assert catalog is not None
    assert {"game": "climb", "title": "Climb", "rulesets": ["standard"]}.items() <= next(
        g for g in catalog["games"] if g["game"] == "climb"
    ).items()
    headers = api.player("Climber")
    view = api.new_game(headers, game="climb", deal=WINNABLE)
    assert view["board"]["stock"] == {"count": 13} and view["deal_id"] == "climb-5"
    line = solve_game(new_game("climb", deal=WINNABLE)).solution
    assert line is not None
    hinted = _follow_one_hint(api, headers, view)
    assert hinted["hints"] == 1 and hinted["moves"] == 1
    view = hinted
    for move in line[1:]:
        r = api.move(headers, view, move)
        assert r.status_code == 200, r.json
        view = r.json
    assert view["status"] == "won" and view["result"]["moves"] == len(line)
    replay = api.client.get(f"/api/v1/games/{view['id']}/replay").json
    assert replay is not None and replay["moves"] == line
    last = api.client.get(f"/api/v1/games/{view['id']}/replay/{len(line)}").json
    assert last is not None and last["board"]["foundation"] == 13
    board = api.client.get("/api/v1/deals/climb/5/leaderboard").json
    assert board is not None and [e["player"] for e in board["entries"]] == ["Climber"]
    record = api.client.get(f"/api/v1/games/{view['id']}/record").get_data(as_text=True)
    assert "\n1. draw 2. " in record and " up " in record  # the generic notation
    verdict = api.client.post("/api/v1/records/verify", json={"record": record}).json
    assert verdict is not None and (verdict["valid"], verdict["status"]) == (True, "won")
    wrong = api.move(headers, api.new_game(headers, game="climb", deal=WINNABLE), {"type": "up"})
    assert wrong.status_code == 422 and wrong.json["reason"] == "not_now"


def _follow_one_hint(api: Api, headers: dict[str, str], view: dict[str, Any]) -> dict[str, Any]:
    r = api.client.post(f"/api/v1/games/{view['id']}/hint", json={"version": view["version"]},
                        headers=headers)  # fmt: skip
    assert r.status_code == 200 and r.json is not None
    assert r.json["hint"] == {"action": "draw", "reason": "draw", "searched": False}
    game = r.json["game"]
    moved = api.move(headers, game, {"type": "draw"})
    assert moved.status_code == 200
    data: dict[str, Any] = moved.json
    return data
