"""The ranked pool in tests: the tests' own deal secret, and a pool filled by the real
filler (the solver proves each candidate; with the suites' settings in ``tests/conftest.py``
that takes a fraction of a second per deal)."""

from __future__ import annotations

import datetime as dt

from patience.catalogue.pool import fill
from patience.store import make_engine, session_factory

DEAL_SECRET = "test-deal-secret-not-for-production"


def fill_pool(url: str, first: dt.date, days: int = 0, secret: str = DEAL_SECRET) -> None:
    """Every daily game's ranked deals from ``first`` to ``days`` later, in the database at
    ``url`` (those held already stay)."""
    engine = make_engine(url)
    try:
        with session_factory(engine)() as session:
            fill(session, secret.encode(), first, days=days)
    finally:
        engine.dispose()
