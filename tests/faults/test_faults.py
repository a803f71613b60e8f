"""Faults against the real server: PostgreSQL's connections cut mid-run (a restart), Redis
stopped, and fifty concurrent submissions on one version. Tests wait for conditions, never for
fixed durations, and assert answers, not their speed (they print the times)."""

from __future__ import annotations

import http.client
import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from sqlalchemy import select

from patience.store import Action, GameRecord, make_engine, session_factory
from tests.faults.conftest import Client, Faults, Server

SHAPE = {"code", "status", "message", "reason", "errors"}
DRAWS = {"draw", "recycle", "redeal"}


def _call(client: Client, method: str, path: str, body: Any, log: Counter[str]) -> Any:
    """Send until the answer is not 503 (the same request again: a retry is safe), on a new
    connection after a dropped one; 503s must be ``database_unavailable`` in the error shape."""
    while True:
        try:
            status, answer = client.call(method, path, body)
        except (OSError, http.client.HTTPException):
            log["reconnect"] += 1
            client.conn.close()
            time.sleep(0.05)
            continue
        log[str(status)] += 1
        if status != 503:
            return status, answer
        assert set(answer) == SHAPE and answer["reason"] == "database_unavailable", answer
        time.sleep(0.05)


def _player(server: Server, seed: int, stop: threading.Event, out: dict[str, Any]) -> None:
    """Play Pyramid and Gaps moves until ``stop``; record every accepted move (in ``out`` as
    they happen, so the test can wait for them)."""
    rng, client, log = random.Random(seed), server.client(), Counter[str]()
    accepted: list[tuple[str, int, dict[str, Any], float]] = []
    unexpected: list[tuple[int, Any]] = []
    out[str(seed)] = {"accepted": accepted, "unexpected": unexpected, "log": log}
    client.sign_up()
    view: dict[str, Any] | None = None
    while not stop.is_set():
        if view is None or view["status"] != "playing" or not view["legal_moves"]:
            body = {"game": rng.choice(["pyramid", "gaps"])}
            status, view = _call(client, "POST", "/api/v1/games", body, log)
            assert status == 201, view
        assert view is not None
        plays = [m for m in view["legal_moves"] if m["type"] not in DRAWS]
        move = rng.choice(plays or view["legal_moves"])
        body = {"version": view["version"], "move": move}
        status, answer = _call(client, "POST", f"/api/v1/games/{view['id']}/moves", body, log)
        if status == 200:
            accepted.append((view["id"], answer["version"], move, time.monotonic()))
            view = answer
        else:
            unexpected.append((status, answer))
            view = None
    out[str(seed)]["done"] = True


def _wait_for(what: str, ok: Callable[[], bool], seconds: float = 120) -> None:
    """Wait for a condition; the limit is one only a real failure reaches."""
    deadline = time.monotonic() + seconds
    while not ok():
        assert time.monotonic() < deadline, f"{what} not seen within {seconds} s"
        time.sleep(0.05)


def _accepted_since(results: dict[str, Any], since: float) -> int:
    return sum(when > since for r in list(results.values()) for *_, when in r["accepted"])


def test_postgres_restart_loses_no_accepted_move(faults: Faults) -> None:
    server = faults.server
    stop, results = threading.Event(), dict[str, Any]()
    threads = [threading.Thread(target=_player, args=(server, i, stop, results)) for i in range(6)]
    started = time.monotonic()
    for t in threads:
        t.start()
    _wait_for("moves before the restart", lambda: _accepted_since(results, started) >= 12)
    faults.restart_postgres()
    server.wait_ready()
    recovered = time.monotonic()
    _wait_for("moves after the restart", lambda: _accepted_since(results, recovered) >= 12)
    stop.set()
    for t in threads:
        t.join(timeout=60)
    assert all(r.get("done") for r in results.values()), "a player thread failed"
    assert len(results) == len(threads), "a player thread failed"
    log = sum((r["log"] for r in results.values()), Counter[str]())
    assert not [u for r in results.values() for u in r["unexpected"]]
    assert set(log) <= {"200", "201", "503", "reconnect"}, log  # never a 500
    accepted = [a for r in results.values() for a in r["accepted"]]
    assert any(when > recovered for *_, when in accepted), "no move accepted after the restart"
    # Every accepted move is in its game's stored line, at the version it was answered with.
    engine = make_engine(server.database_url)
    with session_factory(engine)() as session:
        for game_id, version, move, _ in accepted:
            record = session.get(GameRecord, game_id)
            assert record is not None and record.line[version - 1] == move
        last = Counter[str]()
        for game_id, version, *_ in accepted:
            last[game_id] = max(last[game_id], version)
        for game_id, version in last.items():
            record = session.get(GameRecord, game_id)
            assert record is not None and record.version == version == len(record.line)
    engine.dispose()


