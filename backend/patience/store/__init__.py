"""Persistence: SQLAlchemy 2 models, engines and sessions, and the queries the API needs.

Plain SQLAlchemy (no Flask) so that the API, the worker and the CLI share it.
"""

from patience.store.db import database_url, default_database_url, make_engine, session_factory
from patience.store.models import (
    Action,
    Base,
    DealStat,
    Device,
    GameRecord,
    LinkCode,
    Par,
    PersonalBest,
    Player,
    RankedDeal,
    RankedFillProgress,
    SolveRequest,
    Win,
    utcnow,
)

__all__ = [
    "Action",
    "Base",
    "DealStat",
    "Device",
    "GameRecord",
    "LinkCode",
    "Par",
    "PersonalBest",
    "Player",
    "RankedDeal",
    "RankedFillProgress",
    "SolveRequest",
    "Win",
    "database_url",
    "default_database_url",
    "make_engine",
    "session_factory",
    "utcnow",
]
