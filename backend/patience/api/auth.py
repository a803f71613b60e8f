"""Bearer-token auth: ``Authorization: Bearer <token>`` names a player (401 otherwise).

Tokens never change owner and players are never deleted, so each process remembers the
tokens it has checked (by hash, bounded): most requests then authenticate without a query.
Only the player's id is remembered; :func:`current_player` loads the row when a route needs
more than the id.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import g, request

from patience.api.db import get_session
from patience.api.errors import ApiError
from patience.store import Player
from patience.store.queries import hash_token, player_id_by_token_hash


class KnownTokens:
    """Token hash → player id, the most recently used ``size`` of them.

    >>> known = KnownTokens(size=1)
    >>> known.put("a", "p1"); known.put("b", "p2")
    >>> known.get("a"), known.get("b")
    (None, 'p2')
    """

    def __init__(self, size: int = 10_000) -> None:
        self.size = size
        self._ids: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, token_hash: str) -> str | None:
        with self._lock:
            found = self._ids.get(token_hash)
            if found is not None:
                self._ids.move_to_end(token_hash)
            return found

    def put(self, token_hash: str, player_id: str) -> None:
        with self._lock:
            self._ids[token_hash] = player_id
            self._ids.move_to_end(token_hash)
            while len(self._ids) > self.size:
                self._ids.popitem(last=False)


known_tokens = KnownTokens()


def authenticate() -> str:
    """Find the request's player id or raise 401 ``unauthorized``."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    player_id = None
    if scheme.lower() == "bearer" and token:
        token_hash = hash_token(token)
        player_id = known_tokens.get(token_hash)
        if player_id is None:
            player_id = player_id_by_token_hash(get_session(), token_hash)
            if player_id is not None:
                known_tokens.put(token_hash, player_id)
    if player_id is None:
        raise ApiError(
            401,
            "unauthorized",
            "a valid bearer token is required",
            headers={"WWW-Authenticate": "Bearer"},
        )
    g.player_id = player_id
    return player_id


def current_player_id() -> str:
    """The id of the player authenticated for this request."""
    player_id: str = g.player_id
    return player_id


def current_player() -> Player:
    """The row of the player authenticated for this request."""
    player = get_session().get(Player, current_player_id())
    assert player is not None  # players are never deleted
    return player


def optional_player_id() -> str | None:
    """The request's player when it carries a token (a bad token is still 401), else
    ``None``: for endpoints that say more to a signed-in player."""
    if not request.headers.get("Authorization"):
        return None
    return authenticate()
