"""Safe methods are safe: every GET route of the OpenAPI document, on a service holding games in
every state (one whose position was never analysed, with a worker alive to run it), a deal
whose par the worker found, and a queued solve job, enqueues no job, writes no Redis key and
no database row (SQLite and PostgreSQL)."""

from __future__ import annotations

import datetime as dt
import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask
from redis import Redis
from sqlalchemy import select

from patience.api.db import get_engine
from patience.games import entries
from patience.jobs.queues import beat
from patience.jobs.results import text
from patience.store import Base
from patience.store.redis import connect
from tests.api.conftest import Api, work
from tests.databases import redis_test_url

OPENAPI = Path(__file__).resolve().parents[2] / "backend" / "openapi.json"
PARAMETER = re.compile(r"\{([a-z_]+)\}")


def get_routes() -> list[str]:
    """Every GET path of the committed OpenAPI document."""
    paths = json.loads(OPENAPI.read_text())["paths"]
    return sorted(path for path, operations in paths.items() if "get" in operations)


def redis_state(redis: Redis) -> dict[bytes, Any]:
    """Every key of the test Redis database with its contents (read in a canonical order:
    a read may rehash a hash table, so ``DUMP`` would differ without a write)."""
    read: dict[str, Callable[[bytes], Any]] = {
        "string": redis.get,
        "hash": redis.hgetall,
        "list": lambda key: redis.lrange(key, 0, -1),
        "set": lambda key: sorted(redis.smembers(key)),
        "zset": lambda key: redis.zrange(key, 0, -1, withscores=True),
    }
    return {key: read[text(redis.type(key))](key) for key in sorted(redis.scan_iter(count=1000))}


def database_state(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table."""
    with get_engine(app).connect() as conn:
        return {
            table.name: sorted(map(tuple, conn.execute(select(table))), key=repr)
            for table in Base.metadata.sorted_tables
        }


def scene(api: Api, app: Flask) -> tuple[dict[str, str], dict[str, list[Any]]]:
    """Players, games, a found par and a queued solve; the values of every path parameter."""
    headers = api.player("Reader")
    finished = api.new_game(headers, game="pyramid", deal=12)  # its par search is queued
    resign = {"version": 0}
    api.client.post(f"/api/v1/games/{finished['id']}/resign", json=resign, headers=headers)
    work(app)  # the par of deal 12 is found; no worker is alive afterwards
    # Nothing hidden and no redeal to come: analysable.
    untouched = api.new_game(headers, game="gaps", deal=3, options={"redeals": 0})
    solve = api.client.post("/api/v1/solve", json={"game": "pyramid", "deal": 5}, headers=headers)
    assert solve.status_code == 202, solve.json
    beat(connect(redis_test_url()), "a-worker")  # a worker is alive: GETs could start work
    values = {
        "game_id": [untouched["id"], finished["id"]],
        "step": [0, 1],
        "game": [entry.engine.name for entry in entries()],
        "number": [12, 3],
        "date": [dt.datetime.now(dt.UTC).date().isoformat()],
        "job_id": [solve.json["job"]],  # type: ignore[index]
    }
    return headers, values


def urls(route: str, values: dict[str, list[Any]]) -> list[str]:
    """``route`` with every combination of known values for its path parameters."""
    names = PARAMETER.findall(route)
    missing = [name for name in names if name not in values]
    assert not missing, f"{route}: give this test values for {missing}"
    combos = itertools.product(*(values[name] for name in names))
    return [fill(route, dict(zip(names, combo, strict=True))) for combo in combos]


def fill(route: str, chosen: dict[str, Any]) -> str:
    return PARAMETER.sub(lambda match: str(chosen[match.group(1)]), route)


def test_no_get_route_enqueues_a_job_or_writes_a_row(queue_app: Flask) -> None:
    api = Api(queue_app.test_client())
    headers, values = scene(api, queue_app)
    redis = connect(redis_test_url())
    before_redis, before_rows = redis_state(redis), database_state(queue_app)
    called = 0
    for route in get_routes():
        for url in urls(route, values):
            for auth in (headers, {}):
                r = api.client.get(url, headers=auth)
                assert r.status_code < 500, (url, r.json)

                called += 1
    assert called > 2 * len(get_routes())
    assert redis_state(redis) == before_redis
    assert database_state(queue_app) == before_rows
    analysis = api.client.get(f"/api/v1/games/{values['game_id'][0]}/analysis", headers=headers)
    assert analysis.json is not None and analysis.json["reason"] == "not_started"
    deal = api.client.get("/api/v1/deals/pyramid/12").json
    assert deal is not None and deal["par"] == {"moves": 37, "proven": True, "source": "solver"}
