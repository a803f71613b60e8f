"""Adding a game touches only the files docs/architecture/adding-a-game.md lists: here a toy
game (Climb, one suit, tests/games/toy.py) is registered from the test suite alone and the whole
service serves it: the catalog, new games, moves, hints, the solver, results, replays, records
and leaderboards — and, in processes of their own that know the game only as a registered one
(``PATIENCE_GAMES``), the worker's jobs and ``patience solve``."""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from patience import games
from patience.api import create_app
from patience.api.db import get_engine
from patience.engine import new_game
from patience.games import quick_hint
from patience.games.solving import hint, solve_game
from tests.api.conftest import Api
from tests.games.toy import CLIMB
from tests.servers import BIN, private_redis, start_worker

ROOT = Path(__file__).resolve().parents[2]
AS_REGISTERED = {"PATIENCE_GAMES": "tests.games.toy_plugin", "PYTHONPATH": str(ROOT)}
"""A process of its own with the toy game registered on start, like a built-in one."""

WINNABLE, LOST = 5, 1  # found by the generic engine solver
UNPLAYED = 13  # winnable too, and won by no other test (its par is the solver's)


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
    r = api.client.post(
        f"/api/v1/games/{view['id']}/hint", json={"version": view["version"]}, headers=headers
    )
    assert r.status_code == 200 and r.json is not None
    assert r.json["hint"] == {"action": "draw", "reason": "draw", "searched": False}
    game = r.json["game"]
    moved = api.move(headers, game, {"type": "draw"})
    assert moved.status_code == 200
    data: dict[str, Any] = moved.json
    return data


def test_patience_solve_serves_a_registered_game(tmp_path: Path) -> None:
    env = os.environ | AS_REGISTERED
    solve = [str(BIN / "patience"), "solve", "--game", "climb", "--deal", str(WINNABLE)]
    out = subprocess.run(solve, env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    verdict = json.loads(out.stdout)
    assert verdict["game"] == "climb" and verdict["verdict"] == "winnable"
    position = tmp_path / "lost.json"
    position.write_text(json.dumps(CLIMB.engine.new(LOST).position()))
    out = subprocess.run(
        [str(BIN / "patience"), "solve", "--position", str(position)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert json.loads(out.stdout)["verdict"] == "unwinnable"


def test_the_worker_runs_every_job_of_a_registered_game(climb: None, sqlite_url: str) -> None:
    with private_redis() as redis:
        app = create_app(
            {
                "DATABASE_URL": sqlite_url,
                "REDIS_URL": redis.url,
                "TESTING": True,
                "RATE_LIMIT_ACTIONS": "off",
                "RATE_LIMIT_PLAYERS": "off",
            }
        )
        worker = start_worker(redis.url, DATABASE_URL=sqlite_url, **AS_REGISTERED)
        try:
            _play_with_the_worker(Api(app.test_client()))
        finally:
            worker.terminate()
            worker.wait(timeout=30)
            get_engine(app).dispose()


def _play_with_the_worker(api: Api) -> None:
    """A solve, the deal's par, an analysis and a searched hint, each from the worker."""
    headers = api.player("Worker")
    client = api.client
    view = api.new_game(headers, game="climb", deal=UNPLAYED)  # queues the deal's par
    job = client.post("/api/v1/solve", json={"game": "climb", "deal": UNPLAYED}, headers=headers)
    assert job.status_code == 202 and job.json is not None, job.json
    solved = _poll(
        client, f"/api/v1/jobs/{job.json['job']}", headers, lambda b: b["state"] == "done"
    )
    assert solved["verdict"] == "winnable" and solved["solution"]
    line = solved["solution"]
    for move in line[:-1]:  # the stock's last card is seen long before the win
        r = api.move(headers, view, move)
        assert r.status_code == 200, r.json
        view = r.json
    analysis = _poll(
        client, f"/api/v1/games/{view['id']}/analysis", headers, lambda b: b["state"] == "done"
    )
    assert analysis["verdict"] == "winnable" and analysis["version"] == view["version"]
    r = client.post(
        f"/api/v1/games/{view['id']}/hint", json={"version": view["version"]}, headers=headers
    )
    assert r.status_code == 200 and r.json is not None, r.json
    assert r.json["hint"] == {"move": line[-1], "reason": "to_foundation", "searched": True}
    deal = _poll(client, f"/api/v1/deals/climb/{UNPLAYED}", {}, lambda b: b["par"] is not None)
    assert deal["par"]["source"] == "solver" and deal["par"]["moves"] <= len(line)


def _poll(
    client: FlaskClient, path: str, headers: dict[str, str], done: Callable[[Any], bool]
) -> Any:
    """GET ``path`` until ``done`` says so (the worker's jobs take a moment)."""
    deadline = time.monotonic() + 60
    while True:
        r = client.get(path, headers=headers)
        assert r.status_code == 200, r.json
        if done(r.json) or time.monotonic() > deadline:
            assert done(r.json), r.json
            return r.json
        time.sleep(0.1)
