"""Records through the API and the command line, on SQLite and PostgreSQL: a finished game's
record (public like its replay, 404 in play), ``POST /records/verify`` in both body forms,
and hostile records — huge, long, deep, binary, of the wrong game — refused with a 4xx that
changes nothing."""

from __future__ import annotations

import datetime as dt
import json
import random
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from patience.api.db import get_session
from patience.api.resources.records.routes import SLOTS
from patience.cli import main
from patience.games import get
from patience.record import MAX_MOVES, Header, Record, parse_record
from patience.store import Action, Device, GameRecord, LinkCode, Player
from patience.store.ranked_pool import daily_of
from tests.api.conftest import BACKENDS, DAY, Api, Clock, limited_app, winning_line

VERIFY = "/api/v1/records/verify"
SHAPE = {"code", "status", "message", "reason", "errors"}


def finished_game(api: Api, headers: dict[str, str], **body: Any) -> dict[str, Any]:
    """A game with a few moves, resigned."""
    game = api.new_game(headers, **body)
    for _ in range(4):
        r = api.move(headers, game, game["legal_moves"][0])
        assert r.status_code == 200, r.json
        game = r.json
    r = api.client.post(f"/api/v1/games/{game['id']}/resign", json={"version": 4}, headers=headers)
    assert r.status_code == 200
    data: dict[str, Any] = r.json  # type: ignore[assignment]
    return data


def record_of(api: Api, game_id: str, headers: dict[str, str] | None = None) -> str:
    r = api.client.get(f"/api/v1/games/{game_id}/record", headers=headers or {})
    assert r.status_code == 200, r.json
    assert r.mimetype == "text/plain" and r.mimetype_params["charset"] == "utf-8"
    assert r.headers["Content-Disposition"].endswith('.patience"')
    return r.get_data(as_text=True)


def verify(api: Api, text: str | bytes) -> Any:
    return api.client.post(VERIFY, data=text, content_type="text/plain; charset=utf-8")


def counts(app: Flask) -> tuple[int, ...]:
    with app.app_context():
        session = get_session()
        return tuple(
            session.scalar(select(func.count()).select_from(table)) or 0
            for table in (Player, Device, LinkCode, GameRecord, Action)
        )


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("pyramid", {}),
        ("gaps", {"redeals": 1, "aces_shuffled": True}),
        ("forty-thieves", {"rules": "relaxed", "auto_safe": False}),
    ],
)
def test_a_finished_game_has_a_public_record_that_verifies(
    api: Api, game: str, options: dict[str, Any]
) -> None:
    headers = api.player("Ann Lee")
    view = api.new_game(headers, game=game, deal=77, options=options)
    r = api.client.get(f"/api/v1/games/{view['id']}/record")
    assert r.status_code == 404 and r.json["reason"] == "game_in_play"  # type: ignore[index]
    done = finished_game(api, headers, game=game, deal=77, options=options)
    text = record_of(api, done["id"])
    record = parse_record(text, get)
    header = record.header
    assert (header.game, header.deal_id, header.player, header.result) == (
        game,
        f"{game}-77",
        "Ann Lee",
        "resigned",
    )
    assert (header.moves, header.undos, header.ruleset, header.game_id) == (
        4,
        0,
        done["ruleset"],
        done["id"],
    )
    assert header.options == done["options"]
    replay = api.client.get(f"/api/v1/games/{done['id']}/replay").json
    assert replay is not None and list(record.moves) == replay["moves"]
    r = verify(api, text)
    assert r.status_code == 200 and r.json == {
        "valid": True,
        "status": "resigned",
        "moves": 4,
        "error": None,
        "game": game,
        "ruleset": done["ruleset"],
        "deal_id": f"{game}-77",
    }


def test_a_won_game_verifies_as_won(api: Api) -> None:
    headers = api.player()
    line = winning_line("pyramid", 1)
    assert line is not None
    game = api.new_game(headers, deal=1)
    for move in line:
        game = api.move(headers, game, move).json
    assert game["status"] == "won"
    text = record_of(api, game["id"])
    assert '[Result "won"]' in text and text.rstrip().endswith("won")
    body = api.client.post(VERIFY, json={"record": text}).json
    assert body is not None and (body["valid"], body["status"], body["moves"]) == (
        True,
        "won",
        len(line),
    )


