"""Alembic migrations build every table of the models, on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from patience.store import Base, make_engine, session_factory
from patience.store.migrate import upgrade


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
    import datetime as dt

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
