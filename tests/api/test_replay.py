"""Replays: a finished game is public, move by move from its deal; a game in play has none."""

from __future__ import annotations

from patience.games import new_game
from tests.api.conftest import Api, winning_line


def test_a_replay_is_404_in_play_and_complete_once_the_game_ends(api: Api) -> None:
    headers = api.player("Ann")
    line = winning_line("pyramid", 1)
    assert line is not None
    view = api.new_game(headers, deal=1)
    for move in line[:3]:
        view = api.move(headers, view, move).json
    r = api.client.get(f"/api/v1/games/{view['id']}/replay")
    assert r.status_code == 404 and r.json is not None and r.json["reason"] == "game_in_play"
    unknown = api.client.get("/api/v1/games/" + "0" * 32 + "/replay")
    assert unknown.status_code == 404 and (unknown.json or {})["reason"] == "game_not_found"
    r = api.client.post(
        f"/api/v1/games/{view['id']}/undo", json={"version": view["version"]}, headers=headers
    )
    assert r.json is not None
    view = r.json
    for move in line[2:]:
        view = api.move(headers, view, move).json
    assert view["status"] == "won"
    replay = api.client.get(f"/api/v1/games/{view['id']}/replay").json  # no token needed
    assert replay is not None
    assert (replay["player"], replay["status"], replay["deal_id"]) == ("Ann", "won", "pyramid-1")
    assert replay["moves"] == line and replay["result"] == view["result"]
    game = new_game("pyramid", deal=replay["deal"], options=replay["options"])
    for move in replay["moves"]:
        game.play(move)
    assert game.status == "won"
    board = api.client.get("/api/v1/deals/pyramid/1/leaderboard").json
    assert board is not None and view["id"] in [e["game_id"] for e in board["entries"]]


def test_a_resigned_game_has_a_replay_too(api: Api) -> None:
    headers = api.player()
    view = api.new_game(headers, game="gaps", deal=5)
    view = api.move(headers, view, view["legal_moves"][0]).json
    r = api.client.post(
        f"/api/v1/games/{view['id']}/resign", json={"version": view["version"]}, headers=headers
    )
    assert r.status_code == 200
    replay = api.client.get(f"/api/v1/games/{view['id']}/replay").json
    assert replay is not None and replay["status"] == "resigned" and len(replay["moves"]) == 1


def test_each_replay_step_shows_the_board_its_player_saw_then(api: Api) -> None:
    headers = api.player()
    view = api.new_game(headers, game="forty-thieves", deal=7)
    seen_boards, played = [view["board"]], []
    for _ in range(6):  # draws and column moves: the stock stays hidden in every step
        move = view["legal_moves"][-1]
        played.append(move)
        view = api.move(headers, view, move).json
        seen_boards.append(view["board"])
    game_id = view["id"]
    in_play = api.client.get(f"/api/v1/games/{game_id}/replay/0")
    assert in_play.status_code == 404 and (in_play.json or {})["reason"] == "game_in_play"
    api.client.post(
        f"/api/v1/games/{game_id}/resign", json={"version": view["version"]}, headers=headers
    )
    for step, board in enumerate(seen_boards):
        r = api.client.get(f"/api/v1/games/{game_id}/replay/{step}")  # no token needed
        assert r.status_code == 200 and r.json is not None
        assert (r.json["step"], r.json["steps"], r.json["board"]) == (step, 6, board)
        assert r.json["move"] == (played[step - 1] if step else None)
    for step in (7, -1):
        r = api.client.get(f"/api/v1/games/{game_id}/replay/{step}")
        assert r.status_code == 404 and (r.json or {})["reason"] == "no_such_step"
