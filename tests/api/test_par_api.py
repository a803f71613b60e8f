"""Par through the API, with Redis and a real burst worker: computed by the worker when a
deal is first dealt, stored once found, shown with the deal and in a finished game's result
— never in a game in play."""

from __future__ import annotations

from typing import Any

from flask import Flask

from patience.engine import new_game
from patience.games.solving import solve_game
from patience.solver import Budget
from tests.api.conftest import Api, work
from tests.budgets import SEARCH_NODES


def body(response: Any) -> Any:
    assert response.status_code in (200, 201), response.json
    return response.json


def test_the_worker_proves_pyramid_par_and_the_deal_shows_it(redis_app: Flask) -> None:
    api = Api(redis_app.test_client())
    headers = api.player()
    view = api.new_game(headers, deal=12)  # queues the deal's par search
    assert body(api.client.get("/api/v1/deals/pyramid/12"))["par"] is None
    work(redis_app)  # the worker writes the par to the database
    par = body(api.client.get("/api/v1/deals/pyramid/12"))["par"]
    assert par == {"moves": 37, "proven": True, "source": "solver"}
    line = solve_game(new_game("pyramid", deal=12), Budget(nodes=SEARCH_NODES)).solution
    assert line is not None and len(line) >= 37
    for move in line:
        view = body(api.move(headers, view, move))
        assert "par" not in view and (view["result"] is None) == (view["status"] == "playing")
    assert view["result"]["par"] == par  # the solver's line is no shorter than the proof
