"""The few queries the API needs: players (new, erased), statistics, bests, leaderboards,
deals."""

from __future__ import annotations

import contextlib
import datetime as dt
import math
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, and_, delete, exists, func, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, aliased

from patience.store.devices import add_device
from patience.store.models import (
    WIN_RECORD,
    Action,
    DealStat,
    Device,
    GameRecord,
    LinkCode,
    PersonalBest,
    Player,
    SolveRequest,
    Win,
)


def new_player(
    session: Session, name: str | None, label: str, now: dt.datetime
) -> tuple[Player, str]:
    """A new player (default name from the id), signed in on one device labelled ``label``,
    and that device's bearer token, shown only once (committed)."""
    player_id = uuid.uuid4().hex
    player = Player(id=player_id, name=name or f"Player {player_id[:6]}", created_at=now)
    session.add(player)
    session.flush()  # the player's row before its device's, whatever the unit of work's order
    token = add_device(session, player_id, label, now)
    session.commit()
    return player, token


ANONYMOUS = "Anonymous"
"""The name a deleted player's finished games are kept under."""

ANONYMOUS_ID = "0" * 32
"""The one player that every deleted player's finished games pass to: no device signs in as
it (no token hashes to a row of its), and it is made by the first deletion that needs it."""


def hold_player(connection: Connection, player_id: str) -> bool:
    """Lock the player's row until the transaction ends (whether the player still exists):
    a player's writes and their deletion take it first, so they run one after the other.
    PostgreSQL locks the row; SQLite takes its database's write lock (a write that changes
    nothing), which the rest of the transaction then holds."""
    if connection.dialect.name == "sqlite":
        held = connection.execute(
            update(Player).where(Player.id == player_id).values(name=Player.name)
        )
        return bool(held.rowcount)
    found = connection.execute(
        select(Player.id).where(Player.id == player_id).with_for_update()
    ).first()
    return found is not None


def erase_player(session: Session, player_id: str, now: dt.datetime) -> bool:
    """Delete a player (committed, all or nothing; ``False``: no such player, nothing done):
    their devices, link codes, solve requests and games in play go; their finished games,
    wins and bests stay, moved to the player :data:`ANONYMOUS_ID` named :data:`ANONYMOUS`
    that no token signs in as and that links to nothing.

    The player's row is locked first, so a write of theirs from another device runs wholly
    before (and is moved or deleted here) or after (and finds no player)."""
    if not hold_player(session.connection(), player_id):
        session.rollback()
        return False
    mine = GameRecord.player_id == player_id
    in_play = select(GameRecord.id).where(mine, GameRecord.status == "playing")
    for owned in (SolveRequest, Device, LinkCode):
        session.execute(delete(owned).where(owned.player_id == player_id))
    session.execute(delete(Action).where(Action.game_id.in_(in_play)))
    session.execute(delete(GameRecord).where(mine, GameRecord.status == "playing"))
    kept = session.scalar(
        select(
            exists().where(mine)
            | exists().where(Win.player_id == player_id)
            | exists().where(PersonalBest.player_id == player_id)
        )
    )
    if kept:
        _anonymous(session, now)
        _merge_bests(session, player_id)
        for table in (GameRecord, Win, PersonalBest):
            session.execute(
                update(table).where(table.player_id == player_id).values(player_id=ANONYMOUS_ID)
            )
    session.execute(delete(Player).where(Player.id == player_id))
    session.commit()
    return True


def _merge_bests(session: Session, player_id: str) -> None:
    """Keep one best a deal for :data:`ANONYMOUS_ID` (a player holds one): of the deleted
    player's best and the one it holds already, the better (fewer moves, then less time)."""
    for loser, winner in ((player_id, ANONYMOUS_ID), (ANONYMOUS_ID, player_id)):
        mine, other = PersonalBest, aliased(PersonalBest)
        better = or_(
            other.moves < mine.moves,
            and_(other.moves == mine.moves, other.elapsed_ms <= mine.elapsed_ms),
        )
        beaten = exists().where(
            other.player_id == winner,
            other.game == mine.game,
            other.ruleset == mine.ruleset,
            other.deal == mine.deal,
            better,
        )
        session.execute(delete(mine).where(mine.player_id == loser, beaten))


