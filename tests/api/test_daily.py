"""Daily deals: a stable deal per game and date, today's list with the player's result and
streak, daily games, and each day's own leaderboard — with the app's clock moved across
days (on SQLite and PostgreSQL)."""

from __future__ import annotations

import datetime as dt
import os
from typing import Any
from unittest import mock

from flask import Flask

from patience.api.db import get_session
from patience.catalogue.daily_rulesets import daily_rulesets
from patience.cli import main
from patience.store.ranked_pool import daily_of
from tests.api.conftest import DAY, Api, Clock


def pool_solution(app: Flask, game: str, day: dt.date) -> list[dict[str, Any]]:
    """The proven winning line the pool keeps for a daily (server side)."""
    with app.app_context():
        ranked = daily_of(get_session(), game, day)
        assert ranked is not None
        return list(ranked.solution)


def test_today_lists_each_game_and_a_future_date_is_refused(api: Api, clock: Clock) -> None:
    today = api.client.get("/api/v1/daily").json
    assert today is not None and today["date"] == DAY.isoformat()
    assert [(i["game"], i["deal"], i["deal_id"]) for i in today["items"]] == [
        (g, None, f"{g}-daily-2026-12-10") for g in daily_rulesets()
    ]
    assert all(i["result"] is None and i["streak"] is None for i in today["items"])
    past = api.client.get("/api/v1/daily/gaps?date=2026-11-30").json
    assert past is not None and past["deal_id"] == "gaps-daily-2026-11-30"
    # A well-formed date with no daily (tomorrow, before the first): refused by the rules of
    # daily deals (422), as POST /games refuses it; a malformed one is 400.
    refused = {"2026-12-11": 422, "2025-12-31": 422, "9426-07-12": 422}
    refused |= {"2026-13-01": 400, "tomorrow": 400, "20261201": 400}
    for bad, status in refused.items():
        r = api.client.get(f"/api/v1/daily/gaps?date={bad}")
        assert r.status_code == status and r.json is not None, bad
        r = api.client.get(f"/api/v1/daily/gaps/{bad}/leaderboard")
        assert r.status_code == status and r.json is not None
        assert r.json["reason"] in ("invalid_date", "invalid_request"), bad
    assert api.client.get("/api/v1/daily/chess").status_code == 400


def test_a_daily_game_plays_the_day_s_deal_under_the_default_rules(api: Api, clock: Clock) -> None:
    headers = api.player()
    view = api.new_game(headers, game="gaps", daily=True, options={"show_fits": True})
    assert view["deal"] is None and view["deal_id"] == "gaps-daily-2026-12-10"
    assert view["ruleset"] == "redeals-2" and view["daily"] == DAY.isoformat()
    for body, status, reason in (
        ({"game": "gaps", "daily": True, "options": {"redeals": 1}}, 422, "not_daily"),
        ({"game": "gaps", "daily": True, "deal": 1}, 422, "not_daily"),
        ({"game": "gaps", "daily": "yes"}, 400, "invalid_request"),
    ):
        r = api.client.post("/api/v1/games", json=body, headers=headers)
        assert r.status_code == status and r.json is not None and r.json["reason"] == reason


def test_each_game_s_daily_starts_under_the_day_s_rules(api: Api, clock: Clock) -> None:
    """Without options a daily is played by the day's rules, whichever ruleset the dailies
    use (the suite's Forty Thieves dailies are not its default rules); other rules that
    cannot even lay the day's deal out are refused by the rules of daily games."""
    headers = api.player()
    for game, ruleset in daily_rulesets().items():
        view = api.new_game(headers, game=game, daily=True)
        assert view["ruleset"] == ruleset and view["deal_id"] == f"{game}-daily-2026-12-10"
    others = {"classic": "relaxed", "relaxed": "classic"}
    rules = {"rules": others[daily_rulesets()["forty-thieves"]]}
    body = {"game": "forty-thieves", "daily": True, "options": rules}
    r = api.client.post("/api/v1/games", json=body, headers=headers)
    assert r.status_code == 422 and r.json is not None and r.json["reason"] == "not_daily"


def win_daily(api: Api, headers: dict[str, str], clock: Clock, minutes: int = 5) -> dict[str, Any]:
    """Start today's Pyramid daily, then win it ``minutes`` later."""
    view = api.new_game(headers, game="pyramid", daily=True)
    line = pool_solution(api.client.application, "pyramid", clock.now.date())
    clock.now += dt.timedelta(minutes=minutes)
    for move in line:
        r = api.move(headers, view, move)
        assert r.status_code == 200, r.json
        view = r.json
    assert view["status"] == "won"
    return view


