"""Games: catalog, create, read, moves, undo, resign, clock, wins, retries and conflicts."""

from __future__ import annotations

import time
from typing import Any

import pytest

from patience import catalogue
from patience.games import entries
from patience.service.cache import recent_games
from tests.api.conftest import Api, winning_line


def test_catalog_lists_every_game_with_rulesets(api: Api) -> None:
    r = api.client.get("/api/v1/games/catalog")
    assert r.status_code == 200
    assert r.json is not None
    games = {g["game"]: g for g in r.json["games"]}
    assert set(games) == {e.name for e in entries()}
    assert games["pyramid"]["rulesets"] == ["standard"]
    assert games["pyramid"]["default_ruleset"] == "standard"


@pytest.mark.parametrize("name", sorted(e.name for e in entries()))
def test_create_game_returns_a_game_view(api: Api, name: str) -> None:
    headers = api.player()
    r = api.client.post("/api/v1/games", json={"game": name, "deal": 8153}, headers=headers)
    assert r.status_code == 201
    view = r.json
    assert view is not None
    assert r.headers["Location"] == f"/api/v1/games/{view['id']}"
    assert r.headers["ETag"] == '"0"'
    assert view["deal_id"] == f"{name}-8153"
    assert view["status"] == "playing" and view["version"] == 0 and view["moves"] == 0
    assert view["clock_running"] is True and view["result"] is None
    assert view["ranked"] is False  # a numbered deal: never ranked
    assert view["finished_at"] is None and view["created_at"].endswith("Z")
    assert view["legal_moves"] and isinstance(view["board"], dict)
    assert set(view) == {
        "id",
        "game",
        "ruleset",
        "options",
        "deal",
        "deal_id",
        "daily",
        "ranked",
        "status",
        "version",
        "moves",
        "undos",
        "hints",
        "elapsed_ms",
        "clock_running",
        "board",
        "legal_moves",
        "notices",
        "result",
        "created_at",
        "finished_at",
    }


def test_create_game_without_a_deal_picks_one(api: Api) -> None:
    headers = api.player()
    deals = {api.new_game(headers)["deal"] for _ in range(3)}
    assert all(1 <= d <= 2**32 - 1 for d in deals)
    assert len(deals) > 1
    # Pyramid, like the other games, deals proven-winnable deals unless asked for any deal.
    view = api.new_game(headers, game="pyramid", options={})
    assert view["options"] == {"winnable_only": True}
    assert catalogue.lookup("pyramid", "standard", view["deal"])[0] is True
    anything = api.new_game(headers, game="pyramid", options={"winnable_only": False})
    assert anything["options"] == {"winnable_only": False}


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"game": "chess"}, "unknown_game"),
        ({"game": "pyramid", "deal": 0}, "invalid_deal"),
        ({"game": "pyramid", "deal": 2**32}, "invalid_deal"),
        ({"game": "pyramid", "deal": 10**40}, "invalid_deal"),
        ({"game": "pyramid", "deal": "12"}, "invalid_request"),
        ({"game": "pyramid", "deal": 1.5}, "invalid_request"),
        ({"game": "pyramid", "options": {"speed": 3}}, "invalid_options"),
        ({"game": "pyramid", "options": []}, "invalid_request"),
        ({"game": 5}, "invalid_request"),
        ({}, "invalid_request"),
        ({"game": "pyramid", "extra": 1}, "invalid_request"),
        ([], "invalid_request"),
        ("pyramid", "invalid_request"),
    ],
)
def test_create_game_bad_input_is_400(api: Api, body: Any, reason: str) -> None:
    headers = api.player()
    r = api.client.post("/api/v1/games", json=body, headers=headers)
    assert r.status_code == 400, r.json
    assert r.json is not None
    assert r.json["reason"] == reason
    assert set(r.json) == {"code", "status", "message", "reason", "errors"}