def _anonymous(session: Session, now: dt.datetime) -> None:
    """Make the :data:`ANONYMOUS_ID` player unless it is there (two deletions at once make
    it once: the second's insert fails and is let go)."""
    if session.get(Player, ANONYMOUS_ID) is not None:
        return
    # made by a deletion at once with this one: that row stands
    with contextlib.suppress(IntegrityError), session.begin_nested():
        session.add(Player(id=ANONYMOUS_ID, name=ANONYMOUS, created_at=now))


# -- statistics --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """One game as statistics see it."""

    game: str
    status: str
    moves_made: int


def game_stats(games: Sequence[Outcome]) -> dict[str, Any]:
    """Played, won, win rate and streaks for one kind of game, oldest game first.

    A game counts as played once a move is made; it is lost when resigned or abandoned (still
    playing with moves while a later game of the same kind exists). A game in progress does
    not break a streak, and a deal started and left (or resigned) before any move was never
    played: it counts nowhere.

    >>> W, L, P = (Outcome("pyramid", s, 1) for s in ("won", "resigned", "playing"))
    >>> s = game_stats([W, W, L, W, P, W, P])
    >>> s["played"], s["won"], s["current_streak"], s["best_streak"]
    (7, 4, 1, 2)
    >>> R0, P0 = Outcome("pyramid", "resigned", 0), Outcome("pyramid", "playing", 0)
    >>> game_stats([W, R0, P0])["played"]
    1
    """
    played = won = streak = best = 0
    for i, g in enumerate(games):
        if g.status == "won":
            played, won, streak = played + 1, won + 1, streak + 1
            best = max(best, streak)
        elif g.status == "resigned" and g.moves_made > 0:
            played, streak = played + 1, 0
        elif g.moves_made > 0:
            played += 1
            if i < len(games) - 1:  # abandoned for a later game: lost
                streak = 0
    return {
        "played": played,
        "won": won,
        "win_rate": round(won / played, 4) if played else 0.0,
        "current_streak": streak,
        "best_streak": best,
    }


def player_stats(session: Session, player_id: str, games: Iterable[str]) -> dict[str, Any]:
    """:func:`game_stats` for each of ``games``."""
    rows = session.execute(
        select(GameRecord.game, GameRecord.status, GameRecord.moves_made)
        .where(GameRecord.player_id == player_id)
        .order_by(GameRecord.created_at, GameRecord.id)
    ).all()
    return {name: game_stats([Outcome(*row) for row in rows if row[0] == name]) for name in games}


# -- bests, leaderboards, deals ----------------------------------------------------------------

BESTS_PAGE_SIZE = 20


def personal_bests(
    session: Session, player_id: str, game: str | None, page: int
) -> tuple[list[tuple[PersonalBest, str, str | None]], int]:
    """One page of a player's bests (newest first, each with the won game's id and its
    fair-play mark) and the number of pages (at least 1)."""
    where = [PersonalBest.player_id == player_id]
    if game is not None:
        where.append(PersonalBest.game == game)
    total = session.scalar(select(func.count()).select_from(PersonalBest).where(*where)) or 0
    rows = session.execute(
        select(PersonalBest, Win.game_id, GameRecord.fair_play)
        .join(Win, Win.id == PersonalBest.win_id)
        .join(GameRecord, GameRecord.id == Win.game_id)
        .where(*where)
        .order_by(PersonalBest.finished_at.desc(), PersonalBest.deal)
        .limit(BESTS_PAGE_SIZE)
        .offset((page - 1) * BESTS_PAGE_SIZE)
    ).all()
    pages = max(1, math.ceil(total / BESTS_PAGE_SIZE))
    return [(best, game_id, mark) for best, game_id, mark in rows], pages


def personal_best(
    session: Session, player_id: str, game: str, ruleset: str, deal: int
) -> PersonalBest | None:
    """A player's best on one deal and ruleset, if any."""
    return session.get(PersonalBest, (player_id, game, ruleset, deal))


