"""The queries of ranked deals: a day's deal, the days the pool holds, storing a proven deal,
and where each search for a deal not yet held goes on."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import delete, select, tuple_, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from patience.store.models import RankedDeal, RankedFillProgress


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


def fill_progress(
    session: Session, deals: list[tuple[str, str]]
) -> dict[tuple[str, str], tuple[int, float]]:
    """The next candidate, and the CPU seconds spent so far, of each search among ``deals``
    (``(game, name)`` pairs) that has passed over any (absent: candidate 0, nothing spent)."""
    if not deals:
        return {}
    rows = session.execute(
        select(
            RankedFillProgress.game,
            RankedFillProgress.name,
            RankedFillProgress.next_candidate,
            RankedFillProgress.spent_seconds,
        ).where(tuple_(RankedFillProgress.game, RankedFillProgress.name).in_(deals))
    ).all()
    return {(game, name): (k, spent) for game, name, k, spent in rows}


def pass_over(
    session: Session, game: str, name: str, candidate: int, spent: float, now: dt.datetime
) -> None:
    """Candidate ``candidate`` of ``game``'s deal ``name`` is passed over after ``spent`` CPU
    seconds: the search goes on from the next one (never back, should two fillers race).
    The caller commits."""
    if _move_on(session, game, name, candidate, spent, now):
        return
    try:
        with session.begin_nested():
            session.add(
                RankedFillProgress(
                    game=game,
                    name=name,
                    next_candidate=candidate + 1,
                    spent_seconds=spent,
                    updated_at=now,
                )
            )
    except IntegrityError:  # another filler added the row meanwhile
        _move_on(session, game, name, candidate, spent, now)


def _move_on(
    session: Session, game: str, name: str, candidate: int, spent: float, now: dt.datetime
) -> bool:
    """Whether a row of the search exists (moved past ``candidate`` if it was not)."""
    session.execute(
        update(RankedFillProgress)
        .where(
            RankedFillProgress.game == game,
            RankedFillProgress.name == name,
            RankedFillProgress.next_candidate <= candidate,
        )
        .values(
            next_candidate=candidate + 1,
            spent_seconds=RankedFillProgress.spent_seconds + spent,
            updated_at=now,
        )
    )
    found = session.get(RankedFillProgress, (game, name), populate_existing=True)
    return found is not None


def forget_progress(session: Session, game: str, name: str) -> None:
    """The search for ``game``'s deal ``name`` is over (the deal is held). The caller
    commits."""
    session.execute(
        delete(RankedFillProgress).where(
            RankedFillProgress.game == game, RankedFillProgress.name == name
        )
    )