def test_get_game_is_for_its_owner_only(api: Api) -> None:
    owner, other = api.player(), api.player()
    game = api.new_game(owner, deal=5)
    r = api.client.get(f"/api/v1/games/{game['id']}", headers=owner)
    assert r.status_code == 200 and r.headers["ETag"] == '"0"'
    assert r.json is not None and r.json["id"] == game["id"]
    for path in ("", "/moves", "/undo", "/resign", "/clock"):
        method = api.client.get if path == "" else api.client.post
        body: dict[str, Any] = {"version": 0}
        if path == "/moves":
            body["move"] = {"type": "draw"}
        if path == "/clock":
            body = {"running": False}
        r = method(f"/api/v1/games/{game['id']}{path}", json=body, headers=other)
        assert r.status_code == 404, path
        assert r.json is not None and r.json["reason"] == "game_not_found"
    r = api.client.get("/api/v1/games/does-not-exist", headers=owner)
    assert r.status_code == 404 and r.json is not None and r.json["reason"] == "game_not_found"
    # Nothing changed for the owner.
    r = api.client.get(f"/api/v1/games/{game['id']}", headers=owner)
    assert r.json is not None and r.json["version"] == 0 and r.json["clock_running"]


def test_move_advances_the_version_and_returns_events(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    r = api.move(headers, game, {"type": "draw"})
    assert r.status_code == 200
    view = r.json
    assert view is not None
    assert view["version"] == 1 and view["moves"] == 1 and r.headers["ETag"] == '"1"'
    assert view["events"][0]["type"] == "draw"
    r = api.client.get(f"/api/v1/games/{game['id']}", headers=headers)
    assert r.json is not None and r.json["board"] == view["board"]


def test_move_with_if_match(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    url = f"/api/v1/games/{game['id']}/moves"
    r = api.client.post(
        url, json={"move": {"type": "draw"}}, headers={**headers, "If-Match": '"0"'}
    )
    assert r.status_code == 200 and r.json is not None and r.json["version"] == 1
    r = api.client.post(url, json={"move": {"type": "draw"}}, headers={**headers, "If-Match": "x"})
    assert r.status_code == 400 and r.json is not None and r.json["reason"] == "invalid_version"
    r = api.client.post(url, json={"move": {"type": "draw"}}, headers=headers)
    assert r.status_code == 400 and r.json is not None and r.json["reason"] == "version_required"


@pytest.mark.parametrize(
    ("move", "code", "reason"),
    [
        ({"type": "recycle"}, 422, "recycle_stock_not_empty"),
        ({"type": "pair", "a": "p21", "b": "p21"}, 422, "same_card"),
        ({"type": "pair", "a": "p0", "b": "p1"}, 422, "covered"),
        ({"type": "fly"}, 400, "invalid_move"),
        ({"type": "pair", "a": "p99", "b": "p21"}, 400, "invalid_move"),
        ({"type": "king"}, 400, "invalid_move"),
        ("draw", 400, "invalid_move"),
        (None, 400, "invalid_move"),
    ],
)
def test_bad_moves_change_nothing(api: Api, move: Any, code: int, reason: str) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    r = api.move(headers, game, move)
    assert r.status_code == code, r.json
    assert r.json is not None and r.json["reason"] == reason and r.json["message"]
    after = api.client.get(f"/api/v1/games/{game['id']}", headers=headers).json
    assert after is not None and after["version"] == 0 and after["board"] == game["board"]


def test_bad_moves_mid_game_change_nothing(api: Api) -> None:
    # Later moves take the one-statement path on PostgreSQL: refusals must be the same.
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    for _ in range(2):
        game = api.move(headers, game, {"type": "draw"}).json
    for move, code, reason in [
        ({"type": "pair", "a": "p0", "b": "p1"}, 422, "covered"),
        ({"type": "fly"}, 400, "invalid_move"),
    ]:
        r = api.move(headers, game, move)
        assert r.status_code == code and r.json is not None and r.json["reason"] == reason
    stale = api.move(headers, {**game, "version": 1}, {"type": "pair", "a": "p0", "b": "p1"})
    assert stale.status_code == 409 and stale.json is not None
    assert stale.json["reason"] == "version_conflict"
    after = api.client.get(f"/api/v1/games/{game['id']}", headers=headers).json
    assert after is not None and after["version"] == 2 and after["board"] == game["board"]


def test_too_many_cards_says_how_many_may_move(api: Api) -> None:
    # Forty Thieves deal 19: column 8 ends with QC JC, column 5 with KC, and no column is empty.
    headers = api.player()
    game = api.new_game(headers, game="forty-thieves", deal=19)
    r = api.move(headers, game, {"type": "move", "from": "t7", "to": "t4", "count": 2})
    assert r.status_code == 422 and r.json is not None
    assert (r.json["reason"], r.json["max"], r.json["errors"]) == ("too_many_cards", 1, {})


def test_bad_options_are_reported_per_field(api: Api) -> None:
    r = api.client.post(
        "/api/v1/games", json={"game": "gaps", "options": {"redeals": 7}}, headers=api.player()
    )
    assert r.status_code == 400 and r.json is not None
    assert r.json["reason"] == "invalid_options"
    assert list(r.json["errors"]["options"]) == ["redeals"]


@pytest.mark.parametrize(
    "body", [{"version": "0", "move": {"type": "draw"}}, {"version": 0}, {"version": 0, "x": 1}]
)
def test_move_body_validation_is_400_per_field(api: Api, body: dict[str, Any]) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    r = api.client.post(f"/api/v1/games/{game['id']}/moves", json=body, headers=headers)
    assert r.status_code == 400
    assert r.json is not None and r.json["reason"] == "invalid_request" and r.json["errors"]


def test_stale_version_is_409_with_the_current_game(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    assert api.move(headers, game, {"type": "draw"}).status_code == 200
    for stale in (0, 5):
        r = api.client.post(
            f"/api/v1/games/{game['id']}/moves",
            json={"version": stale, "move": {"type": "recycle"}},
            headers=headers,
        )
        assert r.status_code == 409
        body = r.json
        assert body is not None and body["reason"] == "version_conflict"
        assert body["game"]["version"] == 1 and body["game"]["id"] == game["id"]


def test_a_retried_request_returns_the_stored_result(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    first = api.move(headers, game, {"type": "draw"})
    again = api.move(headers, game, {"type": "draw"})
    assert first.status_code == again.status_code == 200
    assert first.json == again.json
    assert again.headers["ETag"] == '"1"'
    now = api.client.get(f"/api/v1/games/{game['id']}", headers=headers).json
    assert now is not None and now["version"] == 1 and now["moves"] == 1
    # The same retry expressed through If-Match is the same request.
    r = api.client.post(
        f"/api/v1/games/{game['id']}/moves",
        json={"move": {"type": "draw"}},
        headers={**headers, "If-Match": '"0"'},
    )
    assert r.status_code == 200 and r.json == first.json
    # A retried undo too.
    undo = {"version": 1}
    u1 = api.client.post(f"/api/v1/games/{game['id']}/undo", json=undo, headers=headers)
    u2 = api.client.post(f"/api/v1/games/{game['id']}/undo", json=undo, headers=headers)
    assert u1.status_code == u2.status_code == 200 and u1.json == u2.json
    now = api.client.get(f"/api/v1/games/{game['id']}", headers=headers).json
    assert now is not None and now["version"] == 2 and now["moves"] == 0 and now["undos"] == 1


def test_undo(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    url = f"/api/v1/games/{game['id']}/undo"
    r = api.client.post(url, json={"version": 0}, headers=headers)
    assert r.status_code == 422 and r.json is not None and r.json["reason"] == "nothing_to_undo"
    moved = api.move(headers, game, {"type": "draw"}).json
    assert moved is not None
    r = api.client.post(url, headers={**headers, "If-Match": '"1"'})
    assert r.status_code == 200
    view = r.json
    assert view is not None
    assert view["version"] == 2 and view["moves"] == 0 and view["undos"] == 1
    assert view["board"]["stock"]["count"] == game["board"]["stock"]["count"]


def test_resign_ends_the_game(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    game = api.move(headers, game, {"type": "draw"}).json
    assert game is not None
    r = api.client.post(f"/api/v1/games/{game['id']}/resign", json={"version": 1}, headers=headers)
    assert r.status_code == 200
    view = r.json
    assert view is not None
    assert view["status"] == "resigned" and view["legal_moves"] == [] and view["notices"] == []
    assert view["clock_running"] is False and view["finished_at"]
    result = view["result"]
    assert result["moves"] == 1 and result["removed"] == 0
    assert result["personal_best"] == {"previous": None, "improved": False}
    for path, body in [
        ("moves", {"version": 2, "move": {"type": "draw"}}),
        ("undo", {"version": 2}),
        ("resign", {"version": 2}),
    ]:
        r = api.client.post(f"/api/v1/games/{game['id']}/{path}", json=body, headers=headers)
        assert r.status_code == 422, path
        assert r.json is not None and r.json["reason"] == "game_over"
    r = api.client.post(
        f"/api/v1/games/{game['id']}/moves",
        json={"version": 2, "move": {"type": "nonsense"}},
        headers=headers,
    )
    assert r.status_code == 400


def test_clock_pauses_and_resumes_without_a_version(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    url = f"/api/v1/games/{game['id']}/clock"
    r = api.client.post(url, json={"running": False}, headers=headers)
    assert r.status_code == 200
    paused = r.json
    assert paused is not None and paused["clock_running"] is False and paused["version"] == 0
    time.sleep(0.05)
    later = api.client.get(f"/api/v1/games/{game['id']}", headers=headers).json
    assert later is not None and later["elapsed_ms"] == paused["elapsed_ms"]
    # Pausing twice changes nothing.
    again = api.client.post(url, json={"running": False}, headers=headers).json
    assert again is not None and again["elapsed_ms"] == paused["elapsed_ms"]
    r = api.client.post(url, json={"running": True}, headers=headers)
    assert r.status_code == 200 and r.json is not None and r.json["clock_running"] is True
    time.sleep(0.02)
    later = api.client.get(f"/api/v1/games/{game['id']}", headers=headers).json
    assert later is not None and later["elapsed_ms"] >= paused["elapsed_ms"] + 15
    for bad in ({}, {"running": "yes"}, {"running": 1}, {"running": True, "version": 0}):
        r = api.client.post(url, json=bad, headers=headers)
        assert r.status_code == 400, bad


def test_a_move_resumes_a_paused_clock(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    api.client.post(f"/api/v1/games/{game['id']}/clock", json={"running": False}, headers=headers)
    view = api.move(headers, game, {"type": "draw"}).json
    assert view is not None and view["clock_running"] is True


def test_later_moves_resume_a_paused_clock_too(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    for _ in range(2):
        game = api.move(headers, game, {"type": "draw"}).json
    api.client.post(f"/api/v1/games/{game['id']}/clock", json={"running": False}, headers=headers)
    view = api.move(headers, game, {"type": "draw"}).json
    assert view is not None and view["clock_running"] is True and view["version"] == 3


@pytest.mark.parametrize("name", sorted(e.name for e in entries()))
def test_a_paused_game_shows_no_board_until_resumed(api: Api, name: str) -> None:
    """Paused time cannot be spent studying the table: no board, no legal moves, in any
    answer about the game, until the clock runs again."""
    headers = api.player()
    game = api.new_game(headers, game=name, deal=8153)
    game = data(api.move(headers, game, game["legal_moves"][0]))
    url = f"/api/v1/games/{game['id']}"
    paused = data(api.client.post(f"{url}/clock", json={"running": False}, headers=headers))
    stale = data(
        api.client.post(
            f"{url}/moves", json={"version": 0, "move": game["legal_moves"][0]}, headers=headers
        )
    )
    for view in (paused, data(api.client.get(url, headers=headers)), stale["game"]):
        assert view["clock_running"] is False
        assert view["board"] is None and view["legal_moves"] == [] and view["notices"] == ["paused"]
    resumed = data(api.client.post(f"{url}/clock", json={"running": True}, headers=headers))
    assert resumed["board"] is not None and resumed["legal_moves"] == game["legal_moves"]
    # Undo and hint on a paused game resume the clock first, and show the board again.
    for action in ("undo", "hint"):
        api.client.post(f"{url}/clock", json={"running": False}, headers=headers)
        version = data(api.client.get(url, headers=headers))["version"]
        r = api.client.post(f"{url}/{action}", json={"version": version}, headers=headers)
        view = data(r)["game"] if action == "hint" else data(r)
        assert view["clock_running"] is True and view["board"] is not None
    resigned = data(
        api.client.post(f"{url}/resign", json={"version": view["version"]}, headers=headers)
    )
    assert resigned["board"] is not None  # a finished game shows its last position
    assert resigned["result"]["pauses"] == 3


def data(response: Any) -> dict[str, Any]:
    """The JSON body of a 200 or 201 answer."""
    assert response.status_code in (200, 201, 409), response.json
    body: dict[str, Any] = response.json
    return body


@pytest.mark.parametrize("name", sorted(e.name for e in entries()))
def test_what_a_move_stores_is_what_a_fresh_process_reads(api: Api, name: str) -> None:
    headers = api.player()
    game = api.new_game(headers, game=name, deal=8153)
    for n in range(6):
        move = game["legal_moves"][n % len(game["legal_moves"])]
        r = api.move(headers, game, move)
        assert r.status_code == 200, r.json
        game = r.json
    recent_games.clear()  # as if another process served the next requests
    stored = api.client.get(f"/api/v1/games/{game['id']}", headers=headers).json
    assert stored is not None
    for key in ("version", "moves", "board", "legal_moves", "status", "undos"):
        assert stored[key] == game[key], key
    undone = api.client.post(
        f"/api/v1/games/{game['id']}/undo", json={"version": game["version"]}, headers=headers
    )
    assert undone.status_code == 200 and undone.json is not None
    again = api.client.post(  # the same request again: the stored answer, no second undo
        f"/api/v1/games/{game['id']}/undo", json={"version": game["version"]}, headers=headers
    )
    assert again.status_code == 200 and again.json == undone.json
    assert undone.json["version"] == 7 and undone.json["undos"] == 1


def _win(api: Api, headers: dict[str, str], deal: int) -> dict[str, Any]:
    line = winning_line("pyramid", deal)
    assert line is not None
    game = api.new_game(headers, deal=deal)
    for move in line:
        assert move in game["legal_moves"]
        r = api.move(headers, game, move)
        assert r.status_code == 200, r.json
        game = r.json
    return game


def test_a_win_is_verified_recorded_and_ranked(api: Api) -> None:
    deal = 18
    before = api.client.get(f"/api/v1/deals/pyramid/{deal}").json
    assert before is not None
    ann, bob = api.player("Ann"), api.player("Bob")
    won = _win(api, ann, deal)
    assert won["status"] == "won" and won["clock_running"] is False and won["finished_at"]
    assert won["legal_moves"] == [] and won["notices"] == []
    result = won["result"]
    assert result["moves"] == won["moves"] and result["removed"] == 28
    assert result["personal_best"] == {"previous": None, "improved": True}
    # The same player again, with a detour (draw + undo): not an improvement.
    game: Any = api.new_game(ann, deal=deal)
    game = api.move(ann, game, {"type": "draw"}).json
    assert game is not None
    r = api.client.post(f"/api/v1/games/{game['id']}/undo", json={"version": 1}, headers=ann)
    game = r.json
    assert game is not None
    line = winning_line("pyramid", deal)
    assert line is not None
    for move in line:
        game = api.move(ann, game, move).json
        assert game is not None
    assert game["status"] == "won" and game["undos"] == 1
    assert game["result"]["personal_best"] == {"previous": result["moves"], "improved": False}
    # Bob wins too.
    _win(api, bob, deal)
    deal_view = api.client.get(f"/api/v1/deals/pyramid/{deal}").json
    assert deal_view is not None
    assert deal_view["wins"] == before["wins"] + 3
    assert deal_view["plays"] == before["plays"] + 3
    board = api.client.get(f"/api/v1/deals/pyramid/{deal}/leaderboard?limit=100").json
    assert board is not None
    names = [e["player"] for e in board["entries"]]
    assert names.count("Ann") >= 1 and names.count("Bob") >= 1
    ranks = [(e["moves"], e["elapsed_ms"], e["finished_at"]) for e in board["entries"]]
    assert ranks == sorted(ranks)
    assert [e["rank"] for e in board["entries"]] == list(range(1, len(ranks) + 1))
    assert {"hints", "undos"} <= set(board["entries"][0])
    # Finished: no further moves.
    r = api.move(ann, won, {"type": "draw"})
    assert r.status_code == 422 and r.json is not None and r.json["reason"] == "game_over"
