"""Database engines and sessions, without Flask (the API, the worker and the CLI share them).

>>> default_database_url().startswith("sqlite:///")
True
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DisconnectionError, IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from patience.store import encoding

REPO_ROOT = Path(__file__).resolve().parents[3]
"""The repository root (``backend/patience/store/db.py`` → four levels up)."""


def default_database_url() -> str:
    """The embedded default: SQLite in ``var/patience.db`` at the repository root."""
    return f"sqlite:///{REPO_ROOT / 'var' / 'patience.db'}"


def database_url(environ: Mapping[str, str] | None = None) -> str:
    """``DATABASE_URL`` from the environment, else :func:`default_database_url`."""
    env = os.environ if environ is None else environ
    return env.get("DATABASE_URL") or default_database_url()


CONNECT_TIMEOUT = 2
"""Seconds to open a PostgreSQL connection (libpq ``connect_timeout``)."""
ANSWER_TIMEOUT = 3.0
"""Seconds PostgreSQL has to answer any one round trip (a statement, a commit, the pool's
ping) before the connection is given up: a hung server (stopped, its sockets still open)
then costs a request ``503 database_unavailable`` within about five seconds (a ping, then a
reconnect), not a hang. The server also cancels statements that run past it."""


class TimedConnection(psycopg.Connection[Any]):
    """A psycopg connection whose every round trip waits at most ``answer_timeout`` seconds
    (psycopg's own waits have no limit unless asked for one)."""

    answer_timeout: float = ANSWER_TIMEOUT

    def wait(
        self, gen: Any, interval: float = 0.1, timeout: float | None = None
    ) -> Any:  # psycopg's signature, with a default timeout
        limit = self.answer_timeout if timeout is None else timeout
        try:
            return super().wait(gen, interval, limit)
        except psycopg.errors._WaitTimeout as exc:  # the documented outcome of a timeout
            self.pgconn.finish()  # the protocol state is unknown: this connection is done
            raise psycopg.OperationalError(f"the database did not answer within {limit} s") from exc


JSON_CODEC: dict[str, Any] = {
    "json_serializer": encoding.dumps,
    "json_deserializer": encoding.loads,
}
"""The JSON columns' codec (:mod:`patience.store.encoding`: orjson, each text kept once)."""


def make_engine(
    url: str, *, answer_timeout: float | None = ANSWER_TIMEOUT, foreign_keys: bool = True
) -> Engine:
    """An engine for ``url``: for a SQLite file, its folder is created first, and each
    connection enforces foreign keys unless ``foreign_keys`` is false (migrations, which
    rebuild tables that others refer to); PostgreSQL connections ping on checkout (a restart
    is survived transparently) and, unless ``answer_timeout`` is ``None`` (migrations), give
    up on a server that does not answer (:class:`TimedConnection`)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, **JSON_CODEC
        )
        if foreign_keys:

            @event.listens_for(engine, "connect")
            def enforce(dbapi_connection: Any, _record: Any) -> None:
                # SQLite enforces foreign keys only when each connection asks it to.
                dbapi_connection.execute("PRAGMA foreign_keys = ON")

        return engine
    connect_args: dict[str, Any] = {"connect_timeout": CONNECT_TIMEOUT}
    if answer_timeout is not None:
        connect_args["options"] = f"-c statement_timeout={int(answer_timeout * 1000)}"
    engine = create_engine(url, connect_args=connect_args, **JSON_CODEC)
    _ping_after_idle(engine)
    if answer_timeout is not None and parsed.get_driver_name() == "psycopg":

        @event.listens_for(engine, "do_connect")
        def connect(dialect: Any, record: Any, cargs: Any, cparams: Any) -> TimedConnection:
            connection = TimedConnection.connect(*cargs, **cparams)
            connection.answer_timeout = answer_timeout
            return connection

    return engine


IDLE_PING = 1.0
"""Seconds a pooled connection may sit idle and still be handed out without a ping."""


def _ping_after_idle(engine: Engine) -> None:
    """Ping a pooled connection on checkout only when it sat idle over :data:`IDLE_PING`
    seconds (SQLAlchemy's ``pool_pre_ping`` pings every checkout: a round trip per request).
    A server restart closes idle connections, which are pinged, found dead and replaced; one
    in use within the last second fails its request with ``503`` at worst, and the pool
    drops its siblings then."""

    @event.listens_for(engine, "checkin")
    def checked_in(dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def checkout(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        since = record.info.get("idle_since")
        if since is not None and time.monotonic() - since <= IDLE_PING:
            return
        try:
            with dbapi_connection.cursor() as cursor:
                cursor.execute("SELECT 1")
            dbapi_connection.rollback()  # the ping opened a transaction: hand it out idle
        except Exception as exc:  # any failure: the pool replaces the connection, tries again
            raise DisconnectionError(str(exc)) from exc


def session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions bound to ``engine`` that keep loaded values after commit."""
    return sessionmaker(engine, expire_on_commit=False)


def commit_unless_taken(session: Session) -> bool:
    """Commit; ``False``, rolled back, when a unique key refused the write (another writer
    stored the same row first)."""
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        return False
    return True
