"""The queries of ranked deals: a day's deal, the days the pool holds, and storing a proven
deal."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from patience.store.models import RankedDeal


def daily_of(session: Session, game: str, day: dt.date) -> RankedDeal | None:
    """``game``'s daily deal of ``day``, if the pool holds it."""
    return session.scalars(
        select(RankedDeal).where(RankedDeal.game == game, RankedDeal.day == day)
    ).first()


def pool_days(session: Session, first: dt.date, last: dt.date) -> dict[str, set[dt.date]]:
    """By game, the days from ``first`` to ``last`` whose daily the pool holds."""
    rows = session.execute(
        select(RankedDeal.game, RankedDeal.day).where(
            RankedDeal.day >= first, RankedDeal.day <= last
        )
    ).all()
    out: dict[str, set[dt.date]] = {}
    for game, day in rows:
        if day is not None:
            out.setdefault(game, set()).add(day)
    return out


def store_ranked(session: Session, values: dict[str, Any]) -> bool:
    """Add a proven ranked deal (``False``: another filler stored that deal first; the
    first stays, both being the same secret's first proven candidate or as good)."""
    try:
        with session.begin_nested():
            session.add(RankedDeal(**values))
    except IntegrityError:
        return False
    return True
