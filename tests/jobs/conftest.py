"""Fixtures of the job tests: the suite's own Redis database, flushed around each test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from redis import Redis

from patience.engine import Game
from patience.jobs import Analyses
from tests.databases import redis_test_url


@pytest.fixture
def redis() -> Iterator[Redis]:
    """The test Redis database (``PATIENCE_TEST_REDIS``), empty."""
    client = Redis.from_url(redis_test_url())
    try:
        client.ping()
    except Exception:
        if os.environ.get("CI"):
            raise
        pytest.skip("no Redis at " + redis_test_url())
    client.flushdb()
    yield client
    client.flushdb()


def ask(jobs: Analyses, game: Game[Any, Any], version: int, owner: str | None = None) -> Any:
    """What an action does: ask for the position's analysis; then the report it answers."""
    return jobs.report(game, version, jobs.ask(game, version, owner))
