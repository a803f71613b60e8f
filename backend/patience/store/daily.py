"""The queries of daily deals: a player's games of one daily, a daily's leaderboard, and the
dates on which a player won the daily (for streaks)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from patience.store.models import GameRecord, Player, Win


def _day(date: dt.date) -> tuple[dt.datetime, dt.datetime]:
    """The UTC instants that bound ``date``."""
    start = dt.datetime.combine(date, dt.time(), tzinfo=dt.UTC)
    return start, start + dt.timedelta(days=1)


def won_that_day(date: dt.date) -> Any:
    """The condition on a joined :class:`Win`: finished on ``date`` (UTC)."""
    start, end = _day(date)
    return and_(Win.finished_at >= start, Win.finished_at < end)


def ranked_games(session: Session, player_id: str, date: dt.date) -> dict[str, GameRecord]:
    """The player's ranked game of each game's daily on ``date``: their first game of it,
    when started that day (later ones, and any started after the day, are practice;
    :func:`daily_board` ranks no other)."""
    rows = session.scalars(
        select(GameRecord)
        .where(GameRecord.player_id == player_id, GameRecord.daily == date)
        .order_by(GameRecord.created_at, GameRecord.id)
    ).all()
    firsts: dict[str, GameRecord] = {}
    for game in rows:
        firsts.setdefault(game.game, game)
    _, end = _day(date)
    return {name: game for name, game in firsts.items() if game.created_at < end}


def is_ranked(session: Session, row: Mapping[str, Any]) -> bool:
    """Whether the game of ``row`` (its columns) is its player's ranked game of its daily
    (as :func:`ranked_games` finds it, reading two columns of one row)."""
    date = row["daily"]
    if date is None:
        return False
    first = session.execute(
        select(GameRecord.id, GameRecord.created_at)
        .where(
            GameRecord.player_id == row["player_id"],
            GameRecord.game == row["game"],
            GameRecord.daily == date,
        )
        .order_by(GameRecord.created_at, GameRecord.id)
        .limit(1)
    ).first()
    return first is not None and first.id == row["id"] and first.created_at < _day(date)[1]


def daily_board(game: str, date: dt.date) -> Any:
    """The ranked wins of ``game``'s daily on ``date``: each player's first game of that
    daily (later ones are practice), when won that day; a subquery with the win's columns
    and the player's name."""
    nth = (
        func.row_number()
        .over(partition_by=GameRecord.player_id, order_by=(GameRecord.created_at, GameRecord.id))
        .label("nth")
    )
    firsts = (
        select(GameRecord.id, nth)
        .where(GameRecord.game == game, GameRecord.daily == date)
        .subquery()
    )
    columns = (Win.player_id, Win.game_id, Win.moves, Win.elapsed_ms, Win.hints, Win.undos)
    more = (Win.pauses, Win.solver_assisted, Win.finished_at, GameRecord.fair_play, Player.name)
    return (
        select(*columns, *more)
        .join(firsts, firsts.c.id == Win.game_id)
        .join(GameRecord, GameRecord.id == Win.game_id)
        .join(Player, Player.id == Win.player_id)
        .where(firsts.c.nth == 1, won_that_day(date))
        .subquery()
    )


def daily_leaderboard(session: Session, game: str, date: dt.date, limit: int) -> list[Any]:
    """Rows of the daily's leaderboard, best first: fewest moves, then time, then earliest."""
    board = daily_board(game, date)
    return list(
        session.execute(
            select(board)
            .order_by(board.c.moves, board.c.elapsed_ms, board.c.finished_at)
            .limit(limit)
        ).all()
    )


def daily_rank(session: Session, game: str, date: dt.date, player_id: str) -> int | None:
    """The player's rank on the daily's leaderboard (``None``: no win that day)."""
    bests = daily_board(game, date)
    mine = session.execute(select(bests).where(bests.c.player_id == player_id)).first()
    if mine is None:
        return None
    ahead = session.scalar(
        select(func.count())
        .select_from(bests)
        .where(
            (bests.c.moves < mine.moves)
            | ((bests.c.moves == mine.moves) & (bests.c.elapsed_ms < mine.elapsed_ms))
            | (
                (bests.c.moves == mine.moves)
                & (bests.c.elapsed_ms == mine.elapsed_ms)
                & (bests.c.finished_at < mine.finished_at)
            )
        )
    )
    return int(ahead or 0) + 1


def daily_win_dates(session: Session, player_id: str) -> dict[str, set[dt.date]]:
    """By game, the dates whose daily the player won on that very UTC day."""
    rows = session.execute(
        select(GameRecord.game, GameRecord.daily, GameRecord.finished_at).where(
            GameRecord.player_id == player_id,
            GameRecord.daily.is_not(None),
            GameRecord.status == "won",
        )
    ).all()
    out: dict[str, set[dt.date]] = defaultdict(set)
    for game, daily, finished_at in rows:
        if finished_at is not None and finished_at.astimezone(dt.UTC).date() == daily:
            out[game].add(daily)
    return out
