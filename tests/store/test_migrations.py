"""Alembic migrations build every table of the models, on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Insert, insert, inspect

from patience.store import Base, make_engine, session_factory
from patience.store.migrate import upgrade


def old_game(game_id: str, status: str, when: dt.datetime, **columns: Any) -> Insert:
    """Player p1's Pyramid deal 467 as a row of an older revision: the columns every revision
    has, and ``columns`` (the model's later ones are left out)."""
    from patience.store import GameRecord

    return insert(GameRecord).values(
        id=game_id,
        player_id="p1",
        game="pyramid",
        ruleset="standard",
        options={},
        deal=467,
        line=[],
        seen=[],
        status=status,
        created_at=when,
        updated_at=when,
        **columns,
    )


def test_migrations_upgrade_an_empty_database_to_the_models(empty_url: str) -> None:
    upgrade(empty_url)
    engine = make_engine(empty_url)
    try:
        with engine.connect() as conn:
            tables = set(inspect(conn).get_table_names())
            assert set(Base.metadata.tables) <= tables
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
        # Upgrading again is a no-op.
        upgrade(empty_url)
    finally:
        engine.dispose()


def test_each_players_token_becomes_their_first_device_and_back(empty_url: str) -> None:
    """0004 moves each player's one token to a device; its downgrade moves it back."""
    import sqlalchemy as sa
    from alembic import command

    from patience.store import Device
    from patience.store.devices import hash_token, signed_in
    from patience.store.migrate import alembic_config
    from patience.store.models import UTCDateTime

    upgrade(empty_url, "0003_daily_par")
    players = sa.table(
        "players",
        sa.column("id"),
        sa.column("name"),
        sa.column("token_hash"),
        sa.column("created_at", UTCDateTime()),
    )
    since = dt.datetime(2026, 11, 30, 8, 0, tzinfo=dt.UTC)
    engine = make_engine(empty_url)
    try:
        with engine.begin() as conn:
            conn.execute(
                players.insert(),
                [
                    {
                        "id": f"p{i}",
                        "name": f"P{i}",
                        "token_hash": hash_token(f"t{i}"),
                        "created_at": since,
                    }
                    for i in range(3)
                ],
            )
        upgrade(empty_url)
        with session_factory(engine)() as session:
            signed = signed_in(session, hash_token("t1"))
            assert signed is not None and signed.player_id == "p1"
            device = session.get(Device, signed.device_id)
            assert device is not None and device.last_used_at == since
        command.downgrade(alembic_config(empty_url), "0003_daily_par")
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT id, token_hash FROM players ORDER BY id")).all()
        assert rows == [(f"p{i}", hash_token(f"t{i}")) for i in range(3)]
    finally:
        engine.dispose()


def test_numbered_dailies_keep_their_dates_and_boards_after_0005(empty_url: str) -> None:
    """0005 adds the ranked pool; the daily games played before it keep their numbered deal
    and their date: still that day's, on its board and in the player's streak."""
    from alembic import command

    from patience.service.daily_deals import Daily
    from patience.store import GameRecord, Player, Win
    from patience.store.migrate import alembic_config

    upgrade(empty_url, "0004_player_devices")
    day = dt.date(2026, 11, 20)
    won = dt.datetime(2026, 11, 20, 9, tzinfo=dt.UTC)
    engine = make_engine(empty_url)
    try:
        with session_factory(engine)() as session:
            session.add(Player(id="p1", name="Ann", created_at=won))
            session.flush()
            # At 0004, with the columns of 0004 only (the model has later ones).
            result = {"moves": 40, "elapsed_ms": 1000}
            session.execute(
                old_game("g" * 32, "won", won, result=result, finished_at=won, daily=day)
            )
            win = Win(game_id="g" * 32, player_id="p1", game="pyramid", ruleset="standard")
            win.deal, win.moves, win.elapsed_ms, win.undos, win.hints = 467, 40, 1000, 0, 0
            win.finished_at = won
            session.add(win)
            session.commit()
        upgrade(empty_url)
        with session_factory(engine)() as session:
            record = session.get(GameRecord, "g" * 32)
            assert record is not None and (record.deal, record.daily) == (467, day)
            daily = Daily(session, won)
            board = daily.leaderboard("pyramid", day, 10, None)
            assert [(e["player"], e["moves"]) for e in board["entries"]] == [("Ann", 40)]
            (item,) = [i for i in daily.items("p1", day) if i["game"] == "pyramid"]
            assert item["result"]["game_id"] == "g" * 32 and item["streak"] == 1
        command.downgrade(alembic_config(empty_url), "0004_player_devices")
        upgrade(empty_url)
    finally:
        engine.dispose()


def test_wins_from_before_the_marks_are_pending_after_0007(empty_url: str) -> None:
    """0007 marks each win whose mark is empty ``pending`` (the sweep then weighs it); a game
    that is not a win keeps no mark."""
    from sqlalchemy import select

    from patience.store import GameRecord, Player

    upgrade(empty_url, "0006_fair_play")
    when = dt.datetime(2026, 11, 20, 9, tzinfo=dt.UTC)
    engine = make_engine(empty_url)
    try:
        with session_factory(engine)() as session:
            session.add(Player(id="p1", name="Ann", created_at=when))
            session.flush()
            for game_id, status, mark in (
                ("a", "won", None),
                ("b", "won", ""),
                ("c", "won", "review"),
                ("d", "playing", None),
            ):
                session.execute(old_game(game_id * 32, status, when, result={}, fair_play=mark))
            session.commit()
        upgrade(empty_url)
        with session_factory(engine)() as session:
            found = dict(session.execute(select(GameRecord.id, GameRecord.fair_play)).all())
        assert found == {
            "a" * 32: "pending",
            "b" * 32: "pending",
            "c" * 32: "review",
            "d" * 32: None,
        }
    finally:
        engine.dispose()
