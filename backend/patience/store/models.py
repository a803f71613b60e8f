"""The tables: players and their devices and link codes, games, actions, wins, personal
bests, solve requests, pars and per-deal statistics.

Typed SQLAlchemy 2 ORM (``DeclarativeBase``, ``Mapped``). Alembic migrations in ``migrations/``
create these tables; the models are checked against them by a test.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    TypeDecorator,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> dt.datetime:
    """The current time, timezone-aware UTC."""
    return dt.datetime.now(dt.UTC)


class UTCDateTime(TypeDecorator[dt.datetime]):
    """A timestamp that is always timezone-aware UTC in Python, on SQLite as on PostgreSQL."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        value = value.astimezone(dt.UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        assert isinstance(value, dt.datetime)
        return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with a constraint naming convention (stable migration names)."""

    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dt.datetime: UTCDateTime(),
        dict[str, Any]: JSON,
        list[Any]: JSON,
    }


class Player(Base):
    """A player: a name, and the devices signed in as them (:class:`Device`)."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(24))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class Device(Base):
    """One bearer token of a player (a browser, a phone, an API client), stored only as its
    SHA-256 hex digest; deleting the row signs that device out."""

    __tablename__ = "devices"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    label: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[dt.datetime]
    last_used_at: Mapped[dt.datetime]
    """The last accepted change made with this token (reads write nothing), to the minute."""


class LinkCode(Base):
    """A one-time code that signs another device in as the player: found by its ``lookup``
    part (which alone redeems nothing), checked against a salted scrypt hash of the whole
    code, usable once before ``expires_at``, and checked at most a few times."""

    __tablename__ = "link_codes"
    __table_args__ = (
        # One live code a player: a new code replaces the last, and two made at once
        # cannot both stay.
        Index(
            "ux_link_codes_unused",
            "player_id",
            unique=True,
            postgresql_where=text("used_at IS NULL"),
            sqlite_where=text("used_at IS NULL"),
        ),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    lookup: Mapped[str] = mapped_column(String(8), index=True)
    salt: Mapped[str] = mapped_column(String(32))
    code_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime]
    expires_at: Mapped[dt.datetime] = mapped_column(index=True)
    used_at: Mapped[dt.datetime | None]
    tries: Mapped[int] = mapped_column(Integer, default=0)
    """Redemptions that got as far as checking this code (right or wrong)."""


class GameRecord(Base):
    """A game: its deal, options and move line (the state is rebuilt by replaying the line).

    The clock: ``elapsed_ms`` holds the time accumulated up to ``running_since``; while the
    clock runs, the time since ``running_since`` is added on top.
    """

    __tablename__ = "games"
    __table_args__ = (
        Index("ix_games_player_game", "player_id", "game", "created_at"),
        Index("ix_games_daily", "game", "daily"),
        Index("ix_games_fair_play", "fair_play"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    ruleset: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]]
    deal: Mapped[int] = mapped_column(BigInteger)
    """The deal number, or for a ranked deal minus its :class:`RankedDeal` id (numbers
    start at 1, so the two never meet in the tables keyed by deal)."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    line: Mapped[list[Any]]
    seen: Mapped[list[Any]]
    moves_made: Mapped[int] = mapped_column(Integer, default=0)
    undos: Mapped[int] = mapped_column(Integer, default=0)
    hints: Mapped[int] = mapped_column(Integer, default=0)
    pauses: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    elapsed_ms: Mapped[int] = mapped_column(BigInteger, default=0)
    running_since: Mapped[dt.datetime | None]
    status: Mapped[str] = mapped_column(String(16), default="playing")
    result: Mapped[dict[str, Any] | None]
    created_at: Mapped[dt.datetime]
    updated_at: Mapped[dt.datetime]
    finished_at: Mapped[dt.datetime | None]
    daily: Mapped[dt.date | None] = mapped_column(Date)
    """The UTC date whose daily deal this game was started as (``None``: not a daily)."""
    fair_play: Mapped[str | None] = mapped_column(String(16))
    """A win's fair-play mark (``pending`` until the worker has weighed its line, then ``ok``
    or ``review``; ``None``: not a win). See :mod:`patience.games.fair_play`."""
    foreknowledge: Mapped[float | None] = mapped_column(Float)
    """The win's foreknowledge statistic, once weighed."""


