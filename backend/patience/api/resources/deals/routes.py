"""Deals: plays and wins per deal, and the leaderboard of verified wins."""

from __future__ import annotations

from typing import Any

from patience import games
from patience.api.db import get_session
from patience.api.errors import ApiError
from patience.api.resources.deals.schemas import (
    DealQuerySchema,
    DealSchema,
    LeaderboardQuerySchema,
    LeaderboardSchema,
)
from patience.api.rulesets import default_ruleset, rulesets
from patience.api.smorest import Blueprint
from patience.engine.deal import check_deal_number
from patience.service.deals import deal_info, deal_leaderboard

blp = Blueprint("deals", __name__, url_prefix="/api/v1/deals", description="Deals")


def _deal(game: str, number: int, query: dict[str, Any]) -> tuple[int, str]:
    """The checked deal number and ruleset (400 for an unknown game, deal or ruleset)."""
    number = check_deal_number(number)
    ruleset = query["ruleset"] if "ruleset" in query else default_ruleset(game)
    if ruleset not in rulesets(game):
        # Another game's ruleset is a real one that no deal of this game has: not found.
        known = any(ruleset in rulesets(entry.name) for entry in games.entries())
        raise ApiError(
            404 if known else 400,
            "unknown_ruleset",
            f"unknown ruleset {ruleset!r} for {game}",
            {"ruleset": [f"one of {', '.join(rulesets(game))}"]},
        )
    return number, ruleset


@blp.route("/<game:game>/<deal:number>", methods=["GET"])
@blp.arguments(DealQuerySchema, location="query")
@blp.response(200, DealSchema)
@blp.errors(400, 404)
def get_deal(query: dict[str, Any], game: str, number: int) -> dict[str, Any]:
    """A deal: its ruleset, whether it is proven winnable and its difficulty (from the deal
    catalogue; null when not examined or undecided), plays, wins and par (the fewest moves
    of a known winning line; null until found)."""
    number, ruleset = _deal(game, number, query)
    return deal_info(get_session(), game, number, ruleset)


@blp.route("/<game:game>/<deal:number>/leaderboard", methods=["GET"])
@blp.arguments(LeaderboardQuerySchema, location="query")
@blp.response(200, LeaderboardSchema)
@blp.errors(400, 404)
def get_leaderboard(query: dict[str, Any], game: str, number: int) -> dict[str, Any]:
    """Each player's best verified win on the deal, best first."""
    number, ruleset = _deal(game, number, query)
    return deal_leaderboard(get_session(), game, number, ruleset, query["limit"])
