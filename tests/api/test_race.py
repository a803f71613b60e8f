"""Concurrency on PostgreSQL: twenty moves on one version, exactly one applies."""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask

from patience.api.db import get_session
from patience.service.games import rebuild
from patience.store import Action, GameRecord
from patience.store.games import as_row
from tests.api.conftest import Api, winning_line


def test_twenty_concurrent_moves_on_one_version(pg_app: Flask) -> None:
    api = Api(pg_app.test_client())
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    moves = game["legal_moves"]
    barrier = threading.Barrier(20)
    results: list[tuple[int, Any, dict[str, Any]]] = []
    lock = threading.Lock()

    def submit(i: int) -> None:
        move = moves[i % len(moves)]
        client = pg_app.test_client()
        barrier.wait()
        r = client.post(
            f"/api/v1/games/{game['id']}/moves",
            json={"version": 0, "move": move},
            headers=headers,
        )
        with lock:
            results.append((r.status_code, r.json, move))

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    codes = sorted(code for code, _, _ in results)
    assert set(codes) <= {200, 409}, codes
    winners = [(body, move) for code, body, move in results if code == 200]
    assert winners
    # Every 200 is the one applied move (a same-move request gets the stored result).
    applied = winners[0][1]
    assert all(move == applied and body == winners[0][0] for body, move in winners)
    assert all(body["game"]["version"] == 1 for code, body, _ in results if code == 409)
    with pg_app.app_context():
        session = get_session()
        record = session.get(GameRecord, game["id"])
        assert record is not None
        assert record.version == 1 and record.line == [applied] and record.moves_made == 1
        actions = session.query(Action).filter_by(game_id=game["id"]).all()
        assert len(actions) == 1
        replayed = rebuild(as_row(record), session)
        assert replayed.moves == record.line
        assert sorted(replayed.seen) == sorted(record.seen)
        assert actions[0].response["board"] == replayed.view()["board"]


def test_one_player_winning_one_deal_in_eight_games_at_once(app: Flask) -> None:
    """Every win is accepted (no 500 from racing personal-best writes) and the personal best
    is the best of the wins, on SQLite and PostgreSQL."""
    api = Api(app.test_client())
    headers = api.player()
    line = winning_line("pyramid", 1)
    assert line is not None
    games = []
    for _ in range(8):
        view = api.new_game(headers, deal=1)
        for move in line[:-1]:
            r = api.move(headers, view, move)
            assert r.status_code == 200, r.json
            view = r.json
        games.append(view)
    barrier = threading.Barrier(len(games))
    results: list[tuple[int, Any]] = []
    lock = threading.Lock()

    def finish(view: dict[str, Any]) -> None:
        client = app.test_client()
        barrier.wait()
        r = client.post(
            f"/api/v1/games/{view['id']}/moves",
            json={"version": view["version"], "move": line[-1]},
            headers=headers,
        )
        with lock:
            results.append((r.status_code, r.json))

    threads = [threading.Thread(target=finish, args=(view,)) for view in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert [code for code, _ in results] == [200] * len(games), results
    assert all(body["status"] == "won" for _, body in results)
    best = min((body["result"]["moves"], body["result"]["elapsed_ms"]) for _, body in results)
    bests = api.client.get("/api/v1/players/me/bests", headers=headers).json
    assert bests is not None
    (entry,) = [item for item in bests["items"] if item["deal_id"] == "pyramid-1"]
    assert (entry["moves"], entry["elapsed_ms"]) == best
    board = api.client.get("/api/v1/deals/pyramid/1/leaderboard").json
    assert board is not None
    mine = [e for e in board["entries"] if e["player"] == "Player " + entry_player(api, headers)]
    assert len(mine) == 1 and (mine[0]["moves"], mine[0]["elapsed_ms"]) == best


def entry_player(api: Api, headers: dict[str, str]) -> str:
    me = api.client.get("/api/v1/players/me", headers=headers).json
    assert me is not None
    name: str = me["name"]
    return name.removeprefix("Player ")
