"""A player's own data, on SQLite and PostgreSQL: the NDJSON export (the player, statistics,
every game as a record, streamed in batches) and deleting the player (their finished games
stay, under an anonymous name)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from patience.api.db import get_session
from patience.api.resources.players.schemas import ExportLineSchema
from patience.record import parse_record, verify
from patience.service import export
from patience.store import Device, GameRecord, LinkCode, PersonalBest, Player, SolveRequest, Win
from tests.api.conftest import Api, winning_line

EXPORT = "/api/v1/players/me/export"


def sign_up(api: Api, name: str) -> tuple[str, dict[str, str]]:
    r = api.client.post("/api/v1/players", json={"name": name})
    assert r.status_code == 201 and r.json is not None
    return r.json["id"], {"Authorization": f"Bearer {r.json['token']}"}


def won(api: Api, headers: dict[str, str], deal: int = 1) -> dict[str, Any]:
    line = winning_line("pyramid", deal)
    assert line is not None
    game = api.new_game(headers, deal=deal)
    for move in line:
        game = api.move(headers, game, move).json
    assert game["status"] == "won"
    return game


def exported(api: Api, headers: dict[str, str]) -> list[dict[str, Any]]:
    r = api.client.get(EXPORT, headers=headers)
    assert r.status_code == 200, r.get_data()[:300]
    assert r.mimetype == "application/x-ndjson" and r.headers["Cache-Control"] == "no-store"
    assert r.is_streamed
    lines = [json.loads(line) for line in r.get_data(as_text=True).splitlines()]
    for line in lines:
        ExportLineSchema().load(line)  # each line as documented
    return lines


def test_the_export_holds_the_player_their_stats_and_every_game(api: Api) -> None:
    player_id, headers = sign_up(api, "Exporter")
    first = won(api, headers)
    playing = api.new_game(headers, game="gaps", deal=9)
    playing = api.move(headers, playing, playing["legal_moves"][0]).json
    lines = exported(api, headers)
    assert [line["type"] for line in lines] == ["player", "stats", "game", "game"]
    player, stats, *games = lines
    assert (player["id"], player["name"], len(player["devices"])) == (player_id, "Exporter", 1)
    assert player["devices"][0]["current"] is True
    assert stats["stats"]["pyramid"]["won"] == 1 and stats["stats"]["gaps"]["played"] == 1
    assert [(g["id"], g["status"]) for g in games] == [
        (first["id"], "won"),
        (playing["id"], "playing"),
    ]
    for game, view in zip(games, (first, playing), strict=True):
        record = parse_record(game["record"])
        assert record.header.player == "Exporter" and record.header.game_id == view["id"]
        verdict = verify(record)
        assert verdict.valid and verdict.status == view["status"]
        assert verdict.moves == view["moves"]


def test_the_export_is_read_in_batches_in_order(
    api: Api, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Games started in the same instant are still each exported once, in id order.
    instant = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)
    monkeypatch.setitem(app.config, "CLOCK", lambda: instant)
    monkeypatch.setattr(export, "BATCH", 3)
    _, headers = sign_up(api, "Batches")
    ids = sorted(api.new_game(headers, deal=deal)["id"] for deal in range(1, 9))
    games = exported(api, headers)[2:]
    assert [g["id"] for g in games] == ids


def test_the_export_is_a_read(api: Api, app: Flask) -> None:
    _, headers = sign_up(api, "Reader")
    won(api, headers)
    with app.app_context():
        before = get_session().scalars(select(Device.last_used_at)).all()
    exported(api, headers)
    with app.app_context():
        assert get_session().scalars(select(Device.last_used_at)).all() == before


def test_deleting_a_player_needs_their_name(api: Api) -> None:
    _, headers = sign_up(api, "Careful")
    for body, code, reason in [
        ({"confirm": "careful"}, 422, "not_confirmed"),
        ({"confirm": "Someone"}, 422, "not_confirmed"),
        ({}, 400, "invalid_request"),
        ({"confirm": 5}, 400, "invalid_request"),
    ]:
        r = api.client.delete("/api/v1/players/me", json=body, headers=headers)
        assert r.status_code == code and r.json is not None and r.json["reason"] == reason
    assert api.client.get("/api/v1/players/me", headers=headers).status_code == 200


def test_a_deleted_player_is_gone_but_their_wins_stay_anonymous(api: Api, app: Flask) -> None:
    player_id, headers = sign_up(api, "Leaving")
    code = api.client.post("/api/v1/players/me/link", headers=headers).json["code"]  # type: ignore[index]
    token = api.client.post("/api/v1/players/link", json={"code": code}).json["token"]  # type: ignore[index]
    other = {"Authorization": f"Bearer {token}"}
    game = won(api, headers, deal=1)
    in_play = api.new_game(headers, deal=2)
    api.move(headers, in_play, in_play["legal_moves"][0])
    _, rival = sign_up(api, "Rival")
    won(api, rival, deal=1)

    r = api.client.delete("/api/v1/players/me", json={"confirm": " Leaving "}, headers=headers)
    assert r.status_code == 204
    for token in (headers, other):
        assert api.client.get("/api/v1/players/me", headers=token).status_code == 401
    board = api.client.get("/api/v1/deals/pyramid/1/leaderboard").json
    assert board is not None
    players = {entry["game_id"]: entry["player"] for entry in board["entries"]}
    # Deleted players share one "Anonymous", which holds one best a deal: this win, or an
    # as good one of a player deleted before (the session's other tests win deal 1 too).
    assert players.get(game["id"], "Anonymous") == "Anonymous"
    assert "Anonymous" in players.values() and "Rival" in players.values()
    replay = api.client.get(f"/api/v1/games/{game['id']}/replay").json
    assert replay is not None and replay["player"] == "Anonymous"
    record = api.client.get(f"/api/v1/games/{game['id']}/record").get_data(as_text=True)
    assert '[Player "Anonymous"]' in record and "Leaving" not in record
    assert api.client.get(f"/api/v1/games/{in_play['id']}/replay").status_code == 404
    with app.app_context():
        session = get_session()
        owners: list[Any] = [Player.id, Device.player_id, LinkCode.player_id]
        owners += [GameRecord.player_id, Win.player_id, PersonalBest.player_id]
        for key in [*owners, SolveRequest.player_id]:
            left = session.scalar(select(func.count()).where(key == player_id))
            assert left == 0, key
        assert session.get(GameRecord, in_play["id"]) is None
    # Their stats are gone with them: the rival's are their own.
    me = api.client.get("/api/v1/players/me", headers=rival).json
    assert me is not None and me["stats"]["pyramid"]["won"] == 1