def test_a_daily_games_record_names_its_day_and_waits_for_its_layout(
    api: Api, ranked_pool: Flask
) -> None:
    """While its day is open a daily game's record is its player's only, names the day's
    ranked deal and holds no layout: it cannot be verified until the deal is revealed."""
    headers = api.player()
    game = finished_game(api, headers, game="gaps", daily=True)
    text = record_of(api, game["id"], headers)
    header = parse_record(text, get).header
    assert header.daily is not None and header.daily.isoformat() == game["daily"]
    assert header.deal_id == game["deal_id"] == f"gaps-daily-{game['daily']}"
    assert header.number() is None and header.layout is None and game["deal"] is None
    body = verify(api, text)
    assert body.status_code == 422 and body.json["reason"] == "deal_not_revealed"


def won_ranked_gaps(api: Api, app: Flask, headers: dict[str, str]) -> dict[str, Any]:
    """The ranked Gaps daily of :data:`DAY`, won by the pool's own proven line."""
    game = api.new_game(headers, game="gaps", daily=True)
    with app.app_context():
        ranked = daily_of(get_session(), "gaps", DAY)
        assert ranked is not None
        line = list(ranked.solution)
    for move in line:
        r = api.move(headers, game, move)
        assert r.status_code == 200, r.json
        game = r.json
    assert game["status"] == "won"
    return game


def test_an_honest_record_of_a_closed_day_verifies_against_the_pool(
    api: Api, ranked_pool: Flask, clock: Clock
) -> None:
    headers = api.player()
    game = won_ranked_gaps(api, ranked_pool, headers)
    clock.now += dt.timedelta(days=1)  # the day has closed: the record shows its layout
    text = record_of(api, game["id"], headers)
    assert parse_record(text, get).header.layout is not None
    r = verify(api, text)
    assert r.status_code == 200 and r.json is not None, r.json
    assert (r.json["valid"], r.json["status"], r.json["deal_id"]) == (
        True,
        "won",
        "gaps-daily-2026-12-10",
    )
    # Without its layout the record replays from the pool's all the same.
    bare = Record(
        parse_record(text, get).header.replace(layout=None), parse_record(text, get).moves
    )
    assert verify(api, bare.text(get("gaps").notation)).json == r.json


