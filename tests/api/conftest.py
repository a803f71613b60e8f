"""Fixtures for the API tests: one migrated database per backend (SQLite and PostgreSQL) per
session, an app on each, and a small client that signs players up."""

from __future__ import annotations

import datetime as dt
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from unittest import mock

import pytest
from flask import Flask
from flask.testing import FlaskClient

from patience.api import create_app
from patience.api.analysis import WORKERS_SEEN
from patience.api.db import get_engine
from patience.api.middleware import get_redis
from patience.games import new_game
from patience.jobs.worker import run
from patience.solver.core import Budget
from patience.solver.naive import brute_force
from patience.store import utcnow
from patience.store.migrate import upgrade
from patience.store.redis import connect
from tests.databases import (
    postgres_available,
    postgres_database,
    redis_available,
    redis_test_url,
)
from tests.ranked import fill_pool

BACKENDS = ["sqlite", "postgresql"]


def _require_postgres() -> None:
    if not postgres_available():
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not reachable at 127.0.0.1:5432")
        pytest.skip("PostgreSQL is not reachable")


@pytest.fixture(scope="session")
def sqlite_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'api.db'}"
    upgrade(url)
    return url


@pytest.fixture(scope="session")
def postgresql_url() -> Iterator[str]:
    _require_postgres()
    with postgres_database() as url:
        upgrade(url)
        yield url


def flush(app: Flask) -> None:
    """Empty the test Redis, and with it what ``app`` remembers having seen there (whether a
    worker runs), so that the next test starts from nothing."""
    connect(redis_test_url()).flushdb()
    app.extensions.pop(WORKERS_SEEN, None)


@pytest.fixture(scope="session")
def apps() -> Iterator[dict[str, Flask]]:
    """Apps are created lazily per backend and their pools closed at the end."""
    made: dict[str, Flask] = {}
    yield made
    for app in made.values():
        get_engine(app).dispose()


@pytest.fixture(params=BACKENDS)
def app(request: pytest.FixtureRequest, apps: dict[str, Flask]) -> Flask:
    """The app on each backend (the database is shared by the session's tests)."""
    backend: str = request.param
    if backend not in apps:
        url = request.getfixturevalue(f"{backend}_url")
        apps[backend] = create_app({"DATABASE_URL": url, "REDIS_URL": None, "TESTING": True})
    return apps[backend]


POOL_DAYS = (dt.date(2026, 12, 9), 5)
"""The days whose ranked dailies the API tests play (from, days after): the daily tests'
clock runs from 2026-12-10."""


@pytest.fixture(scope="session")
def pooled() -> set[str]:
    """The databases whose pool :func:`ranked_pool` filled this session."""
    return set()


@pytest.fixture
def ranked_pool(app: Flask, pooled: set[str]) -> Flask:
    """``app`` with its database's pool of dailies filled for :data:`POOL_DAYS` and today
    (once per database and session)."""
    url = app.config["DATABASE_URL"]
    if url not in pooled:
        fill_pool(url, *POOL_DAYS)
        fill_pool(url, utcnow().date())
        pooled.add(url)
    return app


@pytest.fixture
def redis_app(apps: dict[str, Flask], request: pytest.FixtureRequest) -> Iterator[Flask]:
    """The app on SQLite with the test Redis configured (job queue, limits), flushed after."""
    if not redis_available():
        if os.environ.get("CI"):
            raise RuntimeError("the test Redis does not answer")
        pytest.skip("no test Redis")
    if "redis" not in apps:
        url = request.getfixturevalue("sqlite_url")
        apps["redis"] = create_app(
            {"DATABASE_URL": url, "REDIS_URL": redis_test_url(), "TESTING": True}
        )
    yield apps["redis"]
    flush(apps["redis"])


@pytest.fixture(params=BACKENDS)
def queue_app(request: pytest.FixtureRequest, apps: dict[str, Flask]) -> Iterator[Flask]:
    """The app on each backend with the test Redis (job queue; rate limits off, so that a
    test may send thousands of requests), flushed after."""
    if not redis_available():
        if os.environ.get("CI"):
            raise RuntimeError("the test Redis does not answer")
        pytest.skip("no test Redis")
    key = f"queue-{request.param}"
    if key not in apps:
        url = request.getfixturevalue(f"{request.param}_url")
        apps[key] = create_app(
            {
                "DATABASE_URL": url,
                "REDIS_URL": redis_test_url(),
                "RATE_LIMIT_ACTIONS": "off",
                "RATE_LIMIT_PLAYERS": "off",
                "TESTING": True,
            }
        )
    yield apps[key]
    flush(apps[key])


