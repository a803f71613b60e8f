"""Daily deals: one proven-winnable deal per game and UTC date, the same on every server;
the player's result and streak with a token; each day's own leaderboard."""

from __future__ import annotations

from typing import Any

from patience.api.auth import optional_player_id
from patience.api.clock import now
from patience.api.db import get_session
from patience.api.errors import ApiError
from patience.api.inputs import parse_date
from patience.api.resources.daily.schemas import (
    DailyBoardQuerySchema,
    DailyBoardSchema,
    DailyItemSchema,
    DailyQuerySchema,
    DailyTodaySchema,
    RevealSchema,
)
from patience.api.smorest import Blueprint
from patience.catalogue.daily_rulesets import daily_rulesets
from patience.service.daily_deals import Daily
from patience.service.ranked_days import reveal

blp = Blueprint("daily", __name__, url_prefix="/api/v1/daily", description="Daily deals")

Json = dict[str, Any]


def _game(game: str) -> str:
    if game not in daily_rulesets():
        known = ", ".join(daily_rulesets())
        raise ApiError(
            400,
            "unknown_game",
            f"unknown game (expected one of {known})",
            {"game": [f"one of {known}"]},
        )
    return game


@blp.route("", methods=["GET"])
@blp.auth_optional
@blp.response(200, DailyTodaySchema)
def get_today() -> Json:
    """Today's deal of every game (UTC); with a token, the player's result and streak."""
    daily = Daily(get_session(), now())
    return {
        "date": daily.today.isoformat(),
        "items": daily.items(optional_player_id(), daily.today),
    }


@blp.route("/<daily_game:game>", methods=["GET"])
@blp.auth_optional
@blp.arguments(DailyQuerySchema, location="query")
@blp.response(200, DailyItemSchema)
@blp.errors(400)
def get_daily(query: Json, game: str) -> Json:
    """A game's daily deal on a date (today or earlier; a future date is 400)."""
    daily = Daily(get_session(), now())
    date = daily.check(parse_date(query["date"]) if "date" in query else daily.today)
    return daily.item(_game(game), date, optional_player_id())


@blp.route("/<daily_game:game>/<date:date>/leaderboard", methods=["GET"])
@blp.auth_optional
@blp.arguments(DailyBoardQuerySchema, location="query")
@blp.response(200, DailyBoardSchema)
@blp.errors(400)
def get_daily_leaderboard(query: Json, game: str, date: str) -> Json:
    """The day's ranking: each player's first game of that day's daily, when won that day
    (fewest moves, then time, then earliest). While the day is open, entries name no game
    (``game_id`` null) but the signed-in player's own."""
    daily = Daily(get_session(), now())
    day = daily.check(parse_date(date))
    return daily.leaderboard(_game(game), day, query["limit"], optional_player_id())


@blp.route("/<daily_game:game>/<date:date>/deal", methods=["GET"])
@blp.response(200, RevealSchema)
@blp.errors(400, 404)
def get_daily_deal(game: str, date: str) -> Json:
    """A closed day's daily deal revealed: its full starting layout and a proven winning
    line. 404 ``not_yet_revealed`` until its UTC day has closed, ``no_such_deal`` for a
    day without a ranked deal."""
    return reveal(get_session(), _game(game), parse_date(date), now())
