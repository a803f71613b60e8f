"""Alembic migrations build every table of the models, on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from patience.store import Base, make_engine
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
