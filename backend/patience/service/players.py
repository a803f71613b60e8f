"""Players as a service: a player's profile (name and statistics per game, daily streaks
included), and deleting a player."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from patience.engine import GAMES
from patience.service.daily import streaks
from patience.service.errors import NotConfirmed
from patience.store import Player
from patience.store.daily import daily_win_dates
from patience.store.queries import erase_player, player_stats

Json = dict[str, Any]


def profile(session: Session, player: Player, now: dt.datetime) -> Json:
    """``{"id", "name", "stats"}``: each game's statistics with the daily streaks."""
    stats = player_stats(session, player.id, GAMES)
    today = now.astimezone(dt.UTC).date()
    wins = daily_win_dates(session, player.id)
    for name, entry in stats.items():
        entry["daily_streak"], entry["best_daily_streak"] = streaks(wins.get(name, ()), today)
    return {"id": player.id, "name": player.name, "stats": stats}


def delete_player(session: Session, player: Player, confirm: str, now: dt.datetime) -> None:
    """Delete the player, confirmed by their name (trimmed, as names are): their devices,
    codes and games in play go, their finished games stay under an anonymous name."""
    if confirm.strip() != player.name:
        raise NotConfirmed("to delete this player, confirm with the player's name")
    erase_player(session, player.id, now)
