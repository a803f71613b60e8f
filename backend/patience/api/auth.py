"""Bearer-token auth: ``Authorization: Bearer <token>`` names a device of a player (401
otherwise).

Every request looks its token up (one plain statement, :mod:`patience.store.devices`): a
device signed out or a player deleted in any process is refused by every process from the
next request on, which no per-process memory of tokens could promise. A request that changes
something stamps the device's ``last_used_at``, at most once a minute per device and process
(:class:`Stamps`); a read writes nothing.

Every transaction of a request that changes something holds its player's row
(:func:`~patience.store.queries.hold_player`, as a deletion does; on SQLite from its first
write): a player's writes and their deletion never interleave, and a write whose player was
deleted meanwhile is 401.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections import OrderedDict
from typing import Any

from flask import Flask, g, has_request_context, request
from sqlalchemy import Connection, event
from sqlalchemy.orm import Session, SessionTransaction

from patience.api.clock import now
from patience.api.db import get_engine, get_session, sessions
from patience.api.errors import ApiError
from patience.store import Player
from patience.store.devices import LAST_USED_STEP, hash_token, signed_in, stamp_used
from patience.store.queries import hold_player

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class Stamps:
    """When this process last stamped each device's ``last_used_at`` (the most recent
    ``size`` devices), so that a stamp is written at most once a minute.

    >>> stamps, now = Stamps(size=1), dt.datetime(2026, 12, 1, tzinfo=dt.UTC)
    >>> stamps.due("a", now), stamps.due("a", now), stamps.due("a", now + LAST_USED_STEP)
    (True, False, True)
    """

    def __init__(self, size: int = 10_000) -> None:
        self.size = size
        self._when: OrderedDict[str, dt.datetime] = OrderedDict()
        self._lock = threading.Lock()

    def due(self, device_id: str, now: dt.datetime) -> bool:
        """Whether the device is due a stamp now (and noted as stamped if so)."""
        with self._lock:
            last = self._when.get(device_id)
            if last is not None and now - last < LAST_USED_STEP:
                return False
            self._when[device_id] = now
            self._when.move_to_end(device_id)
            while len(self._when) > self.size:
                self._when.popitem(last=False)
            return True


stamps = Stamps()


def _unauthorized() -> ApiError:
    return ApiError(
        401,
        "unauthorized",
        "a valid bearer token is required",
        headers={"WWW-Authenticate": "Bearer"},
    )


def authenticate() -> str:
    """Find the request's player id (and device) or raise 401 ``unauthorized``."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise _unauthorized()
    session = get_session()
    signed = signed_in(session, hash_token(token))
    if signed is None:
        raise _unauthorized()
    g.player_id = signed.player_id
    g.device_id = signed.device_id
    if request.method not in SAFE_METHODS:
        # The stamp first: on a connection of its own, it would wait on SQLite for a
        # write lock that this request holds.
        if stamps.due(signed.device_id, now()):
            stamp_used(session, signed.device_id, now())
        if get_engine().dialect.name != "sqlite":  # SQLite holds at the first write
            if session.in_transaction():
                _hold(session.connection(), signed.player_id)
            else:
                session.connection()  # begins the transaction, which holds the player
    return signed.player_id


def _hold(connection: Connection, player_id: str) -> None:
    if not hold_player(connection, player_id):
        raise _unauthorized()


WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
HELD = "patience.player-held"
"""Set in a SQLite connection's ``info`` once its transaction holds the player."""
HOLD_SQLITE = "UPDATE players SET name = name WHERE id = ?"
"""Holding the player on SQLite (:func:`~patience.store.queries.hold_player`), sent on the
driver's cursor just before the transaction's first write."""


def _writing_player() -> str | None:
    """The player of a request that changes something (``None``: none, or no request)."""
    if not has_request_context() or request.method in SAFE_METHODS:
        return None
    player_id: str | None = g.get("player_id")
    return player_id


def init_auth(app: Flask) -> None:
    """Have each transaction of a request that changes something hold its player's row:
    on PostgreSQL from its start (the row lock blocks that player's other writes and their
    deletion only); on SQLite from its first write, since holding there takes the
    database's one write lock, which a request must not keep while it waits on a worker."""
    engine = get_engine(app)
    if engine.dialect.name != "sqlite":

        @event.listens_for(sessions(app), "after_begin")
        def hold_the_player(
            _session: Session, _transaction: SessionTransaction, connection: Connection
        ) -> None:
            player_id = _writing_player()
            if player_id is not None:
                _hold(connection, player_id)

        return

    @event.listens_for(engine, "before_cursor_execute")
    def hold_before_writing(conn: Connection, cursor: Any, statement: str, *_args: Any) -> None:
        player_id = _writing_player()
        if player_id is None or conn.info.get(HELD) or not statement.lstrip().startswith(WRITES):
            return
        cursor.execute(HOLD_SQLITE, (player_id,))
        if cursor.rowcount != 1:
            raise _unauthorized()
        conn.info[HELD] = True

    @event.listens_for(engine, "commit")
    @event.listens_for(engine, "rollback")
    def let_go(conn: Connection) -> None:
        conn.info.pop(HELD, None)


def current_player_id() -> str:
    """The id of the player authenticated for this request."""
    player_id: str = g.player_id
    return player_id


def current_device_id() -> str:
    """The id of the device (token) this request came with."""
    device_id: str = g.device_id
    return device_id


def current_player() -> Player:
    """The row of the player authenticated for this request (401 if the player was deleted
    since)."""
    player = get_session().get(Player, current_player_id())
    if player is None:
        raise _unauthorized()
    return player


def optional_player_id() -> str | None:
    """The request's player when it carries a token (a bad token is still 401), else
    ``None``: for endpoints that say more to a signed-in player."""
    if not request.headers.get("Authorization"):
        return None
    return authenticate()
