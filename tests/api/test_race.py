"""Concurrency on PostgreSQL: twenty moves on one version, exactly one applies."""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask

from patience.api.db import get_session
from patience.api.play import rebuild
from patience.store import Action, GameRecord
from tests.api.conftest import Api


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
        replayed = rebuild(record)
        assert replayed.moves == record.line
        assert sorted(replayed.seen) == sorted(record.seen)
        assert actions[0].response["board"] == replayed.view()["board"]
