"""Players as a service: sign up, the profile with statistics per game and daily streaks,
renaming, personal bests, and deleting a player. Pure of HTTP; ``now`` is given (tests move
the clock)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from patience import games
from patience.service.daily import streaks
from patience.service.errors import NotConfirmed, PlayerGone
from patience.service.views import best_entry
from patience.store import Player
from patience.store.daily import daily_win_dates
from patience.store.queries import erase_player, new_player, personal_bests, player_stats

Json = dict[str, Any]


class Players:
    """The players of one request: a database session and the time now."""

    def __init__(self, session: Session, now: dt.datetime) -> None:
        self.session = session
        self.now = now

    def sign_up(self, name: str | None, label: str) -> Json:
        """A new player and the bearer token for every later call (shown only this once),
        signed in on one device called ``label``."""
        player, token = new_player(self.session, name, label, self.now)
        return {"id": player.id, "name": player.name, "token": token}

    def profile(self, player: Player) -> Json:
        """The player with statistics per registered game, daily streaks included."""
        stats = player_stats(self.session, player.id, [entry.name for entry in games.entries()])
        today = self.now.astimezone(dt.UTC).date()
        wins = daily_win_dates(self.session, player.id)
        for name, entry in stats.items():
            entry["daily_streak"], entry["best_daily_streak"] = streaks(wins.get(name, ()), today)
        return {"id": player.id, "name": player.name, "stats": stats}

    def rename(self, player: Player, name: str) -> Json:
        """Give the player a new display name; the profile."""
        player.name = name
        self.session.commit()
        return self.profile(player)

    def bests(self, player_id: str, game: str | None, page: int) -> Json:
        """One page of the player's personal bests, newest first."""
        rows, pages = personal_bests(self.session, player_id, game, page)
        items = [best_entry(best, game_id, mark) for best, game_id, mark in rows]
        return {"items": items, "page": page, "pages": pages}

    def delete(self, player: Player, confirm: str) -> None:
        """Delete the player, confirmed by their name (trimmed, as names are): their devices,
        codes and games in play go, their finished games stay under an anonymous name."""
        if confirm.strip() != player.name:
            raise NotConfirmed("to delete this player, confirm with the player's name")
        if not erase_player(self.session, player.id, self.now):
            raise PlayerGone("the player was deleted just now")
