"""Players: sign up (a bearer token), profile and statistics, personal bests."""

from __future__ import annotations

from typing import Any

from patience.api.auth import current_player, current_player_id
from patience.api.clock import now
from patience.api.db import get_session
from patience.api.resources.players.schemas import (
    BestsQuerySchema,
    BestsSchema,
    NewPlayerSchema,
    PlayerCreatedSchema,
    PlayerPatchSchema,
    PlayerSchema,
)
from patience.api.smorest import Blueprint
from patience.service.players import Players

blp = Blueprint("players", __name__, url_prefix="/api/v1/players", description="Players")

Json = dict[str, Any]


def service() -> Players:
    """The players of this request."""
    return Players(get_session(), now())


@blp.route("", methods=["POST"])
@blp.rate_limited("players")
@blp.arguments(NewPlayerSchema, required=False)
@blp.response(201, PlayerCreatedSchema)
@blp.errors(400, 413, 415)
def create_player(body: Json) -> tuple[Json, int, dict[str, str]]:
    """Sign up: a new player and the bearer token for every later call."""
    # The token is a credential: no cache on the way may keep a copy.
    return service().sign_up(body.get("name")), 201, {"Cache-Control": "no-store"}


@blp.route("/me", methods=["GET"])
@blp.auth_required
@blp.response(200, PlayerSchema)
def get_me() -> Json:
    """The current player with statistics per game."""
    return service().profile(current_player())


@blp.route("/me", methods=["PATCH"])
@blp.auth_required
@blp.arguments(PlayerPatchSchema)
@blp.response(200, PlayerSchema)
@blp.errors(400, 413, 415)
def patch_me(body: Json) -> Json:
    """Rename the current player."""
    return service().rename(current_player(), body["name"])


@blp.route("/me/bests", methods=["GET"])
@blp.auth_required
@blp.arguments(BestsQuerySchema, location="query")
@blp.response(200, BestsSchema)
@blp.errors(400)
def get_bests(query: Json) -> Json:
    """The current player's personal bests, newest first."""
    return service().bests(current_player_id(), query.get("game"), query["page"])
