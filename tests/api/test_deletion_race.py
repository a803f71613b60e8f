"""A player deleted from one device while another of their devices writes, on SQLite and
PostgreSQL, over many rounds: a move that wins, a new game, a link code, a solve and an
export. Neither side answers 500, no row is left without its player or game, a game won just
before the deletion keeps its whole action line, and every deletion that moves something
shares one "Anonymous" owner."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from patience.api.db import get_session
from patience.store import Action, Device, GameRecord, LinkCode, PersonalBest, Player, Win
from patience.store.models import SolveRequest
from patience.store.queries import ANONYMOUS, ANONYMOUS_ID
from tests.api.conftest import BACKENDS, Api, limited_app, winning_line

ROUNDS = 12
"""Rounds of each race on each database."""

LIMITS = {
    "RATE_LIMIT_PLAYERS": "100000/minute",
    "RATE_LIMIT_ACTIONS": "100000/minute",
    "RATE_LIMIT_LINK_CODES": "100000/hour",
    "RATE_LIMIT_LINK_ATTEMPTS": "100000/10m",
}

Headers = dict[str, str]
Write = Callable[[FlaskClient, Headers, dict[str, Any]], int]


@pytest.fixture(params=BACKENDS)
def race_app(request: pytest.FixtureRequest) -> Iterator[Flask]:
    """An app on each database, with the test Redis (a solve is queued there)."""
    url = request.getfixturevalue(f"{request.param}_url")
    with limited_app(url, **LIMITS) as app:
        yield app


def two_devices(api: Api) -> tuple[str, Headers, Headers]:
    """A new player signed in on two devices: their id and each device's headers."""
    first = api.player()
    code = api.client.post("/api/v1/players/me/link", headers=first).json["code"]  # type: ignore[index]
    token = api.client.post("/api/v1/players/link", json={"code": code}).json["token"]  # type: ignore[index]
    me = api.client.get("/api/v1/players/me", headers=first).json
    assert me is not None
    return me["id"], first, {"Authorization": f"Bearer {token}"}


LINE = winning_line("pyramid", 1)


def near_win(api: Api, headers: Headers) -> dict[str, Any]:
    """A game of Pyramid deal 1 one move from its win (the move: ``last``)."""
    assert LINE is not None
    view = api.new_game(headers, deal=1)
    for move in LINE[:-1]:
        r = api.move(headers, view, move)
        assert r.status_code == 200, r.json
        view = r.json
    return {"game": view, "last": LINE[-1]}


def winning_move(client: FlaskClient, headers: Headers, state: dict[str, Any]) -> int:
    game = state["game"]
    body = {"version": game["version"], "move": state["last"]}
    return client.post(f"/api/v1/games/{game['id']}/moves", json=body, headers=headers).status_code


def new_game(client: FlaskClient, headers: Headers, _state: dict[str, Any]) -> int:
    return client.post("/api/v1/games", json={"game": "gaps"}, headers=headers).status_code


def link_code(client: FlaskClient, headers: Headers, _state: dict[str, Any]) -> int:
    return client.post("/api/v1/players/me/link", headers=headers).status_code


def solve(client: FlaskClient, headers: Headers, _state: dict[str, Any]) -> int:
    body = {"game": "pyramid", "deal": 2}
    return client.post("/api/v1/solve", json=body, headers=headers).status_code


def export(client: FlaskClient, headers: Headers, _state: dict[str, Any]) -> int:
    r = client.get("/api/v1/players/me/export", headers=headers)
    r.get_data()  # the whole stream, games and all
    return r.status_code


WRITES: dict[str, tuple[Write, set[int]]] = {
    "a winning move": (winning_move, {200, 401, 404}),
    "a new game": (new_game, {201, 401}),
    "a link code": (link_code, {200, 201, 401}),
    "a solve": (solve, {202, 401}),
    "an export": (export, {200, 401}),
}


def orphans(app: Flask) -> dict[str, int]:
    """Rows, anywhere in the database, whose player or game is gone."""
    with app.app_context():
        session = get_session()
        players = select(Player.id)
        counts = {
            table.__name__: session.scalar(
                select(func.count()).select_from(table).where(table.player_id.not_in(players))
            )
            or 0
            for table in (Device, LinkCode, GameRecord, Win, PersonalBest, SolveRequest)
        }
        games = select(GameRecord.id)
        counts["Action"] = (
            session.scalar(select(func.count()).where(Action.game_id.not_in(games))) or 0
        )
        return {name: n for name, n in counts.items() if n}


def anonymous_rows(app: Flask) -> int:
    with app.app_context():
        session = get_session()
        named = select(func.count()).where(Player.name == ANONYMOUS, Player.id == ANONYMOUS_ID)
        return session.scalar(named) or 0


@pytest.mark.parametrize("write", list(WRITES), ids=[w.replace(" ", "-") for w in WRITES])
def test_deletion_races_with_a_write_from_another_device(race_app: Flask, write: str) -> None:
    api = Api(race_app.test_client())
    act, allowed = WRITES[write]
    outcomes: list[tuple[int, int]] = []
    for _ in range(ROUNDS):
        player_id, mine, other = two_devices(api)
        state = near_win(api, other) if act is winning_move else {}
        resigned(api, mine)  # something the deletion moves to "Anonymous"
        name = api.client.get("/api/v1/players/me", headers=mine).json["name"]  # type: ignore[index]
        delete = functools.partial(deletion, race_app.test_client(), mine, name)
        write_once = functools.partial(act, race_app.test_client(), other, state)
        deleted, wrote = at_once(delete, write_once)
        answers = {"delete": deleted, "write": wrote}
        outcomes.append((answers["delete"], answers["write"]))
        assert answers["delete"] == 204, answers
        assert answers["write"] in allowed, answers
        assert api.client.get("/api/v1/players/me", headers=other).status_code == 401
        assert orphans(race_app) == {}
        with race_app.app_context():
            session = get_session()
            assert session.get(Player, player_id) is None
            if act is winning_move:
                game = session.get(GameRecord, state["game"]["id"])
                if answers["write"] == 200:  # won before the deletion: kept, whole
                    assert game is not None and game.status == "won"
                    actions = session.scalar(select(func.count()).where(Action.game_id == game.id))
                    assert actions == len(game.line) == len(LINE or [])
                else:  # the deletion came first: the game in play went with the player
                    assert game is None
    assert anonymous_rows(race_app) == 1
    assert all(500 not in pair for pair in outcomes)


def deletion(client: FlaskClient, headers: Headers, name: str) -> int:
    body = {"confirm": name}
    return client.delete("/api/v1/players/me", json=body, headers=headers).status_code


def at_once(*calls: Callable[[], int]) -> list[int]:
    """Each call on a thread of its own, let go at the same instant; their answers."""
    barrier = threading.Barrier(len(calls))
    answers = [0] * len(calls)

    def run(n: int) -> None:
        barrier.wait()
        answers[n] = calls[n]()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def resigned(api: Api, headers: Headers) -> None:
    view = api.new_game(headers, deal=3)
    r = api.client.post(f"/api/v1/games/{view['id']}/resign", json={"version": 0}, headers=headers)
    assert r.status_code == 200, r.json
