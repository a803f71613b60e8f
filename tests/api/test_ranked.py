"""Ranked deals (the dailies): dealt from the server's secret, never from a public number;
served only from the pool of proven deals; private while their day is open (replays, steps,
records, leaderboard links) and revealed with a proven solution once it closes (on SQLite
and PostgreSQL, the app's clock moved across days)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from patience.api import create_app, production_app
from patience.catalogue.daily_rulesets import daily_rulesets
from patience.catalogue.pool import prove
from patience.catalogue.ranked_deals import MissingSecret, candidate, daily_name
from patience.engine.deal import shuffled_deck
from patience.games import game_class
from patience.store.migrate import upgrade
from tests.api.conftest import DAY, Api, Clock
from tests.api.test_daily import pool_solution
from tests.ranked import DEAL_SECRET, fill_pool

SECRET = DEAL_SECRET.encode()
RULES = {"pyramid": "standard", "gaps": "redeals-2", "forty-thieves": "classic"}


def test_production_refuses_to_start_without_a_deal_secret(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from patience import gunicorn_conf

    monkeypatch.setenv("DATABASE_URL", "sqlite://")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "metrics"))
    for missing in (None, "", "too-short"):
        if missing is None:
            monkeypatch.delenv("DEAL_SECRET", raising=False)
        else:
            monkeypatch.setenv("DEAL_SECRET", missing)
        with pytest.raises(MissingSecret, match="DEAL_SECRET"):
            production_app()
        with pytest.raises(SystemExit, match="DEAL_SECRET"):
            gunicorn_conf.on_starting(None)
    monkeypatch.setenv("DEAL_SECRET", DEAL_SECRET)
    assert production_app().name == "patience"
    gunicorn_conf.on_starting(None)


@pytest.mark.parametrize("game", sorted(RULES))
def test_the_secret_fixes_the_daily_and_another_secret_deals_another(game: str) -> None:
    name = daily_name(DAY)
    deal = candidate(SECRET, game, RULES[game], name, 0)
    assert deal.deal is None and deal.start == deal.position()
    assert candidate(SECRET, game, RULES[game], name, 0).position() == deal.position()
    others = [
        candidate(b"another-secret-of-this-server", game, RULES[game], name, 0),
        candidate(SECRET, game, RULES[game], daily_name(DAY + dt.timedelta(1)), 0),
        candidate(SECRET, game, RULES[game], name, 1),
    ]
    assert all(other.position() != deal.position() for other in others)


@pytest.mark.parametrize("game", sorted(RULES))
def test_a_ranked_layout_is_no_public_deal_number(game: str) -> None:
    """No deal 1 … 3000: its first cards (the whole layout's order follows from them) match
    none of theirs."""
    cls = game_class(game)
    ranked = cls.ranked(bytes(32), cls.ruleset_options()[RULES[game]])
    decks = 2 if game == "forty-thieves" else 1
    layout = json.dumps(ranked.position(), sort_keys=True)
    for number in range(1, 3001):
        head = [str(c) for c in shuffled_deck(number, decks)[-3:]]  # dealt first
        if all(card in layout for card in head):
            assert cls.new(number, ranked.options).position() != ranked.position()


def test_a_proven_candidate_s_line_wins_from_its_start() -> None:
    found = prove(SECRET, "gaps", "redeals-2", daily_name(DAY), seconds=2)
    assert found is not None
    game = game_class("gaps").from_start(found.layout, {"redeals": 2})
    for move in found.solution:
        game.play(move)
    assert game.status == "won"


def test_readyz_says_a_dry_pool_degrades_the_daily_not_play(tmp_path: Path) -> None:
    """A dry pool keeps the instance in service (play goes on): 200, degraded."""
    url = f"sqlite:///{tmp_path / 'dry.db'}"
    upgrade(url)
    app = create_app({"DATABASE_URL": url, "REDIS_URL": None, "TESTING": True})
    app.config["CLOCK"] = lambda: dt.datetime(2026, 12, 10, 9, tzinfo=dt.UTC)
    client = app.test_client()
    r = client.get("/readyz")
    assert r.status_code == 200 and r.json is not None
    assert (r.json["status"], r.json["ranked_pool"], r.json["ranked_days_ahead"]) == (
        "degraded",
        "dry",
        -1,
    )
    assert r.json["reasons"] == ["ranked_pool_dry"]
    api = Api(client)
    body = {"game": "pyramid", "daily": True}
    refused = client.post("/api/v1/games", json=body, headers=api.player())
    assert refused.status_code == 503 and refused.json is not None
    assert refused.json["reason"] == "daily_unavailable" and "Retry-After" in refused.headers
    fill_pool(url, DAY, days=0)
    r = client.get("/readyz")
    assert r.status_code == 200 and r.json is not None
    assert (r.json["status"], r.json["ranked_pool"], r.json["ranked_days_ahead"]) == (
        "degraded",
        "low",  # today's, not the day ahead the suite asks for
        0,
    )
    assert r.json["reasons"] == ["ranked_pool_low"]
    assert client.post("/api/v1/games", json=body, headers=api.player()).status_code == 201


def win(api: Api, headers: dict[str, str], game: str = "pyramid", **body: Any) -> dict[str, Any]:
    """Start a daily (``body``: its date) and win it along the pool's proven line."""
    view = api.new_game(headers, game=game, daily=True, **body)
    day = dt.date.fromisoformat(view["daily"])
    for move in pool_solution(api.client.application, game, day):
        r = api.move(headers, view, move)
        assert r.status_code == 200, r.json
        view = r.json
    assert view["status"] == "won"
    return view


def test_an_open_day_s_games_answer_their_player_only_until_it_closes(
    api: Api, clock: Clock
) -> None:
    ann, bob = api.player("Ann"), api.player("Bob")
    won = win(api, ann)
    assert won["deal"] is None and won["deal_id"] == "pyramid-daily-2026-12-10"
    paths = [f"/api/v1/games/{won['id']}/{tail}" for tail in ("replay", "replay/3", "record")]
    for path in paths:
        for who in ({}, bob):
            r = api.client.get(path, headers=who)
            assert r.status_code == 404 and (r.json or {})["reason"] == "game_not_found", path
        assert api.client.get(path, headers=ann).status_code == 200, path
    mine = api.client.get(paths[0], headers=ann).json
    assert mine is not None and (mine["deal"], mine["deal_id"]) == (None, won["deal_id"])
    record = api.client.get(paths[2], headers=ann).get_data(as_text=True)
    assert '[DealId "pyramid-daily-2026-12-10"]' in record and "[Layout" not in record
    clock.at(DAY + dt.timedelta(1), 0, 0)  # the day has closed
    for path in paths:
        assert api.client.get(path).status_code == 200, path
    record = api.client.get(paths[2]).get_data(as_text=True)
    assert "[Layout" in record
    verdict = api.client.post("/api/v1/records/verify", data=record.encode()).json
    assert verdict is not None and verdict["valid"] and verdict["status"] == "won"
    board = api.client.get(f"/api/v1/daily/pyramid/{DAY.isoformat()}/leaderboard").json
    assert board is not None and won["id"] in [e["game_id"] for e in board["entries"]]


def test_a_daily_is_revealed_with_its_solution_once_its_day_closes(api: Api, clock: Clock) -> None:
    path = f"/api/v1/daily/gaps/{DAY.isoformat()}/deal"
    r = api.client.get(path)
    assert r.status_code == 404 and (r.json or {})["reason"] == "not_yet_revealed"
    clock.at(DAY, 23, 59)
    assert api.client.get(path).status_code == 404
    ahead = api.client.get("/api/v1/daily/gaps/2026-12-12/deal")  # proven, days ahead
    assert ahead.status_code == 404 and (ahead.json or {})["reason"] == "not_yet_revealed"
    clock.at(DAY + dt.timedelta(1), 0, 0)
    revealed = api.client.get(path).json
    assert revealed is not None and revealed["deal_id"] == "gaps-daily-2026-12-10"
    game = game_class("gaps").from_start(revealed["layout"], {"redeals": 2})
    headers = api.player()
    view = api.new_game(headers, game="gaps", daily=True, date=DAY.isoformat())  # practice
    assert view["board"]["grid"] == game.board()["grid"]
    for move in revealed["solution"]:
        game.play(move)
    assert game.status == "won"
    old = api.client.get("/api/v1/daily/gaps/2026-11-01/deal")  # a numbered daily's day
    assert old.status_code == 404 and (old.json or {})["reason"] == "no_such_deal"


def test_a_ranked_game_shows_no_unseen_card(api: Api, clock: Clock) -> None:
    headers = api.player()
    view = api.new_game(headers, game="pyramid", daily=True)
    start = pool_start(api, "pyramid", DAY)
    stock = set(start["stock"][1:])  # the top card is face up
    text = json.dumps(view)
    assert stock and not any(f'"{card}"' in text for card in stock)


def pool_start(api: Api, game: str, day: dt.date) -> dict[str, Any]:
    from patience.api.db import get_session
    from patience.store.ranked_pool import daily_of

    with api.client.application.app_context():
        ranked = daily_of(get_session(), game, day)
        assert ranked is not None
        return dict(ranked.layout)


def test_only_the_first_game_of_the_day_is_ranked_and_earlier_days_are_practice(
    api: Api, clock: Clock
) -> None:
    clock.at(DAY + dt.timedelta(1))
    day = DAY + dt.timedelta(1)
    dee, eve = api.player("Dee"), api.player("Eve")
    first = win(api, dee)
    clock.now += dt.timedelta(minutes=1)
    win(api, dee)  # practice
    late = win(api, eve, date=DAY.isoformat())  # an earlier day's daily: practice
    assert late["daily"] == DAY.isoformat()
    board = api.client.get(f"/api/v1/daily/pyramid/{day.isoformat()}/leaderboard", headers=dee)
    assert board.json is not None
    ours = [(e["player"], e["game_id"]) for e in board.json["entries"] if e["player"] in "DeeEve"]
    assert ours == [("Dee", first["id"])]  # (other tests' players win that day too)
    before = api.client.get(f"/api/v1/daily/pyramid/{DAY.isoformat()}/leaderboard").json
    assert before is not None and "Eve" not in [e["player"] for e in before["entries"]]
    future = {"game": "pyramid", "daily": True, "date": "2026-12-31"}
    r = api.client.post("/api/v1/games", json=future, headers=dee)
    assert r.status_code == 422 and (r.json or {})["reason"] == "invalid_date"
    r = api.client.post(
        "/api/v1/games", json={"game": "pyramid", "date": "2026-12-10"}, headers=dee
    )
    assert r.status_code == 422 and (r.json or {})["reason"] == "not_daily"


def test_numbered_deal_boards_are_open_and_daily_boards_are_not(api: Api, clock: Clock) -> None:
    numbered = api.client.get("/api/v1/deals/pyramid/1/leaderboard").json
    daily = api.client.get(f"/api/v1/daily/pyramid/{DAY.isoformat()}/leaderboard").json
    assert numbered is not None and daily is not None
    assert (numbered["open"], daily["open"]) == (True, False)


def test_every_daily_game_has_a_ranked_deal_each_pool_day(api: Api, clock: Clock) -> None:
    today = api.client.get("/api/v1/daily").json
    assert today is not None
    for item in today["items"]:
        assert item["deal"] is None and item["deal_id"] == f"{item['game']}-daily-2026-12-10"
    assert sorted(i["game"] for i in today["items"]) == sorted(daily_rulesets())
