"""Back to the last winnable point through the API, with Redis and a real burst worker: the
analysis of a hidden dead end names the point, and POST /rewind goes there as undos."""

from __future__ import annotations

from typing import Any

from flask import Flask

from patience.games import new_game
from patience.games.solving import solve_game
from patience.solver import Budget
from tests.api.conftest import Api, work
from tests.budgets import SEARCH_NODES
from tests.solver.dead_ends import dead_ends


def body(response: Any) -> Any:
    assert response.status_code == 200, response.json
    return response.json


def body_of(response: Any) -> Any:
    assert response.json is not None
    return response.json


def test_rewind_goes_back_to_the_last_winnable_point(redis_app: Flask) -> None:
    api = Api(redis_app.test_client())
    headers = api.player()
    (lost,) = dead_ends("pyramid", "standard", 1)
    view = api.new_game(headers, deal=lost.deal)
    url = f"/api/v1/games/{view['id']}"
    nothing = api.client.post(f"{url}/rewind", json={"version": 0}, headers=headers)
    assert nothing.status_code == 422 and body_of(nothing)["reason"] == "nothing_to_rewind"
    for move in lost.moves:
        view = body(api.move(headers, view, move))
    # Proven lost within the move's own request (the API's glance), with no worker alive;
    # the rewind search it starts waits for one.
    told = body(api.client.get(f"{url}/analysis", headers=headers))
    assert told["state"] == "done" and told["verdict"] == "unwinnable"
    work(redis_app)  # the rewind search
    report = body(api.client.get(f"{url}/analysis", headers=headers))
    assert report["verdict"] == "unwinnable"
    back = report["rewind"]["moves_back"]
    assert report["rewind"]["version"] == view["version"] and 0 < back <= len(lost.moves)
    rewound = body(
        api.client.post(f"{url}/rewind", json={"version": view["version"]}, headers=headers)
    )
    assert rewound["moves"] == len(lost.moves) - back and rewound["undos"] == back
    assert rewound["version"] == view["version"] + 1
    again = api.client.post(f"{url}/rewind", json={"version": view["version"]}, headers=headers)
    assert body(again) == rewound  # a retry gets the stored answer, not a second rewind
    # The point is winnable: the solver's line from it wins.
    assert lost.deal is not None
    here = new_game("pyramid", deal=lost.deal)
    here.replay(lost.moves[: len(lost.moves) - back], ())
    line = solve_game(here, Budget(nodes=SEARCH_NODES)).solution
    assert line is not None
    for move in line:
        rewound = body(api.move(headers, rewound, move))
    assert rewound["status"] == "won" and rewound["result"]["undos"] == back
