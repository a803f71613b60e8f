"""Deals and leaderboards."""

from __future__ import annotations

import pytest
from flask import Flask

from patience.api.db import get_session
from patience.store import utcnow
from patience.store.pars import offer_par
from tests.api.conftest import Api, winning_line


def test_an_unplayed_deal(api: Api) -> None:
    r = api.client.get("/api/v1/deals/pyramid/4000000000")
    assert r.status_code == 200
    assert r.json == {
        "deal_id": "pyramid-4000000000",
        "game": "pyramid",
        "number": 4000000000,
        "ruleset": "standard",
        "winnable": None,
        "difficulty": None,
        "plays": 0,
        "wins": 0,
        "par": None,
    }
    r = api.client.get("/api/v1/deals/pyramid/4000000000/leaderboard?ruleset=standard&limit=3")
    assert r.status_code == 200
    assert r.json == {
        "deal_id": "pyramid-4000000000",
        "ruleset": "standard",
        "open": True,  # anyone can compute a numbered deal's cards
        "entries": [],
    }


def test_a_deal_counts_plays_once_a_move_is_made(api: Api) -> None:
    headers = api.player()
    deal = 3_999_999_999
    game = api.new_game(headers, deal=deal)
    assert api.client.get(f"/api/v1/deals/pyramid/{deal}").json["plays"] == 0  # type: ignore[index]
    game = api.move(headers, game, {"type": "draw"}).json
    api.move(headers, game, {"type": "draw"})
    assert api.client.get(f"/api/v1/deals/pyramid/{deal}").json["plays"] == 1  # type: ignore[index]


def test_a_shorter_replayed_win_becomes_the_par_never_shown_in_play(app: Flask) -> None:
    api = Api(app.test_client())
    DEAL = 21  # no other test plays it: its par starts unknown
    line = winning_line("pyramid", DEAL)
    assert line is not None
    with app.app_context():  # a longer line known already, as if from the solver
        offer_par(
            get_session(),
            "pyramid",
            "standard",
            DEAL,
            [*line, {"type": "draw"}] * 2,
            proven=False,
            source="solver",
            now=utcnow(),
        )
        get_session().commit()
    deal = api.client.get(f"/api/v1/deals/pyramid/{DEAL}").json
    assert deal is not None and deal["par"]["moves"] == 2 * len(line) + 2
    headers = api.player()
    game = api.new_game(headers, deal=DEAL)
    for move in line:
        game = api.move(headers, game, move).json
        assert game is not None and (game["result"] is None) == (game["status"] == "playing")
    assert game["result"]["par"] == {"moves": len(line), "proven": False, "source": "player"}
    deal = api.client.get(f"/api/v1/deals/pyramid/{DEAL}").json
    assert deal is not None and deal["par"] == game["result"]["par"]
    with app.app_context():  # a longer offer leaves the par alone
        offer_par(
            get_session(),
            "pyramid",
            "standard",
            DEAL,
            [*line, *line],
            proven=True,
            source="solver",
            now=utcnow(),
        )
        get_session().commit()
    deal = api.client.get(f"/api/v1/deals/pyramid/{DEAL}").json
    assert deal is not None and deal["par"]["moves"] == len(line)


@pytest.mark.parametrize(
    ("path", "code", "reason"),
    [
        ("/api/v1/deals/chess/1", 400, "unknown_game"),
        ("/api/v1/deals/pyramid/0", 400, "invalid_deal"),
        ("/api/v1/deals/pyramid/4294967296", 400, "invalid_deal"),
        ("/api/v1/deals/pyramid/1?ruleset=nope", 400, "unknown_ruleset"),
        ("/api/v1/deals/pyramid/-1", 404, "not_found"),
        ("/api/v1/deals/pyramid/x", 404, "not_found"),
        ("/api/v1/deals/pyramid/1/leaderboard?limit=0", 400, "invalid_request"),
        ("/api/v1/deals/pyramid/1/leaderboard?limit=101", 400, "invalid_request"),
        ("/api/v1/deals/pyramid/1/leaderboard?limit=x", 400, "invalid_request"),
        ("/api/v1/deals/chess/1/leaderboard", 400, "unknown_game"),
    ],
)
def test_bad_deals(api: Api, path: str, code: int, reason: str) -> None:
    r = api.client.get(path)
    assert r.status_code == code
    assert r.json is not None and r.json["reason"] == reason
