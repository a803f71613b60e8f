"""Daily deals: one proven-winnable deal per game and UTC date, the same on every server;
the player's result and streak with a token; each day's own leaderboard."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from patience.api.auth import optional_player_id
from patience.api.clock import now
from patience.api.db import get_session
from patience.api.errors import ApiError
from patience.api.resources.daily.schemas import (
    DailyBoardQuerySchema,
    DailyBoardSchema,
    DailyItemSchema,
    DailyQuerySchema,
    DailyTodaySchema,
)
from patience.api.smorest import Blueprint
from patience.catalogue.daily import daily_rulesets
from patience.service.daily import Daily

blp = Blueprint("daily", __name__, url_prefix="/api/v1/daily", description="Daily deals")

Json = dict[str, Any]
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


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


def _date(text: str) -> dt.date:
    try:
        if not DATE.fullmatch(text):
            raise ValueError(text)
        return dt.date.fromisoformat(text)
    except ValueError as exc:
        raise ApiError(400, "invalid_date", "dates are YYYY-MM-DD", {"date": [text[:40]]}) from exc


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
    date = daily.check(_date(query["date"]) if "date" in query else daily.today)
    return daily.item(_game(game), date, optional_player_id())


@blp.route("/<daily_game:game>/<date:date>/leaderboard", methods=["GET"])
@blp.arguments(DailyBoardQuerySchema, location="query")
@blp.response(200, DailyBoardSchema)
@blp.errors(400)
def get_daily_leaderboard(query: Json, game: str, date: str) -> Json:
    """The day's ranking: only games started as that day's daily and won that day, each
    player's best (fewest moves, then time, then earliest)."""
    daily = Daily(get_session(), now())
    return daily.leaderboard(_game(game), daily.check(_date(date)), query["limit"])
