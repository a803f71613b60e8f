"""Run the Alembic migrations in ``migrations/`` from Python (``patience db upgrade``)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from patience.store.db import REPO_ROOT, database_url

ALEMBIC_INI = REPO_ROOT / "migrations" / "alembic.ini"


def alembic_config(url: str | None = None) -> Config:
    """The Alembic configuration for ``url`` (default: ``DATABASE_URL``)."""
    config = Config(str(ALEMBIC_INI))
    config.set_main_option("sqlalchemy.url", (url or database_url()).replace("%", "%%"))
    return config


def upgrade(url: str | None = None, revision: str = "head") -> None:
    """Bring the database at ``url`` up to ``revision``."""
    command.upgrade(alembic_config(url), revision)