def solved_grid() -> dict[str, Any]:
    """A Gaps grid in order, each row's gap at its end: a layout a forger would choose."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
    return {
        "grid": [[f"{rank}{suit}" for rank in ranks] + [None] for suit in "SHDC"],
        "seed": 1,
        "redeals_left": 2,
    }


@pytest.mark.parametrize(
    ("day", "status", "reason"),
    [
        ("2026-12-04", 422, "no_such_deal"),  # closed, but never in this pool
        ("2031-06-01", 422, "deal_not_revealed"),  # years ahead
        ("2026-12-10", 400, "layout_mismatch"),  # a pool day, closed, another layout
    ],
)
def test_a_forged_ranked_record_is_refused(
    api: Api, clock: Clock, day: str, status: int, reason: str
) -> None:
    clock.at(dt.date(2026, 12, 12))
    header = Header(game="gaps", deal_id=f"gaps-daily-{day}", result="won", layout=solved_grid())
    text = Record(header, ()).text(get("gaps").notation)
    r = verify(api, text)
    assert r.status_code == status and r.json is not None, r.json
    assert r.json["reason"] == reason and r.json["line"] >= 1


def test_a_record_of_an_open_day_is_refused_even_with_the_pools_layout(
    api: Api, ranked_pool: Flask, clock: Clock
) -> None:
    with ranked_pool.app_context():
        ranked = daily_of(get_session(), "gaps", DAY)
        assert ranked is not None
        layout = ranked.layout
    header = Header(game="gaps", deal_id="gaps-daily-2026-12-10", result="playing", layout=layout)
    r = verify(api, Record(header, ()).text(get("gaps").notation))
    assert r.status_code == 422 and r.json is not None and r.json["reason"] == "deal_not_revealed"


def test_records_past_the_slots_of_a_process_are_503_at_once(api: Api, app: Flask) -> None:
    """A process verifies ``RECORDS_AT_ONCE`` records at a time; one more is refused at
    once (never queued behind them on a thread other requests need)."""
    text = '[Game "pyramid"]\n[DealId "pyramid-1"]\n[Result "*"]\n\nd *\n'
    assert verify(api, text).status_code == 200  # makes the app's slots
    slots = app.extensions[SLOTS]
    held = 0
    while slots.acquire(blocking=False):
        held += 1
    try:
        assert held == int(app.config["RECORDS_AT_ONCE"])
        r = verify(api, text)
        assert r.status_code == 503 and r.json is not None and r.json["reason"] == "verify_busy"
        assert r.headers["Retry-After"] == "1"
    finally:
        for _ in range(held):
            slots.release()
    assert verify(api, text).status_code == 200


def test_unknown_games_have_no_record(api: Api) -> None:
    for game_id in ("nope", uuid.uuid4().hex, "x" * 500):
        r = api.client.get(f"/api/v1/games/{game_id}/record")
        assert r.status_code == 404 and r.json["reason"] == "game_not_found"  # type: ignore[index]


def test_verify_names_the_first_illegal_move(api: Api) -> None:
    text = '[Game "pyramid"]\n[DealId "pyramid-1"]\n[Result "*"]\n\n1. d 2. d 3. Kp0 *\n'
    r = verify(api, text)
    assert r.status_code == 200 and r.json is not None
    assert (r.json["valid"], r.json["status"], r.json["moves"]) == (False, "playing", 2)
    assert r.json["error"] == {
        "move_number": 3,
        "reason": "covered",
        "message": "this card is still covered",
        "line": 5,
        "column": 14,
    }


def test_a_malformed_record_is_400_with_its_place(api: Api, app: Flask) -> None:
    before = counts(app)
    text = '[Game "pyramid"]\n[DealId "pyramid-1"]\n[Result "*"]\n\n1. d 2. p29+w *\n'
    for r in (verify(api, text), api.client.post(VERIFY, json={"record": text})):
        assert r.status_code == 400 and r.json is not None and set(r.json) >= SHAPE
        assert (r.json["reason"], r.json["line"], r.json["column"]) == ("invalid_notation", 5, 9)
        assert r.json["errors"]["record"][0].startswith("5:9: ")
    assert counts(app) == before


@pytest.mark.parametrize(
    ("body", "content_type", "status", "reason"),
    [
        ('{"record": 5}', "application/json", 400, "invalid_request"),
        ('{"x": "y"}', "application/json", 400, "invalid_request"),
        ("{not json", "application/json", 400, "invalid_json"),
        ("[" * 5000 + "]" * 5000, "application/json", 400, "invalid_json"),
        ("d *", "application/xml", 415, "unsupported_media_type"),
        ("", "text/plain", 400, "invalid_record"),
    ],
)
def test_bodies_that_are_no_record(
    api: Api, body: str, content_type: str, status: int, reason: str
) -> None:
    r = api.client.post(VERIFY, data=body, content_type=content_type)
    assert r.status_code == status and r.json is not None, r.get_data()[:200]
    assert set(r.json) >= SHAPE and r.json["reason"] == reason


HEAD = '[Game "pyramid"]\n[DealId "pyramid-1"]\n[Result "*"]\n\n'
HOSTILE = [
    ("huge", ("d " * 600_000).encode(), 413, "body_too_large"),
    ("long", (HEAD + "d " * (MAX_MOVES + 1) + "*").encode(), 400, "record_too_long"),
    ("deep braces", (HEAD + "{" * 900_000).encode(), 400, "invalid_record"),
    ("deep brackets", (HEAD + "[" * 900_000).encode(), 400, "invalid_record"),
    ("deep parentheses", (HEAD + "(" * 900_000 + " *").encode(), 400, "invalid_notation"),
    ("binary", bytes(random.Random(7).randrange(256) for _ in range(4096)), 400, "invalid_record"),
    ("nul", (HEAD + "d \x00 *").encode(), 400, "invalid_record"),
    ("tag flood", "".join(f'[T{n} "v"]\n' for n in range(32_000)).encode(), 400, "too_many_tags"),
    ("twice", (HEAD + '[Game "gaps"]\n*').encode(), 400, "duplicate_tag"),
    ("wrong game", HEAD.encode() + b"1. 6H>r1c5 *", 400, "invalid_notation"),
    ("wrong deal", b'[Game "gaps"]\n[DealId "pyramid-1"]\n[Result "*"]\n*', 400, "invalid_tag"),
    ("unknown game", b'[Game "chess"]\n[DealId "chess-1"]\n[Result "*"]\n*', 400, "invalid_tag"),
    (
        "ranked, never dealt",
        b'[Game "gaps"]\n[DealId "gaps-daily-2026-12-01"]\n[Result "*"]\nR *',
        422,
        "no_such_deal",
    ),
    (
        "ranked, ahead",
        b'[Game "gaps"]\n[DealId "gaps-daily-2031-12-01"]\n[Result "*"]\nR *',
        422,
        "deal_not_revealed",
    ),
]


@pytest.mark.parametrize(("name", "body", "status", "reason"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_records_are_4xx_and_change_nothing(
    api: Api, app: Flask, name: str, body: bytes, status: int, reason: str
) -> None:
    headers = api.player()
    game = finished_game(api, headers)
    before, text = counts(app), record_of(api, game["id"])
    r = verify(api, body)
    assert r.status_code == status and r.json is not None, (name, r.get_data()[:300])
    assert set(r.json) >= SHAPE and r.json["reason"] == reason
    if status == 400 and reason != "invalid_request":
        assert r.json["line"] >= 1 and r.json["column"] >= 1
    assert counts(app) == before and record_of(api, game["id"]) == text


# -- the command line -------------------------------------------------------------------------


def test_the_command_line_exports_and_verifies(
    api: Api,
    app: Flask,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    headers = api.player("Cli")
    game = finished_game(api, headers, game="gaps", deal=5)
    monkeypatch.setenv("DATABASE_URL", app.config["DATABASE_URL"])
    assert main(["record", "export", game["id"]]) == 0
    text = capsys.readouterr().out
    assert text == record_of(api, game["id"])
    assert main(["record", "export", uuid.uuid4().hex]) == 1
    assert "no such game" in capsys.readouterr().err
    good, bad, broken = tmp_path / "good.patience", tmp_path / "bad.patience", tmp_path / "x"
    good.write_text(text)
    bad.write_text(text.replace('[Moves "4"]', '[Moves "5"]'))
    broken.write_bytes(b'[Game "gaps"]\n[DealId "gaps-5"]\n[Result "*"]\n\xff *')
    assert main(["record", "verify", str(good)]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "resigned"
    assert main(["record", "verify", str(bad)]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["reason"] == "moves_mismatch"
    assert main(["record", "verify", str(broken)]) == 2
    assert capsys.readouterr().err.startswith(f"{broken}:4:1: a record is UTF-8 text")


# -- verifying is limited per address (Redis) ---------------------------------------------------


@pytest.fixture(params=BACKENDS)
def limited(request: pytest.FixtureRequest) -> Iterator[Flask]:
    url = request.getfixturevalue(f"{request.param}_url")
    with limited_app(url, RATE_LIMIT_RECORDS="2/minute") as app:
        yield app


def test_verifying_is_limited_per_address(limited: Flask) -> None:
    api = Api(limited.test_client())
    text = HEAD + "d *"
    assert [verify(api, text).status_code for _ in range(3)] == [200, 200, 429]
    other = api.client.post(
        VERIFY, data=text, content_type="text/plain", environ_base={"REMOTE_ADDR": "10.0.0.8"}
    )
    assert other.status_code == 200
