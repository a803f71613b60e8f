"""Fault tests against real services: the API under gunicorn (over HTTP, on 127.0.0.1) on a
throwaway PostgreSQL database reached through a :class:`~tests.servers.FaultyLink` (which
can cut every connection, as a restart does, or hang them, as a stopped server does), with a
private Redis that the tests stop and start. The machine's shared PostgreSQL and Redis are
never stopped."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from patience.store.migrate import upgrade
from tests.databases import postgres_available, postgres_database
from tests.servers import (
    Client,
    FaultyLink,
    PrivateRedis,
    Server,
    faulty_link,
    gunicorn,
    private_redis,
    require,
)

__all__ = ["Client", "Faults", "Server"]


@dataclass
class Faults:
    """The server under test and the two links the tests break."""

    server: Server
    link: FaultyLink
    redis: PrivateRedis

    def restart_postgres(self, down_for: float = 1.0) -> None:
        """Every database connection cut, new ones refused for ``down_for`` seconds."""
        self.link.cut()
        time.sleep(down_for)
        self.link.restore()

    @contextlib.contextmanager
    def redis_stopped(self) -> Iterator[None]:
        """Redis down; started again (empty, as a restart without persistence) afterwards."""
        self.redis.stop()
        try:
            yield
        finally:
            self.redis.start()


@pytest.fixture(scope="package")
def faults() -> Iterator[Faults]:
    """gunicorn (3 workers × 4 threads) on a fresh PostgreSQL database behind a faulty link,
    with a private Redis."""
    require(postgres_available(), "PostgreSQL at 127.0.0.1:5432")
    with postgres_database() as url, faulty_link(url) as link, private_redis() as redis:
        upgrade(url)
        settings = {
            "REDIS_URL": redis.url,
            "WEB_CONCURRENCY": "3",
            "GUNICORN_THREADS": "4",
            # The players here play back to back, faster than a person's 600 actions a
            # minute; rate limits have their own tests.
            "RATE_LIMIT_ACTIONS": "100000/minute",
        }
        with gunicorn(link.url_for(url), **settings) as server:
            yield Faults(server, link, redis)


@pytest.fixture
def server(faults: Faults) -> Server:
    return faults.server