def test_redis_down_play_goes_on(faults: Faults) -> None:
    server = faults.server
    client, log = server.client(), Counter[str]()
    client.sign_up()
    status, view = _call(client, "POST", "/api/v1/games", {"game": "pyramid", "deal": 8153}, log)
    assert status == 201
    with faults.redis_stopped():
        for _ in range(5):
            body = {"version": view["version"], "move": {"type": "draw"}}
            status, view = _call(client, "POST", f"/api/v1/games/{view['id']}/moves", body, log)
            assert status == 200, view
        status, ready = client.call("GET", "/readyz")
        assert status == 503
        assert ready == {
            "status": "unavailable",
            "database": "ok",
            "redis": "unavailable",
            "ranked_pool": ready["ranked_pool"],  # today's at least (tests.servers fills it)
            "ranked_days_ahead": ready["ranked_days_ahead"],
        }
        assert ready["ranked_pool"] in ("ok", "low")
        assert server.client().call("POST", "/api/v1/players", {})[0] == 201
    assert server.wait_ready()["redis"] == "ok"
    body = {"version": view["version"], "move": {"type": "draw"}}
    assert client.call("POST", f"/api/v1/games/{view['id']}/moves", body)[0] == 200


def test_fifty_concurrent_submissions_apply_exactly_one(server: Server) -> None:
    owner = server.client()
    owner.sign_up()
    status, game = owner.call("POST", "/api/v1/games", {"game": "pyramid", "deal": 8153})
    assert status == 201
    moves = game["legal_moves"]
    barrier, lock = threading.Barrier(50), threading.Lock()
    results: list[tuple[int, Any, dict[str, Any]]] = []

    def submit(i: int) -> None:
        client = server.client()
        client.headers = dict(owner.headers)
        move = moves[i % len(moves)]
        barrier.wait()
        answer = client.call(
            "POST", f"/api/v1/games/{game['id']}/moves", {"version": 0, "move": move}
        )
        with lock:
            results.append((*answer, move))

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert len(results) == 50
    assert {code for code, _, _ in results} <= {200, 409}, results
    winners = [(body, move) for code, body, move in results if code == 200]
    applied = winners[0][1]
    assert all(move == applied and body == winners[0][0] for body, move in winners)
    conflicts = [body for code, body, _ in results if code == 409]
    assert all(b["reason"] == "version_conflict" and b["game"]["version"] == 1 for b in conflicts)
    engine = make_engine(server.database_url)
    with session_factory(engine)() as session:
        record = session.get(GameRecord, game["id"])
        assert record is not None and record.version == 1 and record.line == [applied]
        actions = session.scalars(select(Action).where(Action.game_id == game["id"])).all()
        assert len(actions) == 1
    engine.dispose()


def _a_first_draw(server: Server) -> tuple[Client, dict[str, Any], dict[str, Any]]:
    """A signed-up player's new Pyramid game, and the body of its first draw."""
    client = server.client()
    client.sign_up()
    status, view = client.call("POST", "/api/v1/games", {"game": "pyramid", "deal": 8153})
    assert status == 201
    return client, view, {"version": 0, "move": {"type": "draw"}}


def test_a_hung_database_costs_a_503_not_a_hang(faults: Faults) -> None:
    """PostgreSQL stopped with its sockets open (the link holds every byte): requests get
    503 ``database_unavailable`` (each check has its own short limit) and ``/readyz`` answers;
    once it answers again, play resumes and nothing was applied twice."""
    server = faults.server
    client, view, move = _a_first_draw(server)
    faults.link.hang()
    try:
        # An answer at all is the property (a hang would outlast the client's timeout); how
        # fast it comes is the database check's own limit, and a loaded machine stretches it.
        started = time.monotonic()
        status, ready = server.client(timeout=60).call("GET", "/readyz")
        assert status == 503 and ready["database"] == "unavailable"
        took_ready = time.monotonic() - started
        started = time.monotonic()
        status, body = client.call("POST", f"/api/v1/games/{view['id']}/moves", move)
        assert status == 503 and body["reason"] == "database_unavailable", body
        print(f"hung database: readyz {took_ready:.2f} s, move {time.monotonic() - started:.2f} s")
    finally:
        faults.link.resume()
    server.wait_ready()
    status, body = _call(client, "POST", f"/api/v1/games/{view['id']}/moves", move, Counter())
    assert status == 200 and body["version"] == 1 and body["moves"] == 1


def test_readyz_answers_whatever_postgres_and_redis_do(
    faults: Faults,
) -> None:
    """PostgreSQL hung (the link holds every byte, as a stopped server with its sockets open),
    then Redis stopped with SIGSTOP as well, while moves hang on the database: every
    ``/readyz`` answers 503 naming what does not answer (each check has its own short limit,
    and they run side by side)."""
    server = faults.server
    client, view, move = _a_first_draw(server)
    answers: list[tuple[int, Any]] = []

    def hung_move() -> None:  # holds one of the server's threads while the database hangs
        other = server.client(timeout=30)
        other.headers = dict(client.headers)
        answers.append(other.call("POST", f"/api/v1/games/{view['id']}/moves", move))

    faults.link.hang()
    movers = [threading.Thread(target=hung_move) for _ in range(3)]
    try:
        for mover in movers:
            mover.start()
        took = []
        for stop_redis in (False, False, True, True):
            if stop_redis:
                faults.redis.pause()
            started = time.monotonic()
            status, ready = server.client(timeout=60).call("GET", "/readyz")
            took.append(time.monotonic() - started)
            assert status == 503 and ready["database"] == "unavailable", ready
            assert ready["redis"] == ("unavailable" if stop_redis else "ok"), ready
        print("readyz under a hung database (and Redis):", [f"{t:.2f} s" for t in took])
    finally:
        faults.redis.resume()
        faults.link.resume()
        for mover in movers:
            mover.join(timeout=30)
    assert {status for status, _ in answers} <= {200, 409, 503}
    assert server.wait_ready()["database"] == "ok"
