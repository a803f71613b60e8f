"""Fair-play marks through the API: a win is ``pending`` until a real worker weighs
its line, then ``ok`` or ``review`` on the deal's leaderboard and the player's bests; without
Redis it stays pending until ``patience fair-play`` weighs it."""

from __future__ import annotations

import os
from typing import Any
from unittest import mock

from flask import Flask

from patience.cli import main
from patience.games import new_game
from patience.games.solving import solve_game
from patience.solver import Budget
from tests.api.conftest import Api, flush, work
from tests.games.test_fair_play import (
    DEAL,
    GAPS_DEAL,
    GAPS_REDEALS,
    follower_line,
    gaps_clairvoyant_line,
    gaps_follower_line,
    shortest_line,
)


def data_of(response: Any) -> Any:
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def win(
    api: Api, headers: dict[str, str], game: str, deal: int, line: list[Any], **opts: Any
) -> None:
    view = api.new_game(headers, game=game, deal=deal, options=opts)
    for move in line:
        view = data_of(api.move(headers, view, move))
    assert view["status"] == "won"


def marks(
    api: Api, names: tuple[str, ...], game: str = "pyramid", deal: int = DEAL, **query: str
) -> dict[str, str]:
    """The leaderboard's marks of these players (other tests win the same deals)."""
    url = f"/api/v1/deals/{game}/{deal}/leaderboard"
    board = data_of(api.client.get(url, query_string=query))
    return {e["player"]: e["fair_play"] for e in board["entries"] if e["player"] in names}


def best_mark(api: Api, headers: dict[str, str]) -> str:
    (best,) = data_of(api.client.get("/api/v1/players/me/bests", headers=headers))["items"]
    mark: str = best["fair_play"]
    return mark


def test_wins_are_pending_then_weighed_by_the_worker(queue_app: Flask) -> None:
    api = Api(queue_app.test_client())
    names = ("Sighted", "Scout")
    honest, scout = (api.player(name) for name in names)
    win(api, honest, "pyramid", DEAL, follower_line(DEAL).moves)
    win(api, scout, "pyramid", DEAL, shortest_line(DEAL).moves)
    assert marks(api, names) == {"Scout": "pending", "Sighted": "pending"}
    assert best_mark(api, scout) == "pending"
    work(queue_app)  # the real worker: the fair-play jobs (and the deal's par search)
    assert marks(api, names) == {"Scout": "review", "Sighted": "ok"}  # shown, not removed
    assert best_mark(api, scout) == "review" and best_mark(api, honest) == "ok"
    # A GET never enqueued anything: nothing is left for a worker.
    work(queue_app)
    assert marks(api, names) == {"Scout": "review", "Sighted": "ok"}


def test_gaps_wins_with_redeals_are_weighed_and_wins_without_are_ok_at_once(
    queue_app: Flask,
) -> None:
    """With redeals, where a redeal will put the cards is unseen: the win is weighed like
    Pyramid's, and the full-information solver's, whose redeals were chosen knowing where the
    cards would fall, is marked for review. Without redeals nothing is unseen: ok at once."""
    api = Api(queue_app.test_client())
    names = ("Gap sighted", "Gap scout")
    honest, scout = (api.player(name) for name in names)
    win(api, honest, "gaps", GAPS_DEAL, gaps_follower_line(GAPS_DEAL).moves, **GAPS_REDEALS)
    win(api, scout, "gaps", GAPS_DEAL, gaps_clairvoyant_line(GAPS_DEAL).moves, **GAPS_REDEALS)
    query = {"ruleset": "redeals-2"}
    assert marks(api, names, "gaps", GAPS_DEAL, **query) == dict.fromkeys(names, "pending")
    work(queue_app)
    assert marks(api, names, "gaps", GAPS_DEAL, **query) == {
        "Gap scout": "review",
        "Gap sighted": "ok",
    }
    assert best_mark(api, scout) == "review"

    headers = api.player("Gapper")
    found = solve_game(new_game("gaps", deal=2, options={"redeals": 0}), Budget(nodes=400_000))
    assert found.verdict == "winnable" and found.solution
    win(api, headers, "gaps", 2, found.solution, redeals=0)
    assert marks(api, ("Gapper",), "gaps", 2, ruleset="redeals-0") == {"Gapper": "ok"}


def test_without_redis_a_win_stays_pending_until_the_command_weighs_it(app: Flask) -> None:
    api = Api(app.test_client())
    headers = api.player("Offline")
    deal = 2
    win(api, headers, "pyramid", deal, follower_line(deal).moves)
    assert marks(api, ("Offline",), deal=deal) == {"Offline": "pending"}
    with mock.patch.dict(os.environ, {"DATABASE_URL": app.config["DATABASE_URL"]}):
        assert main(["fair-play"]) == 0
    assert marks(api, ("Offline",), deal=deal) == {"Offline": "ok"}
    assert best_mark(api, headers) == "ok"


def test_a_win_whose_weighing_was_lost_is_swept_by_the_worker(queue_app: Flask) -> None:
    """Redis lost the queued weighing (a restart without persistence): the workers'
    maintenance sweeps the wins left pending, with no one running the command."""
    api = Api(queue_app.test_client())
    headers = api.player("Swept")
    deal = 2
    win(api, headers, "pyramid", deal, follower_line(deal).moves)
    assert marks(api, ("Swept",), deal=deal) == {"Swept": "pending"}
    flush(queue_app)  # the queue, and the weighing on it, are gone
    work(queue_app)
    assert marks(api, ("Swept",), deal=deal) == {"Swept": "ok"}
    assert best_mark(api, headers) == "ok"
