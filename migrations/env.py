"""Alembic environment: the database URL comes from the caller or DATABASE_URL."""

from __future__ import annotations

from alembic import context

from patience.store.db import database_url, make_engine
from patience.store.models import Base

config = context.config
target_metadata = Base.metadata


def _url() -> str:
    return config.get_main_option("sqlalchemy.url") or database_url()


def run_migrations_offline() -> None:
    """Emit SQL without a database connection."""
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run the migrations on a live connection (batch mode on SQLite for ALTERs)."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    # A migration may take its time, and rebuilds SQLite tables that others refer to.
    engine = make_engine(_url(), answer_timeout=None, foreign_keys=False)
    with engine.connect() as conn:
        _run(conn)
    engine.dispose()


def _run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # type: ignore[attr-defined]
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
