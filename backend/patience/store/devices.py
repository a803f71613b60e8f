"""Devices and link codes: the bearer tokens of each player (one per device, stored only as a
SHA-256 digest) and the one-time codes that sign another device in.

The token look-up runs on every authenticated request, so it is one plain statement, in
autocommit, on a pooled connection of the driver, without SQLAlchemy's connection and result
layers: measured in one process on PostgreSQL, a fifth to a tenth of the CPU and wall time of
the same query through a Core connection (one round trip, no transaction; driver errors are
raised as SQLAlchemy's, so a database outage is the usual 503).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from patience.store.db import commit_unless_taken
from patience.store.models import Device, LinkCode

LAST_USED_STEP = dt.timedelta(minutes=1)
"""How stale ``last_used_at`` may get before a request stamps it again."""
LINK_CODE_KEPT = dt.timedelta(days=1)
"""Expired or used link codes are deleted this long after they expire."""


def hash_token(token: str) -> str:
    """The SHA-256 hex digest under which a bearer token is stored.

    >>> hash_token("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Signed:
    """Who a token signs in: the device and its player."""

    device_id: str
    player_id: str


def _engine(session: Session) -> Engine:
    bind = session.get_bind()
    return bind if isinstance(bind, Engine) else bind.engine


@contextmanager
def _driver_cursor(engine: Engine, statement: str, params: tuple[Any, ...]) -> Iterator[Any]:
    """A cursor of a pooled driver connection, in autocommit, that ran ``statement`` (one
    round trip; the connection handed back as it was); a driver error is raised as
    SQLAlchemy's (a lost connection is dropped)."""
    dialect = engine.dialect
    dbapi_error = dialect.loaded_dbapi.Error
    try:
        raw = engine.raw_connection()
    except dbapi_error as exc:  # the pool could not connect: the database is down
        raise DBAPIError.instance(statement, params, exc, dbapi_error) from exc
    connection = raw.dbapi_connection
    assert connection is not None  # a connection just checked out of the pool
    cursor = None
    try:
        dialect.set_isolation_level(connection, "AUTOCOMMIT")
        cursor = connection.cursor()
        cursor.execute(statement, params)
        yield cursor
    except dbapi_error as exc:
        if dialect.is_disconnect(exc, connection, cursor):
            raw.invalidate(exc)
        raise DBAPIError.instance(statement, params, exc, dbapi_error) from exc
    finally:
        _hand_back(raw, cursor, dialect)


def _hand_back(raw: Any, cursor: Any, dialect: Any) -> None:
    """Close the cursor and give the connection back to the pool as it was lent (out of
    autocommit), or dropped if that fails."""
    try:
        if cursor is not None:
            cursor.close()
        if raw.is_valid:
            dialect.reset_isolation_level(raw.dbapi_connection)
    except dialect.loaded_dbapi.Error as exc:
        raw.invalidate(exc)
    raw.close()


def signed_in(session: Session, token_hash: str) -> Signed | None:
    """The device and player of the token with this hash (``None``: no such token)."""
    engine = _engine(session)
    mark = "?" if engine.dialect.paramstyle == "qmark" else "%s"
    statement = f"SELECT id, player_id FROM devices WHERE token_hash = {mark}"
    with _driver_cursor(engine, statement, (token_hash,)) as cursor:
        row = cursor.fetchone()
    return None if row is None else Signed(str(row[0]), str(row[1]))


def stamp_used(session: Session, device_id: str, now: dt.datetime) -> None:
    """Note that the device was used now, if its stamp is over a minute old (autocommitted)."""
    engine = _engine(session)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(
            update(Device)
            .where(Device.id == device_id, Device.last_used_at < now - LAST_USED_STEP)
            .values(last_used_at=now)
        )


def add_device(session: Session, player_id: str, label: str, now: dt.datetime) -> str:
    """Sign a new device in as the player (committed with the session); its bearer token,
    shown only once."""
    token = secrets.token_urlsafe(32)
    session.add(
        Device(
            id=uuid.uuid4().hex,
            player_id=player_id,
            token_hash=hash_token(token),
            label=label,
            created_at=now,
            last_used_at=now,
        )
    )
    return token


def devices_of(session: Session, player_id: str) -> list[Device]:
    """The player's devices, the first signed in first."""
    return list(
        session.scalars(
            select(Device)
            .where(Device.player_id == player_id)
            .order_by(Device.created_at, Device.id)
        )
    )


def remove_device(session: Session, player_id: str, device_id: str) -> bool:
    """Sign one of the player's devices out (committed); whether there was such a device."""
    gone = session.execute(
        delete(Device).where(Device.id == device_id, Device.player_id == player_id)
    )
    session.commit()
    return bool(gone.rowcount)  # type: ignore[attr-defined]


# -- link codes ---------------------------------------------------------------------------------


def replace_link_code(session: Session, code: LinkCode) -> bool:
    """Store the player's new link code (committed): their earlier codes go, and so does
    every code of anyone's that expired over :data:`LINK_CODE_KEPT` ago. ``False`` (nothing
    stored) when another code of the player's was stored at once: the database keeps one
    unused code a player."""
    session.execute(delete(LinkCode).where(LinkCode.player_id == code.player_id))
    session.execute(delete(LinkCode).where(LinkCode.expires_at < code.created_at - LINK_CODE_KEPT))
    session.add(code)
    return commit_unless_taken(session)


def live_codes(session: Session, lookup: str, now: dt.datetime) -> list[LinkCode]:
    """The unused, unexpired codes with this look-up part (one, nearly always)."""
    return list(
        session.scalars(
            select(LinkCode).where(
                LinkCode.lookup == lookup, LinkCode.used_at.is_(None), LinkCode.expires_at > now
            )
        )
    )


def take_tries(session: Session, lookup: str, now: dt.datetime, tries: int) -> list[str]:
    """Spend one try at each code with this look-up part that is still live and has tries
    left (committed before the code is checked, so no number of requests at once gets more
    than ``tries`` checks of one code); the codes that had one. The same statement and
    commit whether or not any code has that look-up part."""
    taken = session.execute(
        update(LinkCode)
        .where(
            LinkCode.lookup == lookup,
            LinkCode.used_at.is_(None),
            LinkCode.expires_at > now,
            LinkCode.tries < tries,
        )
        .values(tries=LinkCode.tries + 1)
        .returning(LinkCode.id)
    )
    ids = list(taken.scalars())
    session.commit()
    return ids


def claim_code(session: Session, code_id: str, now: dt.datetime) -> bool:
    """Mark a code used, if it still is live (in the session's transaction): of two
    redemptions at once, exactly one claims it."""
    claimed = session.execute(
        update(LinkCode)
        .where(LinkCode.id == code_id, LinkCode.used_at.is_(None), LinkCode.expires_at > now)
        .values(used_at=now)
    )
    return bool(claimed.rowcount)  # type: ignore[attr-defined]
