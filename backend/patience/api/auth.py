"""Bearer-token auth: ``Authorization: Bearer <token>`` names a player (401 otherwise)."""

from __future__ import annotations

from flask import g, request

from patience.api.db import get_session
from patience.api.errors import ApiError
from patience.store import Player
from patience.store.queries import player_by_token


def authenticate() -> Player:
    """Find the request's player or raise 401 ``unauthorized``."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    player = (
        player_by_token(get_session(), token.strip())
        if scheme.lower() == "bearer" and token.strip()
        else None
    )
    if player is None:
        raise ApiError(
            401,
            "unauthorized",
            "a valid bearer token is required",
            headers={"WWW-Authenticate": "Bearer"},
        )
    g.player = player
    return player


def current_player() -> Player:
    """The player authenticated for this request."""
    player: Player = g.player
    return player
