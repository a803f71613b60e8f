"""Throwaway databases for test sessions (PostgreSQL and SQLite), shared by the test suites.

PostgreSQL comes from ``PATIENCE_TEST_PG`` (default: the local server, user ``postgres``,
database ``test``); each session creates ``patience_test_<pid>_<n>`` and drops it at the end.
Redis comes from ``PATIENCE_TEST_REDIS`` (default: the local server, database 0); tests give
their keys a unique prefix.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tests.servers import require

ADMIN_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS_URL = "redis://127.0.0.1:6379/15"
"""Tests use their own database number, so flushing it never touches a local service."""
_counter = itertools.count()


def admin_url() -> str:
    """The PostgreSQL maintenance database used to create and drop test databases."""
    return os.environ.get("PATIENCE_TEST_PG", ADMIN_URL)


def postgres_available() -> bool:
    """Whether the PostgreSQL server answers."""
    try:
        engine = create_engine(admin_url())
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        engine.dispose()
        return True
    except Exception:
        return False


@contextmanager
def postgres_database() -> Iterator[str]:
    """Create a fresh, empty PostgreSQL database; yield its URL; drop it afterwards."""
    name = f"patience_test_{os.getpid()}_{next(_counter)}"
    admin = create_engine(admin_url(), isolation_level="AUTOCOMMIT", pool_pre_ping=True)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(admin_url()).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@contextmanager
def empty_database(kind: str, directory: Path) -> Iterator[str]:
    """The URL of a fresh, empty database: ``kind`` ``"sqlite"`` (a file in ``directory``) or
    ``"postgresql"`` (dropped afterwards; the test skipped, in CI failed, when the server does
    not answer)."""
    if kind == "sqlite":
        yield f"sqlite:///{directory / 'store.db'}"
        return
    require(postgres_available(), "PostgreSQL at 127.0.0.1:5432")
    with postgres_database() as url:
        yield url


def redis_test_url() -> str:
    """The Redis server for tests."""
    return os.environ.get("PATIENCE_TEST_REDIS", REDIS_URL)


def redis_available() -> bool:
    """Whether the test Redis server answers."""
    from redis import RedisError

    from patience.store.redis import connect

    client = connect(redis_test_url())
    try:
        return bool(client.ping())
    except RedisError:
        return False
    finally:
        client.close()
