"""Daily deals as a service: today's deal of each game with the player's result so far, any
earlier date's, a daily's leaderboard, and daily streaks. Dates are UTC; ``now`` is given
(tests move the clock)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from sqlalchemy.orm import Session

from patience.catalogue.daily import EPOCH, daily_rulesets
from patience.catalogue.ranked import closes_at, daily_deal_id
from patience.service.errors import ServiceError
from patience.service.views import board_entry
from patience.store.daily import (
    daily_leaderboard,
    daily_rank,
    daily_win_dates,
    ranked_games,
)

Json = dict[str, Any]


class InvalidDate(ServiceError):
    """A daily date in the future, or before daily deals began."""

    reason = "invalid_date"


def streaks(dates: Iterable[dt.date], today: dt.date) -> tuple[int, int]:
    """The current streak (consecutive days with a daily win, up to today or yesterday: a
    streak lasts until a whole day passes without a win) and the best.

    >>> d = dt.date(2026, 12, 10)
    >>> streaks([d, d - dt.timedelta(1), d - dt.timedelta(3)], d)
    (2, 2)
    >>> streaks([d - dt.timedelta(1)], d), streaks([d - dt.timedelta(2)], d)
    ((1, 1), (0, 1))
    """
    days = sorted(set(dates))
    best = run = 0
    previous: dt.date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == dt.timedelta(1) else 1
        best, previous = max(best, run), day
    current = run if previous is not None and today - previous <= dt.timedelta(1) else 0
    return current, best


class Daily:
    """The daily deals, for one request."""

    def __init__(self, session: Session, now: dt.datetime) -> None:
        self.session = session
        self.now = now
        self.today = now.astimezone(dt.UTC).date()

    def check(self, date: dt.date) -> dt.date:
        """``date`` if it has a daily (today or earlier, from the first daily on)."""
        if date > self.today:
            raise InvalidDate(f"{date.isoformat()} is in the future; dailies come day by day")
        if date < EPOCH:
            raise InvalidDate(f"daily deals began on {EPOCH.isoformat()}")
        return date

    def items(self, player_id: str | None, date: dt.date) -> list[Json]:
        """Each game's daily on ``date`` (with the player's result when known)."""
        mine = ranked_games(self.session, player_id, date) if player_id else {}
        wins = daily_win_dates(self.session, player_id) if player_id else {}
        return [
            self._item(game, date, player_id, mine.get(game), wins) for game in daily_rulesets()
        ]

    def item(self, game: str, date: dt.date, player_id: str | None) -> Json:
        mine = ranked_games(self.session, player_id, date) if player_id else {}
        wins = daily_win_dates(self.session, player_id) if player_id else {}
        return self._item(game, date, player_id, mine.get(game), wins)

    def _item(
        self, game: str, date: dt.date, player_id: str | None, record: Any, wins: Any
    ) -> Json:
        item: Json = {
            "game": game,
            "ruleset": daily_rulesets()[game],
            "date": date.isoformat(),
            "deal": None,
            "deal_id": daily_deal_id(game, date),
            "result": None,
            "streak": None,
        }
        if player_id is None:
            return item
        item["streak"] = streaks(wins.get(game, ()), self.today)[0]
        if record is not None:
            result = record.result or {}
            item["result"] = {
                "game_id": record.id,
                "status": record.status,
                "moves": result.get("moves", len(record.line)),
                "elapsed_ms": result.get("elapsed_ms", record.elapsed_ms),
                "rank": daily_rank(self.session, game, date, player_id),
            }
        return item

    def leaderboard(self, game: str, date: dt.date, limit: int, viewer: str | None) -> Json:
        """The day's ranking: each player's first game of the daily, won that day. While
        the day is open, only the ``viewer``'s own entry names its game (another's replay
        would show the deal's unseen cards)."""
        rows = daily_leaderboard(self.session, game, date, limit)
        hidden = self.now < closes_at(date)
        entries = [
            board_entry(
                rank,
                row.name,
                row,
                None if hidden and row.player_id != viewer else row.game_id,
                row.fair_play,
            )
            for rank, row in enumerate(rows, start=1)
        ]
        return {
            "date": date.isoformat(),
            "deal_id": daily_deal_id(game, date),
            "ruleset": daily_rulesets()[game],
            "open": False,
            "entries": entries,
        }
