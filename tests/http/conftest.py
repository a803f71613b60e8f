"""The API under gunicorn on a throwaway SQLite database: for what only a real HTTP server
shows (request framing, server headers)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from patience.store.migrate import upgrade
from tests.servers import Server, gunicorn


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('http')) / 'api.db'}"
    upgrade(url)
    with gunicorn(url, WEB_CONCURRENCY="1", GUNICORN_THREADS="4") as running:
        yield running