class Action(Base):
    """One accepted action: what was asked (fingerprint), on which version, and the answer.

    A retried request (same fingerprint, same base version) gets ``response`` again.
    """

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "base_version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    kind: Mapped[str] = mapped_column(String(16))
    base_version: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    fingerprint: Mapped[str] = mapped_column(String(64))
    response: Mapped[dict[str, Any]]
    created_at: Mapped[dt.datetime]


WIN_RECORD = ("moves", "elapsed_ms", "undos", "hints", "pauses", "solver_assisted")
"""What a win records: a finished game's ``result`` holds these, and its :class:`Win` and
the :class:`PersonalBest` it may become copy them under the same names."""


class Win(Base):
    """A win that the server replayed and verified (the only source of bests and boards)."""

    __tablename__ = "wins"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), unique=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    ruleset: Mapped[str] = mapped_column(String(64))
    deal: Mapped[int] = mapped_column(BigInteger)
    moves: Mapped[int] = mapped_column(Integer)
    elapsed_ms: Mapped[int] = mapped_column(BigInteger)
    undos: Mapped[int] = mapped_column(Integer)
    hints: Mapped[int] = mapped_column(Integer)
    pauses: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    solver_assisted: Mapped[bool] = mapped_column(default=False, server_default=false())
    finished_at: Mapped[dt.datetime]


class PersonalBest(Base):
    """A player's best win on one deal under one ruleset (fewest moves, then shortest time)."""

    __tablename__ = "personal_bests"
    __table_args__ = (
        Index("ix_personal_bests_board", "game", "ruleset", "deal", "moves", "elapsed_ms"),
    )

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(64), primary_key=True)
    deal: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    win_id: Mapped[int] = mapped_column(ForeignKey("wins.id"))
    moves: Mapped[int] = mapped_column(Integer)
    elapsed_ms: Mapped[int] = mapped_column(BigInteger)
    undos: Mapped[int] = mapped_column(Integer)
    hints: Mapped[int] = mapped_column(Integer)
    pauses: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    solver_assisted: Mapped[bool] = mapped_column(default=False, server_default=false())
    finished_at: Mapped[dt.datetime]


class SolveRequest(Base):
    """A player asked for a deal's solution (``POST /solve``): their wins of that deal from
    then on are marked ``solver_assisted``, and only they may read the job."""

    __tablename__ = "solve_requests"
    __table_args__ = (Index("ix_solve_requests_deal", "player_id", "game", "ruleset", "deal"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    game: Mapped[str] = mapped_column(String(32))
    ruleset: Mapped[str] = mapped_column(String(64))
    deal: Mapped[int] = mapped_column(BigInteger)
    job_id: Mapped[str] = mapped_column(String(64), index=True)
    requested_at: Mapped[dt.datetime]


class Par(Base):
    """A deal's par under one ruleset: the fewest moves of any known winning line, ``proven``
    when an optimal search says no line is shorter; from the solver or a player's replayed
    win (``source``)."""

    __tablename__ = "pars"

    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(64), primary_key=True)
    deal: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    moves: Mapped[int] = mapped_column(Integer)
    proven: Mapped[bool]
    source: Mapped[str] = mapped_column(String(16))
    line: Mapped[list[Any]]
    updated_at: Mapped[dt.datetime]


class DealStat(Base):
    """How often a deal was played (a move made) and won, per game and ruleset."""

    __tablename__ = "deal_stats"

    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(64), primary_key=True)
    deal: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    plays: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)


class RankedDeal(Base):
    """A ranked deal (the daily deals; a competition's later): laid out from the server's
    secret, never from a public number, and proven winnable by the worker before anyone
    plays it. ``layout`` is its full starting position and ``solution`` the proven line:
    both stay on the server until ``closes_at`` (``GET /daily/<game>/<date>/deal``). The
    tables keyed by deal (wins, bests, pars, games) hold it as ``-id``."""

    __tablename__ = "ranked_deals"
    __table_args__ = (
        UniqueConstraint("game", "name"),
        Index("ix_ranked_deals_day", "game", "day"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(64))
    """The deal ID's tail: ``daily-2026-12-01``."""
    ruleset: Mapped[str] = mapped_column(String(64))
    day: Mapped[dt.date | None] = mapped_column(Date)
    """The UTC date of a daily deal."""
    closes_at: Mapped[dt.datetime]
    candidate: Mapped[int] = mapped_column(Integer)
    """Which of the secret's candidates (0, 1, …) was the first proven winnable."""
    layout: Mapped[dict[str, Any]]
    solution: Mapped[list[Any]]
    proven_at: Mapped[dt.datetime]
