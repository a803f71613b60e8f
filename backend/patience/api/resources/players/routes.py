"""Players: sign up (a bearer token), profile and statistics, personal bests."""

from __future__ import annotations

from typing import Any

from patience.api.auth import current_player
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
from patience.engine import GAMES
from patience.service.daily import streaks
from patience.service.views import iso
from patience.store import Player
from patience.store.daily import daily_win_dates
from patience.store.queries import new_player, personal_bests, player_stats

blp = Blueprint("players", __name__, url_prefix="/api/v1/players", description="Players")


def _profile(player: Player) -> dict[str, Any]:
    session = get_session()
    stats = player_stats(session, player.id, GAMES)
    today = now().date()
    wins = daily_win_dates(session, player.id)
    for name, entry in stats.items():
        entry["daily_streak"], entry["best_daily_streak"] = streaks(wins.get(name, ()), today)
    return {"id": player.id, "name": player.name, "stats": stats}


@blp.route("", methods=["POST"])
@blp.rate_limited("players")
@blp.arguments(NewPlayerSchema)
@blp.response(201, PlayerCreatedSchema)
@blp.errors(400, 413, 415)
def create_player(body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Sign up: a new player and the bearer token for every later call."""
    player, token = new_player(get_session(), body.get("name"), now())
    # The token is a credential: no cache on the way may keep a copy.
    return (
        {"id": player.id, "name": player.name, "token": token},
        201,
        {"Cache-Control": "no-store"},
    )


@blp.route("/me", methods=["GET"])
@blp.auth_required
@blp.response(200, PlayerSchema)
def get_me() -> dict[str, Any]:
    """The current player with statistics per game."""
    return _profile(current_player())


@blp.route("/me", methods=["PATCH"])
@blp.auth_required
@blp.arguments(PlayerPatchSchema)
@blp.response(200, PlayerSchema)
@blp.errors(400, 413, 415)
def patch_me(body: dict[str, Any]) -> dict[str, Any]:
    """Rename the current player."""
    player = current_player()
    player.name = body["name"]
    get_session().commit()
    return _profile(player)


@blp.route("/me/bests", methods=["GET"])
@blp.auth_required
@blp.arguments(BestsQuerySchema, location="query")
@blp.response(200, BestsSchema)
@blp.errors(400)
def get_bests(query: dict[str, Any]) -> dict[str, Any]:
    """The current player's personal bests, newest first."""
    page = query["page"]
    rows, pages = personal_bests(get_session(), current_player().id, query.get("game"), page)
    items = [
        {
            "deal_id": f"{b.game}-{b.deal}",
            "game": b.game,
            "ruleset": b.ruleset,
            "moves": b.moves,
            "elapsed_ms": b.elapsed_ms,
            "hints": b.hints,
            "undos": b.undos,
            "pauses": b.pauses,
            "solver_assisted": b.solver_assisted,
            "game_id": game_id,
            "finished_at": iso(b.finished_at),
        }
        for b, game_id in rows
    ]
    return {"items": items, "page": page, "pages": pages}
