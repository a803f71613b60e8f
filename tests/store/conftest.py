"""Fixtures for the store tests: an empty database per test, on SQLite and PostgreSQL."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.databases import postgres_available, postgres_database


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    """The URL of a fresh, empty database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    if not postgres_available():
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not reachable at 127.0.0.1:5432")
        pytest.skip("PostgreSQL is not reachable")
    with postgres_database() as url:
        yield url
