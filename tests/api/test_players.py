"""Players: sign-up, profile, statistics, personal bests, and auth."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import Api, winning_line


def test_sign_up_trims_the_name_and_returns_a_token(api: Api) -> None:
    r = api.client.post("/api/v1/players", json={"name": "  Ann Lee "})
    assert r.status_code == 201
    body = r.json
    assert body is not None
    assert body["name"] == "Ann Lee"
    assert set(body) == {"id", "name", "token"}
    assert len(body["token"]) >= 32


def test_sign_up_without_a_name_gets_a_default(api: Api) -> None:
    r = api.client.post("/api/v1/players", json={})
    assert r.status_code == 201
    assert r.json is not None and r.json["name"]
    # An empty body is an empty object.
    assert api.client.post("/api/v1/players").status_code == 201


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "tab\there", "bell\x07", 7, None])
def test_bad_names_are_400(api: Api, name: object) -> None:
    r = api.client.post("/api/v1/players", json={"name": name})
    assert r.status_code == 400
    assert r.json is not None
    assert r.json["reason"] == "invalid_request"
    assert "name" in r.json["errors"]


def test_token_is_stored_only_as_a_hash(api: Api, app) -> None:
    from sqlalchemy import select

    from patience.api.db import get_session
    from patience.store import Device
    from patience.store.devices import hash_token

    r = api.client.post("/api/v1/players", json={"name": "Hash"})
    assert r.json is not None
    token, player_id = r.json["token"], r.json["id"]
    with app.app_context():
        device = get_session().scalars(select(Device).where(Device.player_id == player_id)).one()
        assert device.token_hash == hash_token(token)
        assert token not in (device.token_hash, device.label, device.id)


def test_me_and_rename(api: Api) -> None:
    headers = api.player("Bo")
    r = api.client.get("/api/v1/players/me", headers=headers)
    assert r.status_code == 200
    assert r.json is not None
    assert r.json["name"] == "Bo"
    assert r.json["stats"]["pyramid"] == {
        "played": 0,
        "won": 0,
        "win_rate": 0.0,
        "current_streak": 0,
        "best_streak": 0,
        "daily_streak": 0,
        "best_daily_streak": 0,
    }
    r = api.client.patch("/api/v1/players/me", json={"name": " Cy "}, headers=headers)
    assert r.status_code == 200 and r.json is not None and r.json["name"] == "Cy"
    r = api.client.patch("/api/v1/players/me", json={"name": ""}, headers=headers)
    assert r.status_code == 400
    r = api.client.patch("/api/v1/players/me", json={}, headers=headers)
    assert r.status_code == 400
    r = api.client.patch("/api/v1/players/me", json={"name": "Z", "x": 1}, headers=headers)
    assert r.status_code == 400 and r.json is not None and "x" in r.json["errors"]


@pytest.mark.parametrize(
    "authorization", [None, "", "Bearer", "Bearer ", "Bearer nope", "Basic abc", "bearer  "]
)
def test_missing_or_wrong_token_is_401(api: Api, authorization: str | None) -> None:
    headers = {} if authorization is None else {"Authorization": authorization}
    for method, path in [
        ("get", "/api/v1/players/me"),
        ("patch", "/api/v1/players/me"),
        ("get", "/api/v1/players/me/bests"),
        ("post", "/api/v1/games"),
        ("get", "/api/v1/games/abc"),
        ("post", "/api/v1/games/abc/moves"),
        ("post", "/api/v1/games/abc/undo"),
        ("post", "/api/v1/games/abc/resign"),
        ("post", "/api/v1/games/abc/clock"),
    ]:
        # 401 comes before anything else, even a malformed body.
        r = getattr(api.client, method)(
            path, data="{not json", content_type="application/json", headers=headers
        )
        assert r.status_code == 401, (method, path)
        assert r.json is not None
        assert r.json["reason"] == "unauthorized"
        assert r.headers["WWW-Authenticate"] == "Bearer"


def _play_line(api: Api, headers: dict[str, str], deal: int, line: list[Any]) -> Any:
    game = api.new_game(headers, deal=deal)
    for move in line:
        r = api.move(headers, game, move)
        assert r.status_code == 200, r.json
        game = r.json
    return game


def test_stats_count_wins_losses_and_abandoned_games(api: Api) -> None:
    headers = api.player()
    line = winning_line("pyramid", 1)
    assert line is not None
    won = _play_line(api, headers, 1, line)
    assert won["status"] == "won"
    # Resigned before any move: never played, counted nowhere.
    game = api.new_game(headers, deal=5)
    r = api.client.post(f"/api/v1/games/{game['id']}/resign", json={"version": 0}, headers=headers)
    assert r.status_code == 200
    # Resigned after a move: lost.
    game = api.new_game(headers, deal=2)
    assert api.move(headers, game, game["legal_moves"][0]).status_code == 200
    r = api.client.post(f"/api/v1/games/{game['id']}/resign", json={"version": 1}, headers=headers)
    assert r.status_code == 200
    # Abandoned with a move: lost once another pyramid game starts.
    game = api.new_game(headers, deal=3)
    assert api.move(headers, game, game["legal_moves"][0]).status_code == 200
    api.new_game(headers, deal=4)  # no move yet: not played
    stats = api.client.get("/api/v1/players/me", headers=headers).json
    assert stats is not None
    assert stats["stats"]["pyramid"] == {
        "played": 3,
        "won": 1,
        "win_rate": round(1 / 3, 4),
        "current_streak": 0,
        "best_streak": 1,
        "daily_streak": 0,
        "best_daily_streak": 0,
    }


def test_bests_list_verified_wins_newest_first(api: Api) -> None:
    headers = api.player()
    for deal in (1, 2):
        line = winning_line("pyramid", deal)
        assert line is not None
        _play_line(api, headers, deal, line)
    r = api.client.get("/api/v1/players/me/bests?game=pyramid&page=1", headers=headers)
    assert r.status_code == 200
    body = r.json
    assert body is not None
    assert [item["deal_id"] for item in body["items"]] == ["pyramid-2", "pyramid-1"]
    assert body["page"] == 1 and body["pages"] == 1
    assert set(body["items"][0]) == {
        "deal_id",
        "game",
        "ruleset",
        "moves",
        "elapsed_ms",
        "hints",
        "undos",
        "pauses",
        "solver_assisted",
        "fair_play",
        "game_id",
        "finished_at",
    }
    assert body["items"][0]["fair_play"] == "pending"  # no worker: not weighed yet
    empty = api.client.get("/api/v1/players/me/bests?game=gaps", headers=headers).json
    assert empty == {"items": [], "page": 1, "pages": 1}
    for bad in ("page=0", "page=x", "page=99999999999"):
        r = api.client.get(f"/api/v1/players/me/bests?{bad}", headers=headers)
        assert r.status_code == 400, bad