@pytest.fixture
def pg_app(apps: dict[str, Flask], request: pytest.FixtureRequest) -> Flask:
    """The app on PostgreSQL only (race tests)."""
    if "postgresql" not in apps:
        url = request.getfixturevalue("postgresql_url")
        apps["postgresql"] = create_app({"DATABASE_URL": url, "REDIS_URL": None, "TESTING": True})
    return apps["postgresql"]


@contextmanager
def limited_app(url: str, **limits: str) -> Iterator[Flask]:
    """An app on the database ``url`` with the test Redis, the rate limits ``limits``
    (``RATE_LIMIT_*`` settings) and a Redis key prefix of its own, whose keys go after."""
    if not redis_available():
        if os.environ.get("CI"):
            pytest.fail("the test Redis does not answer")
        pytest.skip("no test Redis")
    prefix = f"test-{uuid.uuid4().hex}:"
    app = create_app(
        {"DATABASE_URL": url, "REDIS_URL": redis_test_url(), "REDIS_PREFIX": prefix} | limits
    )
    try:
        yield app
    finally:
        client = get_redis(app)
        assert client is not None
        for key in client.scan_iter(f"{prefix}*"):
            client.delete(key)
        client.close()
        get_engine(app).dispose()


@dataclass
class Api:
    """A test client with helpers for the common steps."""

    client: FlaskClient

    def player(self, name: str | None = None) -> dict[str, str]:
        """Sign up; return the auth headers."""
        r = self.client.post("/api/v1/players", json={} if name is None else {"name": name})
        assert r.status_code == 201, r.json
        return {"Authorization": f"Bearer {r.json['token']}"}  # type: ignore[index]

    def new_game(self, headers: dict[str, str], **body: Any) -> dict[str, Any]:
        body.setdefault("game", "pyramid")
        r = self.client.post("/api/v1/games", json=body, headers=headers)
        assert r.status_code == 201, r.json
        data: dict[str, Any] = r.json  # type: ignore[assignment]
        return data

    def move(self, headers: dict[str, str], game: dict[str, Any], move: Any) -> Any:
        return self.client.post(
            f"/api/v1/games/{game['id']}/moves",
            json={"version": game["version"], "move": move},
            headers=headers,
        )


@pytest.fixture
def api(app: Flask) -> Api:
    return Api(app.test_client())


def work(app: Flask) -> None:
    """A burst worker in this process until the queues are empty, on the test Redis, writing
    durable results to ``app``'s database (as a deployed worker does to the API's)."""
    with mock.patch.dict(os.environ, {"DATABASE_URL": app.config["DATABASE_URL"]}):
        run(redis_test_url(), burst=True, fork=False)


def winning_line(game: str, deal: int, budget: int = 5000) -> list[dict[str, Any]] | None:
    """A winning move line found by the independent brute-force search (None within
    ``budget`` nodes)."""
    return brute_force(new_game(game, deal=deal), Budget(nodes=budget)).solution


# -- the app's clock, for the dailies' tests (test_daily, test_ranked) -------------------------

DAY = dt.date(2026, 12, 10)


class Clock:
    """The app's clock, set by the test."""

    def __init__(self) -> None:
        self.now = dt.datetime.combine(DAY, dt.time(10), tzinfo=dt.UTC)

    def __call__(self) -> dt.datetime:
        return self.now

    def at(self, date: dt.date, hour: int = 10, minute: int = 0) -> None:
        self.now = dt.datetime.combine(date, dt.time(hour, minute), tzinfo=dt.UTC)


@pytest.fixture
def clock(ranked_pool: Flask) -> Iterator[Clock]:
    """The app's clock (on an app whose pool holds the days these tests play)."""
    clock = Clock()
    ranked_pool.config["CLOCK"] = clock
    yield clock
    ranked_pool.config.pop("CLOCK")
