"""Another device, on SQLite and PostgreSQL: one-time link codes, their redemption, the devices
list and signing out; codes and tokens stored hashed; the attempt limits (per code in the
database, per address and per player in Redis); two redemptions of one code at once."""

from __future__ import annotations

import datetime as dt
import threading
import uuid
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

import pytest
from flask import Flask
from sqlalchemy import event, select

from patience.api.db import get_engine, get_session
from patience.service import devices as device_service
from patience.service.devices import ALPHABET, CODE_TRIES, normal_code
from patience.store import Device, LinkCode
from tests.api.conftest import BACKENDS, Api, limited_app

PHONE = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"


def sign_up(api: Api, name: str = "Ann") -> tuple[str, dict[str, str]]:
    r = api.client.post("/api/v1/players", json={"name": name})
    assert r.status_code == 201 and r.json is not None
    return r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}


def link_code(api: Api, headers: dict[str, str]) -> str:
    r = api.client.post("/api/v1/players/me/link", headers=headers)
    assert r.status_code == 201, r.json
    assert r.headers["Cache-Control"] == "no-store"
    code: str = r.json["code"]  # type: ignore[index]
    return code


def redeem(api: Api, code: str, **body: Any) -> Any:
    return api.client.post(
        "/api/v1/players/link", json={"code": code, **body}, headers={"User-Agent": PHONE}
    )


def devices(api: Api, headers: dict[str, str]) -> list[dict[str, Any]]:
    r = api.client.get("/api/v1/players/me/devices", headers=headers)
    assert r.status_code == 200, r.json
    items: list[dict[str, Any]] = r.json["items"]  # type: ignore[index]
    return items


def wrong(code: str) -> str:
    """The code with its secret part changed (its look-up part, the first 4, kept)."""
    plain = normal_code(code)
    assert plain is not None
    last = ALPHABET[(ALPHABET.index(plain[-1]) + 1) % len(ALPHABET)]
    return plain[:-1] + last


def at_once(app: Flask, count: int, send: Callable[[Any], Any]) -> list[Any]:
    """``send(client)`` from ``count`` threads released together; the responses."""
    barrier = threading.Barrier(count)
    answers: list[Any] = []
    lock = threading.Lock()

    def run() -> None:
        client = app.test_client()
        barrier.wait()
        response = send(client)
        with lock:
            answers.append(response)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_a_code_signs_another_device_in_as_the_same_player(api: Api) -> None:
    player_id, first = sign_up(api, "Ann")
    code = link_code(api, first)
    assert len(code) == 11 and code[5] == "-"
    r = redeem(api, code.lower().replace("-", " "), label="Kitchen tablet")
    assert r.status_code == 201 and r.json is not None
    assert (r.json["id"], r.json["name"]) == (player_id, "Ann")
    assert r.headers["Cache-Control"] == "no-store"
    second = {"Authorization": f"Bearer {r.json['token']}"}
    assert second != first
    # Both tokens are the same player; the old one keeps working.
    for headers in (first, second):
        me = api.client.get("/api/v1/players/me", headers=headers).json
        assert me is not None and me["id"] == player_id
    listed = devices(api, second)
    assert [(d["label"], d["current"]) for d in listed] == [
        ("another device", False),
        ("Kitchen tablet", True),
    ]
    assert [d["current"] for d in devices(api, first)] == [True, False]
    # A label from the browser when none is given.
    r = redeem(api, link_code(api, first))
    assert r.status_code == 201
    assert devices(api, first)[-1]["label"] == "Chrome on Android"


def test_a_code_is_single_use_and_a_new_one_replaces_the_last(api: Api) -> None:
    _, headers = sign_up(api)
    code = link_code(api, headers)
    assert redeem(api, code).status_code == 201
    for r in (redeem(api, code), redeem(api, "not a code"), redeem(api, "0" * 10)):
        assert r.status_code == 400 and r.json is not None
        assert r.json["reason"] == "invalid_code", r.json
    old, new = link_code(api, headers), link_code(api, headers)
    assert redeem(api, old).json["reason"] == "invalid_code"
    assert redeem(api, new).status_code == 201