def test_a_day_s_board_counts_only_that_day_s_dailies_won_that_day(api: Api, clock: Clock) -> None:
    # Names of this test's own: the session's database holds other tests' dailies of DAY.
    ann, bob, cy = api.player("Ann D"), api.player("Bob D"), api.player("Cy D")
    won = win_daily(api, ann, clock)
    clock.at(DAY, 23, 58)
    win_daily(api, bob, clock)  # started on the day, won after midnight: not on the board
    clock.at(DAY, 12)
    first = api.new_game(cy, game="pyramid", daily=True)
    api.client.post(f"/api/v1/games/{first['id']}/resign", json={"version": 0}, headers=cy)
    clock.now += dt.timedelta(minutes=1)
    win_daily(api, cy, clock)  # Cy's second game of the daily is practice: not ranked
    board = api.client.get(f"/api/v1/daily/pyramid/{DAY.isoformat()}/leaderboard").json
    assert board is not None and board["deal_id"] == "pyramid-daily-2026-12-10"
    assert board["open"] is False
    ours = [e for e in board["entries"] if e["player"].endswith(" D")]
    assert [(e["player"], e["game_id"]) for e in ours] == [
        ("Ann D", None)  # the day is open: no one else may watch Ann's line yet
    ]
    mine = api.client.get(f"/api/v1/daily/pyramid/{DAY.isoformat()}/leaderboard", headers=ann)
    assert mine.json is not None
    (own,) = [e for e in mine.json["entries"] if e["player"] == "Ann D"]
    assert own["game_id"] == won["id"]
    assert own["fair_play"] == "pending"  # no worker here: not weighed yet
    with mock.patch.dict(
        os.environ, {"DATABASE_URL": api.client.application.config["DATABASE_URL"]}
    ):
        assert main(["fair-play"]) == 0
    board = api.client.get(f"/api/v1/daily/pyramid/{DAY.isoformat()}/leaderboard").json
    assert board is not None
    marks = [e["fair_play"] for e in board["entries"] if e["player"] == "Ann D"]
    assert marks in (["ok"], ["review"])
    today = api.client.get("/api/v1/daily", headers=ann).json
    assert today is not None
    (mine,) = [i for i in today["items"] if i["game"] == "pyramid"]
    assert mine["result"]["game_id"] == won["id"] and mine["result"]["rank"] == own["rank"]
    assert mine["result"]["status"] == "won" and mine["streak"] == 1


def test_the_card_and_the_view_name_the_ranked_game_never_a_practice_one(
    api: Api, clock: Clock
) -> None:
    headers = api.player()
    first = api.new_game(headers, game="pyramid", daily=True)
    assert first["ranked"] is True
    first = api.move(headers, first, first["legal_moves"][0]).json
    assert first["ranked"] is True
    body = {"version": first["version"]}
    r = api.client.post(f"/api/v1/games/{first['id']}/resign", json=body, headers=headers)
    assert r.status_code == 200 and r.json is not None and r.json["ranked"] is True
    clock.now += dt.timedelta(minutes=1)
    practice = win_daily(api, headers, clock)  # won, but the player's second game: practice
    assert practice["ranked"] is False
    card = api.client.get("/api/v1/daily/pyramid", headers=headers).json
    assert card is not None
    assert card["result"] == {
        "game_id": first["id"],
        "status": "resigned",
        "moves": 1,
        "elapsed_ms": r.json["elapsed_ms"],
        "rank": None,  # the ranked game was not won: no rank, whatever practice did
    }
    view = api.client.get(f"/api/v1/games/{first['id']}", headers=headers).json
    assert view is not None and view["ranked"] is True
    assert api.new_game(headers, deal=1)["ranked"] is False
    # An earlier day's daily started now is practice: no ranked game, no result on its card.
    past = DAY - dt.timedelta(days=1)
    late = api.new_game(headers, game="pyramid", daily=True, date=past.isoformat())
    assert late["ranked"] is False
    card = api.client.get(f"/api/v1/daily/pyramid?date={past.isoformat()}", headers=headers).json
    assert card is not None and card["result"] is None


def test_daily_streaks_run_across_day_boundaries(api: Api, clock: Clock) -> None:
    headers = api.player()

    def stats() -> tuple[int, int]:
        me = api.client.get("/api/v1/players/me", headers=headers).json
        assert me is not None
        pyramid = me["stats"]["pyramid"]
        return pyramid["daily_streak"], pyramid["best_daily_streak"]

    for day in (DAY, DAY + dt.timedelta(1)):
        clock.at(day)
        win_daily(api, headers, clock)
    assert stats() == (2, 2)
    clock.at(DAY + dt.timedelta(2), 22)  # a streak lasts through the next day
    assert stats() == (2, 2)
    clock.at(DAY + dt.timedelta(3))
    assert stats() == (0, 2)
    win_daily(api, headers, clock)
    assert stats() == (1, 2)