def leaderboard(
    session: Session, game: str, ruleset: str, deal: int, limit: int
) -> list[tuple[PersonalBest, str, str, str | None]]:
    """Each player's best on a deal (with the player's name, the won game's id and its
    fair-play mark), fewest moves first, then shortest time, then earliest."""
    rows = session.execute(
        select(PersonalBest, Player.name, Win.game_id, GameRecord.fair_play)
        .join(Player, Player.id == PersonalBest.player_id)
        .join(Win, Win.id == PersonalBest.win_id)
        .join(GameRecord, GameRecord.id == Win.game_id)
        .where(
            PersonalBest.game == game, PersonalBest.ruleset == ruleset, PersonalBest.deal == deal
        )
        .order_by(PersonalBest.moves, PersonalBest.elapsed_ms, PersonalBest.finished_at)
        .limit(limit)
    ).all()
    return [(best, name, game_id, mark) for best, name, game_id, mark in rows]


def deal_stat(session: Session, game: str, ruleset: str, deal: int) -> DealStat | None:
    """Plays and wins of a deal, if it was ever played."""
    return session.get(DealStat, (game, ruleset, deal))


def bump_deal_stat(
    session: Session, game: str, ruleset: str, deal: int, *, plays: int = 0, wins: int = 0
) -> None:
    """Add to a deal's counters atomically (an upsert on SQLite and PostgreSQL alike)."""
    stmt = insert_for(session)(DealStat).values(
        game=game, ruleset=ruleset, deal=deal, plays=plays, wins=wins
    )
    session.execute(
        stmt.on_conflict_do_update(
            index_elements=["game", "ruleset", "deal"],
            set_={"plays": DealStat.plays + plays, "wins": DealStat.wins + wins},
        )
    )


def record_win(session: Session, record: GameRecord, finished_at: dt.datetime) -> Win:
    """Store a verified win — its record (:data:`WIN_RECORD`) as the game's ``result``
    holds it — and update the player's best; return the win.

    The caller reads the previous best first (for the result's ``personal_best``).
    """
    assert record.result is not None
    held = {name: record.result[name] for name in WIN_RECORD}
    win = Win(
        game_id=record.id,
        player_id=record.player_id,
        game=record.game,
        ruleset=record.ruleset,
        deal=record.deal,
        finished_at=finished_at,
        **held,
    )
    session.add(win)
    session.flush()
    values = {"win_id": win.id, **held, "finished_at": finished_at}
    # One statement that keeps the better of the stored best and this win, so that wins
    # racing on one deal (several games of one player finishing at once) cannot collide.
    stmt = insert_for(session)(PersonalBest).values(
        player_id=record.player_id,
        game=record.game,
        ruleset=record.ruleset,
        deal=record.deal,
        **values,
    )
    new = stmt.excluded
    better = or_(
        new.moves < PersonalBest.moves,
        and_(new.moves == PersonalBest.moves, new.elapsed_ms < PersonalBest.elapsed_ms),
    )
    session.execute(
        stmt.on_conflict_do_update(
            index_elements=["player_id", "game", "ruleset", "deal"],
            set_={name: new[name] for name in values},
            where=better,
        )
    )
    return win


# -- solve requests ------------------------------------------------------------------------------


def record_solve_request(
    session: Session,
    player_id: str,
    game: str,
    ruleset: str,
    deal: int,
    job_id: str,
    now: dt.datetime,
) -> None:
    """Note that a player asked for a deal's solution (committed with the session)."""
    session.add(
        SolveRequest(
            player_id=player_id,
            game=game,
            ruleset=ruleset,
            deal=deal,
            job_id=job_id,
            requested_at=now,
        )
    )


def asked_for_solution(
    session: Session, player_id: str, game: str, ruleset: str, deal: int, before: dt.datetime
) -> bool:
    """Whether the player asked for this deal's solution before ``before``."""
    return bool(
        session.scalar(
            select(
                exists().where(
                    SolveRequest.player_id == player_id,
                    SolveRequest.game == game,
                    SolveRequest.ruleset == ruleset,
                    SolveRequest.deal == deal,
                    SolveRequest.requested_at <= before,
                )
            )
        )
    )


def requested_job(session: Session, player_id: str, job_id: str) -> bool:
    """Whether the player asked for the ``/solve`` job ``job_id``."""
    return bool(
        session.scalar(
            select(
                exists().where(SolveRequest.player_id == player_id, SolveRequest.job_id == job_id)
            )
        )
    )


def insert_for(session: Session) -> Any:
    """The ``INSERT`` construct of the session's dialect (both offer ``ON CONFLICT``)."""
    dialect = session.get_bind().dialect.name
    return postgresql.insert if dialect == "postgresql" else sqlite.insert