def test_a_code_expires_after_ten_minutes(
    api: Api, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, headers = sign_up(api)
    start = dt.datetime.now(dt.UTC)
    monkeypatch.setitem(app.config, "CLOCK", lambda: start)
    r = api.client.post("/api/v1/players/me/link", headers=headers)
    expires = dt.datetime.fromisoformat(r.json["expires_at"])  # type: ignore[index]
    assert expires - start == dt.timedelta(minutes=10)
    monkeypatch.setitem(app.config, "CLOCK", lambda: start + dt.timedelta(minutes=10, seconds=1))
    r = redeem(api, r.json["code"])  # type: ignore[index]
    assert r.status_code == 400 and r.json["reason"] == "invalid_code"


def test_codes_and_tokens_are_stored_hashed(api: Api, app: Flask) -> None:
    player_id, headers = sign_up(api)
    code = normal_code(link_code(api, headers))
    assert code is not None
    token = redeem(api, code).json["token"]
    with app.app_context():
        session = get_session()
        stored = session.scalars(select(LinkCode).where(LinkCode.player_id == player_id)).one()
        row = " ".join(str(v) for v in vars(stored).values())
        assert code not in row and stored.lookup == code[:4] and stored.used_at is not None
        hashes = session.scalars(select(Device.token_hash).where(Device.player_id == player_id))
        assert token not in " ".join(hashes)


def test_a_code_locks_after_a_few_wrong_tries(api: Api) -> None:
    player_id, headers = sign_up(api)
    code = link_code(api, headers)
    for _ in range(CODE_TRIES):
        r = redeem(api, wrong(code))
        assert r.status_code == 400 and r.json["reason"] == "invalid_code"
    # Locked: even the right code is refused until the code expires (make a new one).
    for attempt in (wrong(code), code):
        r = redeem(api, attempt)
        assert r.status_code == 429 and r.json["reason"] == "rate_limited"
        assert 1 <= int(r.headers["Retry-After"]) <= 600
    r = redeem(api, link_code(api, headers))
    assert r.status_code == 201 and r.json["id"] == player_id


def test_signing_a_device_out_refuses_its_token_at_once(api: Api) -> None:
    _, first = sign_up(api)
    second = {"Authorization": "Bearer " + redeem(api, link_code(api, first)).json["token"]}
    _, stranger = sign_up(api, "Stranger")
    other_id = devices(api, first)[1]["id"]
    for headers, device, code in [
        (stranger, other_id, 404),  # not theirs: never told apart from unknown
        (first, uuid.uuid4().hex, 404),
        (first, "x" * 300, 404),
    ]:
        r = api.client.delete(f"/api/v1/players/me/devices/{device}", headers=headers)
        assert r.status_code == code and r.json["reason"] == "device_not_found"  # type: ignore[index]
    assert api.client.get("/api/v1/players/me", headers=second).status_code == 200
    r = api.client.delete(f"/api/v1/players/me/devices/{other_id}", headers=first)
    assert r.status_code == 204
    r = api.client.get("/api/v1/players/me", headers=second)
    assert r.status_code == 401 and r.json["reason"] == "unauthorized"  # type: ignore[index]
    assert len(devices(api, first)) == 1
    # A device may sign itself out.
    own = devices(api, first)[0]["id"]
    assert api.client.delete(f"/api/v1/players/me/devices/{own}", headers=first).status_code == 204
    assert api.client.get("/api/v1/players/me/devices", headers=first).status_code == 401


def test_last_used_moves_with_changes_not_reads(
    api: Api, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)
    monkeypatch.setitem(app.config, "CLOCK", lambda: start)
    _, headers = sign_up(api)
    monkeypatch.setitem(app.config, "CLOCK", lambda: start + dt.timedelta(minutes=5))
    for _ in range(3):
        devices(api, headers)
    assert devices(api, headers)[0]["last_used_at"] == "2026-12-01T12:00:00Z"
    api.new_game(headers, deal=8153)
    assert devices(api, headers)[0]["last_used_at"] == "2026-12-01T12:05:00Z"


def test_two_redemptions_of_one_code_at_once_one_wins(app: Flask) -> None:
    api = Api(app.test_client())
    player_id, headers = sign_up(api)
    code = link_code(api, headers)
    racers = CODE_TRIES  # each of them gets a try at the code

    def race(client: Any) -> Any:
        return client.post("/api/v1/players/link", json={"code": code})

    answers = [(r.status_code, r.json) for r in at_once(app, racers, race)]
    codes = sorted(status for status, _ in answers)
    assert codes == [201] + [400] * (racers - 1), answers
    assert all(body["reason"] == "invalid_code" for status, body in answers if status == 400)
    assert len(devices(api, headers)) == 2
    assert next(body for status, body in answers if status == 201)["id"] == player_id


# -- limits per address and per player (Redis) ------------------------------------------------


@pytest.fixture(params=BACKENDS)
def limited(request: pytest.FixtureRequest) -> Iterator[Flask]:
    """An app on each backend with Redis and low link limits."""
    url = request.getfixturevalue(f"{request.param}_url")
    with limited_app(url, RATE_LIMIT_LINK_CODES="2/hour", RATE_LIMIT_LINK_ATTEMPTS="3/10m") as app:
        yield app


def test_redemptions_are_limited_per_address(limited: Flask) -> None:
    api = Api(limited.test_client())
    _, headers = sign_up(api)
    code = link_code(api, headers)
    for _ in range(3):
        assert redeem(api, "0000000000").status_code == 400
    r = redeem(api, code)
    assert r.status_code == 429 and r.json["reason"] == "rate_limited"
    assert 1 <= int(r.headers["Retry-After"]) <= 600
    elsewhere = api.client.post(
        "/api/v1/players/link", json={"code": code}, environ_base={"REMOTE_ADDR": "10.0.0.7"}
    )
    assert elsewhere.status_code == 201


def test_codes_are_limited_per_player(limited: Flask) -> None:
    api = Api(limited.test_client())
    _, ann = sign_up(api, "Ann")
    _, bob = sign_up(api, "Bob")
    link_code(api, ann)
    link_code(api, ann)
    r = api.client.post("/api/v1/players/me/link", headers=ann)
    assert r.status_code == 429 and r.json["reason"] == "rate_limited"  # type: ignore[index]
    assert link_code(api, bob)


def test_guesses_at_once_get_no_more_tries_than_one_at_a_time(app: Flask) -> None:
    api = Api(app.test_client())
    _, headers = sign_up(api)
    code = link_code(api, headers)
    guessers = 12

    def guess(client: Any) -> Any:
        return client.post("/api/v1/players/link", json={"code": wrong(code)})

    statuses = [r.status_code for r in at_once(app, guessers, guess)]
    assert sorted(statuses) == [400] * CODE_TRIES + [429] * (guessers - CODE_TRIES)
    assert redeem(api, code).status_code == 429


def test_a_guess_costs_the_same_whether_or_not_its_look_up_part_is_live(app: Flask) -> None:
    """The same statements, commits and scrypt checks for a guess whose first four symbols
    name a live code as for one whose do not: timing tells no live code apart."""
    api = Api(app.test_client())
    _, headers = sign_up(api)
    code = link_code(api, headers)
    live = normal_code(code)
    assert live is not None
    dead = next(
        f"{a}{b}{c}{d}{live[4:]}"
        for a in ALPHABET
        for b in ALPHABET
        for c in ALPHABET
        for d in "0123"
        if f"{a}{b}{c}{d}" != live[:4]
    )
    engine = get_engine(app)

    def work_of(guess: str) -> tuple[list[str], int]:
        done: list[str] = []

        def statement(conn: Any, cursor: Any, text: str, *args: Any) -> None:
            done.append(text.split()[0].upper())

        def commit(conn: Any) -> None:
            done.append("COMMIT")

        event.listen(engine, "before_cursor_execute", statement)
        event.listen(engine, "commit", commit)
        try:
            checks = mock.patch.object(device_service, "code_hash", wraps=device_service.code_hash)
            with checks as hashed:
                r = redeem(api, guess)
        finally:
            event.remove(engine, "before_cursor_execute", statement)
            event.remove(engine, "commit", commit)
        assert r.status_code == 400 and r.json["reason"] == "invalid_code"
        return done, hashed.call_count

    # The dead guess first: the live code's tries are spent by the live one only.
    assert work_of(dead) == work_of(wrong(code))
    assert work_of(dead)[1] == 1


def test_codes_made_at_once_leave_one_live_code(app: Flask) -> None:
    api = Api(app.test_client())
    player_id, headers = sign_up(api)

    def make(client: Any) -> Any:
        return client.post("/api/v1/players/me/link", headers=headers)

    answers = at_once(app, 10, make)
    assert {r.status_code for r in answers} <= {201, 409}, [r.json for r in answers]
    with app.app_context():
        unused = get_session().scalars(
            select(LinkCode).where(LinkCode.player_id == player_id, LinkCode.used_at.is_(None))
        )
        assert len(list(unused)) == 1
    made = [r.json["code"] for r in answers if r.status_code == 201]
    assert sum(redeem(api, code).status_code == 201 for code in made) == 1


def test_a_deleted_players_code_redeems_nothing(api: Api) -> None:
    _, headers = sign_up(api, "Gone")
    code = link_code(api, headers)
    r = api.client.delete("/api/v1/players/me", json={"confirm": "Gone"}, headers=headers)
    assert r.status_code == 204
    r = redeem(api, code)
    assert r.status_code == 400 and r.json["reason"] == "invalid_code"
