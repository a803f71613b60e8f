"""Hints, analysis and solve jobs through the API: without Redis, with Redis and a real
burst worker, and with Redis gone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from rq import Queue

from patience.api import create_app
from patience.games import new_game
from patience.games.solving import solve_game, solve_in_sight
from patience.jobs.lines import LINE, WON
from patience.jobs.queues import ANALYSIS_QUEUE, beat, live_workers
from patience.solver import Budget
from patience.solver.hints import REASONS
from patience.store.redis import connect
from tests.api.conftest import Api, winning_line, work
from tests.budgets import SEARCH_NODES
from tests.databases import redis_test_url
from tests.solver.test_honest_gaps import careless_until_stuck


def draw_through_the_stock(
    api: Api, headers: dict[str, str], game: dict[str, Any]
) -> dict[str, Any]:
    while game["board"]["stock"]["count"]:
        r = api.move(headers, game, {"type": "draw"})
        assert r.status_code == 200, data_of(r)
        game = data_of(r)
    return game


def analyses_queued() -> list[str]:
    """The ids of the analysis jobs waiting on the test Redis."""
    queue = Queue(ANALYSIS_QUEUE, connection=connect(redis_test_url()))
    return [job for job in queue.job_ids if job.startswith("analysis-")]


def data_of(response: Any) -> Any:
    """The JSON body of a test-client response (asserting there is one)."""
    data = response.json
    assert data is not None
    return data


def hint(api: Api, headers: dict[str, str], game: dict[str, Any], **body: Any) -> Any:
    return api.client.post(
        f"/api/v1/games/{game['id']}/hint",
        json={"version": game["version"], **body},
        headers=headers,
    )


def searched_hint(api: Api, headers: dict[str, str], game: dict[str, Any]) -> Any:
    """Ask until the worker's searched hint is in: on a loaded machine the API's short wait for
    it can run out first (the quick hint answers meanwhile), while the search goes on."""
    deadline = time.monotonic() + 120
    while True:
        answer = data_of(hint(api, headers, game))
        if answer["hint"]["searched"] or time.monotonic() > deadline:
            return answer
        time.sleep(0.2)


# -- without Redis -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["pyramid", "gaps", "forty-thieves"])
def test_a_hint_without_a_worker_is_ordinary_advice_and_counts(api: Api, name: str) -> None:
    headers = api.player()
    game = api.new_game(headers, game=name, deal=8153)
    r = hint(api, headers, game)
    assert r.status_code == 200, data_of(r)
    body = data_of(r)
    assert r.headers["ETag"] == '"1"'
    assert body["game"]["version"] == 1 and body["game"]["hints"] == 1
    advice = body["hint"]
    move = advice.get("move", {"type": advice.get("action")})
    assert move in game["legal_moves"] or move == {"type": "draw"}
    assert advice["reason"] in REASONS and advice["searched"] is False
    assert body["analysis"]["version"] == 1
    # The hint changed nothing on the table.
    assert body["game"]["board"] == game["board"] and body["game"]["moves"] == 0
    # A retry of the same request gets the same answer, not a second hint.
    again = hint(api, headers, game)
    assert again.status_code == 200 and data_of(again) == body
    # The count shows in the result of the game.
    after = data_of(api.client.get(f"/api/v1/games/{game['id']}", headers=headers))
    assert after["hints"] == 1


def test_pyramid_hint_at_the_start_takes_a_king(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, game="pyramid", deal=8153)
    assert data_of(hint(api, headers, game))["hint"] == {
        "move": {"type": "king", "at": "p21"},
        "reason": "removes_king",
        "searched": False,
    }


def test_hint_errors(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, deal=8153)
    stale = api.client.post(
        f"/api/v1/games/{game['id']}/hint", json={"version": 7}, headers=headers
    )
    assert stale.status_code == 409 and data_of(stale)["reason"] == "version_conflict"
    r = api.client.post(f"/api/v1/games/{game['id']}/resign", json={"version": 0}, headers=headers)
    over = api.client.post(f"/api/v1/games/{game['id']}/hint", json={"version": 1}, headers=headers)
    assert (
        r.status_code == 200 and over.status_code == 422 and data_of(over)["reason"] == "game_over"
    )
    other = api.player()
    assert hint(api, other, game).status_code == 404
    assert api.client.post(f"/api/v1/games/{game['id']}/hint", json={}).status_code == 401


def test_analysis_without_redis(api: Api) -> None:
    headers = api.player()
    game = api.new_game(headers, game="pyramid", deal=2)
    r = api.client.get(f"/api/v1/games/{game['id']}/analysis", headers=headers)
    assert r.status_code == 200
    assert data_of(r) == {
        "version": 0,
        "state": "not_applicable",
        "verdict": None,
        "reason": "unseen_cards",
    }
    gaps = api.new_game(headers, game="gaps", deal=2, options={"redeals": 0})
    for method in (api.client.get, api.client.post):
        r = method(f"/api/v1/games/{gaps['id']}/analysis", headers=headers)
        assert data_of(r)["state"] == "unavailable" and data_of(r)["reason"] == "not_configured"
    redeals = api.new_game(headers, game="gaps", deal=2)  # a redeal left: no verdict to wait for
    for method in (api.client.get, api.client.post):
        r = method(f"/api/v1/games/{redeals['id']}/analysis", headers=headers)
        assert data_of(r)["state"] == "not_applicable" and data_of(r)["reason"] == "unseen_shuffle"
    other = api.client.post(f"/api/v1/games/{gaps['id']}/analysis", headers=api.player())
    assert other.status_code == 404 and data_of(other)["reason"] == "game_not_found"


def test_solve_without_redis_is_503_in_the_error_shape(api: Api) -> None:
    headers = api.player()
    r = api.client.post("/api/v1/solve", json={"game": "pyramid", "deal": 1}, headers=headers)
    assert r.status_code == 503 and data_of(r)["reason"] == "jobs_unavailable"
    bad = api.client.post("/api/v1/solve", json={"game": "chess", "deal": 1}, headers=headers)
    assert bad.status_code == 400 and data_of(bad)["reason"] == "unknown_game"


# -- with Redis and a worker -------------------------------------------------------------------


def test_pyramid_analysis_reaches_a_verdict_once_the_stock_is_seen(
    redis_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The worker's path, not the API's glance (which would decide this position at once).
    monkeypatch.setitem(redis_app.config, "ANALYSIS_GLANCE_NODES", 0)
    api = Api(redis_app.test_client())
    headers = api.player()
    game = api.new_game(headers, game="pyramid", deal=3)  # deal 3 cannot be won
    url = f"/api/v1/games/{game['id']}/analysis"
    assert data_of(api.client.get(url, headers=headers))["state"] == "not_applicable"
    game = draw_through_the_stock(api, headers, game)
    # No worker was alive at the last draw, so nothing was queued; GET starts nothing.
    assert data_of(api.client.get(url, headers=headers))["reason"] == "no_worker"
    beat(connect(redis_test_url()), "a-worker")  # one is alive now
    assert data_of(api.client.get(url, headers=headers))["reason"] == "not_started"
    asked = data_of(api.client.post(url, headers=headers))  # ask again
    assert asked == {"version": game["version"], "state": "pending", "verdict": None, "reason": ""}
    work(redis_app)
    done = data_of(api.client.get(url, headers=headers))
    # Proven lost; the rewind search it started finds no earlier winnable point.
    assert done == {
        "version": game["version"],
        "state": "done",
        "verdict": "unwinnable",
        "reason": "",
        "rewind": None,
    }
    view = data_of(api.client.get(f"/api/v1/games/{game['id']}", headers=headers))
    assert "unwinnable" in view["notices"] and view["status"] == "playing"
    # Another move: a new position, lost too (one move from a proven dead end with nothing
    # unseen), and known so at once: no analysis job is queued for it.
    moved = data_of(api.move(headers, view, view["legal_moves"][0]))
    after = data_of(api.client.get(url, headers=headers))
    assert after["version"] == moved["version"] and after["verdict"] == "unwinnable"
    assert not analyses_queued()


def test_a_move_along_a_kept_winning_line_is_winnable_without_a_search(
    redis_app: Flask,
) -> None:
    api = Api(redis_app.test_client())
    headers = api.player()
    redis = connect(redis_test_url())
    beat(redis, "a-worker")
    options = {"redeals": 0}  # full information, no shuffle ahead
    game = api.new_game(headers, game="gaps", deal=2, options=options)
    solution = solve_game(new_game("gaps", deal=2, options=options), Budget(nodes=10**6)).solution
    assert solution
    game = data_of(api.move(headers, game, solution[0]))
    work(redis_app)  # the analysis of that position: winnable, its line kept
    url = f"/api/v1/games/{game['id']}/analysis"
    assert data_of(api.client.get(url, headers=headers))["verdict"] == "winnable"
    engine = new_game("gaps", deal=2, options=options)
    engine.play(solution[0])
    kept = json.loads(redis.get(WON + engine.position_key()) or "null")
    assert kept is not None
    game = data_of(api.move(headers, game, kept))
    report = data_of(api.client.get(url, headers=headers))
    assert report["version"] == game["version"] and report["verdict"] == "winnable"
    assert not analyses_queued()  # no search was asked for
    # Undo: back at the analysed position, whose verdict is read, not searched again.
    undone = data_of(
        api.client.post(
            f"/api/v1/games/{game['id']}/undo", json={"version": game["version"]}, headers=headers
        )
    )
    report = data_of(api.client.get(url, headers=headers))
    assert report["version"] == undone["version"] and report["verdict"] == "winnable"
    assert not analyses_queued()


def test_gaps_with_a_redeal_left_gets_no_verdict_the_shuffle_would_decide(
    redis_app: Flask,
) -> None:
    """Stuck with a redeal left, only the seed knows whether the redeal can win; the report
    says neither, before and after the worker ran (GET and POST alike), and no
    rewind is offered. A win that needs no redeal is announced."""
    api = Api(redis_app.test_client())
    headers = api.player()
    beat(connect(redis_test_url()), "a-worker")  # actions queue their analyses
    stuck = careless_until_stuck(1, {"redeals": 1})
    game = api.new_game(headers, game="gaps", deal=1, options={"redeals": 1})
    for move in stuck.moves:
        game = data_of(api.move(headers, game, move))
    assert game["legal_moves"] == [{"type": "redeal"}] and "redeal_available" in game["notices"]
    url = f"/api/v1/games/{game['id']}/analysis"
    refused = {"version": game["version"], "state": "not_applicable", "verdict": None}
    assert data_of(api.client.get(url, headers=headers)) == refused | {"reason": "unseen_shuffle"}
    work(redis_app)
    for method in (api.client.get, api.client.post):
        assert data_of(method(url, headers=headers)) == refused | {"reason": "unseen_shuffle"}
    view = data_of(api.client.get(f"/api/v1/games/{game['id']}", headers=headers))
    assert "unwinnable" not in view["notices"]
    rewind = api.client.post(
        f"/api/v1/games/{game['id']}/rewind", json={"version": view["version"]}, headers=headers
    )
    assert rewind.status_code == 422 and data_of(rewind)["reason"] == "nothing_to_rewind"

    fresh = api.new_game(headers, game="gaps", deal=1, options={"redeals": 2})
    beat(connect(redis_test_url()), "a-worker")  # (the first one's beat is old by now)
    moved = data_of(api.move(headers, fresh, in_sight(fresh)[0]))
    work(redis_app)
    report = data_of(api.client.get(f"/api/v1/games/{fresh['id']}/analysis", headers=headers))
    assert report == {
        "version": moved["version"],
        "state": "done",
        "verdict": "winnable",
        "reason": "",
    }


def in_sight(view: dict[str, Any]) -> list[dict[str, Any]]:
    """A win that needs no redeal from the start of ``view``'s deal (found quickly: Gaps deal
    1 is won in sight within 0.1 s)."""
    game = new_game("gaps", deal=view["deal"], options=view["options"])
    line = solve_in_sight(game, Budget(nodes=SEARCH_NODES)).solution
    assert line is not None
    return line


def test_solve_jobs_through_the_api(redis_app: Flask) -> None:
    api = Api(redis_app.test_client())
    headers = api.player()
    r = api.client.post("/api/v1/solve", json={"game": "pyramid", "deal": 1}, headers=headers)
    assert r.status_code == 202
    job = data_of(r)["job"]
    assert data_of(api.client.get(f"/api/v1/jobs/{job}", headers=headers))["state"] == "queued"
    work(redis_app)
    view = data_of(api.client.get(f"/api/v1/jobs/{job}", headers=headers))
    assert view["state"] == "done" and view["verdict"] == "winnable" and view["solution"]
    assert api.client.get("/api/v1/jobs/solve-nope", headers=headers).status_code == 404
    # Only the player who asked may read the job (others could not be marked as assisted).
    assert api.client.get(f"/api/v1/jobs/{job}").status_code == 401
    other = api.player()
    r = api.client.get(f"/api/v1/jobs/{job}", headers=other)
    assert r.status_code == 404 and data_of(r)["reason"] == "job_not_found"


def test_a_player_has_a_few_solves_in_flight_then_429(redis_app: Flask) -> None:
    api = Api(redis_app.test_client())
    headers = api.player()
    for deal in (1, 2, 3):
        r = api.client.post("/api/v1/solve", json={"game": "gaps", "deal": deal}, headers=headers)
        assert r.status_code == 202
    r = api.client.post("/api/v1/solve", json={"game": "gaps", "deal": 4}, headers=headers)
    assert r.status_code == 429 and data_of(r)["reason"] == "rate_limited"
    assert int(r.headers["Retry-After"]) > 0


def test_wins_after_asking_for_the_solution_are_marked_solver_assisted(
    redis_app: Flask,
) -> None:
    api = Api(redis_app.test_client())
    line = winning_line("pyramid", 1)
    assert line is not None

    def win(headers: dict[str, str]) -> dict[str, Any]:
        view = api.new_game(headers, deal=1)
        for move in line:
            view = data_of(api.move(headers, view, move))
        assert view["status"] == "won"
        return view

    def ask(headers: dict[str, str]) -> None:
        r = api.client.post("/api/v1/solve", json={"game": "pyramid", "deal": 1}, headers=headers)
        assert r.status_code == 202

    honest, early, helped = (api.player(name) for name in ("Honest", "Early", "Helped"))
    assert win(honest)["result"]["solver_assisted"] is False
    assert win(early)["result"]["solver_assisted"] is False
    ask(early)  # after the win: that win stays unassisted
    ask(helped)
    assert win(helped)["result"]["solver_assisted"] is True
    board = data_of(api.client.get("/api/v1/deals/pyramid/1/leaderboard"))
    # (The session's database is shared: another test may have won this deal too.)
    ours = ("Honest", "Early", "Helped")
    marks = {e["player"]: e["solver_assisted"] for e in board["entries"] if e["player"] in ours}
    assert marks == {"Honest": False, "Early": False, "Helped": True}
    (best,) = data_of(api.client.get("/api/v1/players/me/bests", headers=helped))["items"]
    assert best["solver_assisted"] is True and best["game_id"]


def test_hints_through_the_api_with_a_real_worker(redis_app: Flask) -> None:
    """A worker process answers the hint within the API's wait (searched, with a reason);
    the winning line it found is kept, so the next hint along it needs no search."""
    url = redis_test_url()
    worker = subprocess.Popen(
        [str(Path(sys.executable).parent / "patience"), "worker"],
        env=dict(os.environ, REDIS_URL=url, DATABASE_URL=redis_app.config["DATABASE_URL"]),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        redis = connect(url)
        deadline = time.monotonic() + 120
        while not live_workers(redis) and time.monotonic() < deadline:
            time.sleep(0.1)
        api = Api(redis_app.test_client())
        headers = api.player()
        game = api.new_game(headers, game="gaps", deal=1, options={"redeals": "unlimited"})
        # Six moves from a win that needs no redeal: the hint's search finds it at once,
        # however loaded the machine (a redeal left: only such a win is kept).
        for move in in_sight(game)[:-6]:
            game = data_of(api.move(headers, game, move))
        first = searched_hint(api, headers, game)
        assert first["hint"]["searched"] is True and first["hint"]["reason"] in REASONS
        assert redis.keys(LINE + "*")  # the winning line is kept
        kept = [json.loads(redis.get(key) or "null") for key in redis.keys(LINE + "*")]
        view = data_of(api.move(headers, first["game"], first["hint"]["move"]))
        second = data_of(hint(api, headers, view))
        assert second["hint"]["searched"] is True
        assert second["hint"]["move"] in view["legal_moves"]
        assert second["hint"]["move"] in kept  # the kept line's next move
    finally:
        worker.kill()  # what it leaves behind is not under test here
        worker.wait(60)


def test_with_redis_down_moves_go_on_and_analysis_is_unavailable(sqlite_url: str) -> None:
    app = create_app({"DATABASE_URL": sqlite_url, "REDIS_URL": "redis://127.0.0.1:1/0"})
    api = Api(app.test_client())
    headers = api.player()
    game = api.new_game(headers, game="gaps", deal=5, options={"redeals": 0})
    r = api.move(headers, game, game["legal_moves"][0])
    assert r.status_code == 200
    report = data_of(api.client.get(f"/api/v1/games/{game['id']}/analysis", headers=headers))
    assert report["state"] == "unavailable"
    assert hint(api, headers, data_of(r)).status_code == 200
