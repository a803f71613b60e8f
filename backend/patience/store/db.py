"""Database engines and sessions, without Flask (the API, the worker and the CLI share them).

>>> default_database_url().startswith("sqlite:///")
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

REPO_ROOT = Path(__file__).resolve().parents[3]
"""The repository root (``backend/patience/store/db.py`` → four levels up)."""


def default_database_url() -> str:
    """The embedded default: SQLite in ``var/patience.db`` at the repository root."""
    return f"sqlite:///{REPO_ROOT / 'var' / 'patience.db'}"


def database_url(environ: Mapping[str, str] | None = None) -> str:
    """``DATABASE_URL`` from the environment, else :func:`default_database_url`."""
    env = os.environ if environ is None else environ
    return env.get("DATABASE_URL") or default_database_url()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; for a SQLite file, its folder is created first."""
    parsed = make_url(url)
    kwargs: dict[str, Any] = {}
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    else:
        kwargs["pool_pre_ping"] = True
    return create_engine(url, **kwargs)


def session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions bound to ``engine`` that keep loaded values after commit."""
    return sessionmaker(engine, expire_on_commit=False)
