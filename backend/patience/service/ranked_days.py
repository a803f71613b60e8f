"""Ranked deals as a service: the reveal once a day has closed, and how full the pool is
(for ``/readyz``). What a stored game's deal is rebuilt from and whether its day is still
open are the catalogue's (:mod:`patience.catalogue.ranked_deals`), which the worker shares."""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from sqlalchemy.orm import Session

from patience.catalogue.daily_rulesets import daily_rulesets
from patience.catalogue.ranked_deals import DAYS_AHEAD, daily_deal_id
from patience.service.errors import NotFound
from patience.store.ranked_pool import daily_of, pool_days

log = logging.getLogger(__name__)

Json = dict[str, Any]


def reveal(session: Session, game: str, date: dt.date, now: dt.datetime) -> Json:
    """``GET /daily/<game>/<date>/deal``: the closed day's layout and proven solution."""
    ranked = daily_of(session, game, date)
    if ranked is None:
        raise NotFound("there is no ranked deal of that day", reason="no_such_deal")
    if now < ranked.closes_at:
        raise NotFound(
            f"the deal is revealed when its day closes ({ranked.closes_at.isoformat()})",
            reason="not_yet_revealed",
        )
    return {
        "deal_id": daily_deal_id(game, date),
        "game": game,
        "ruleset": ranked.ruleset,
        "date": date.isoformat(),
        "layout": ranked.layout,
        "solution": ranked.solution,
    }


def pool_state(session: Session, today: dt.date) -> Json:
    """How full the pool of dailies is: ``ok`` (every game's daily from today to
    :data:`~patience.catalogue.ranked_deals.DAYS_AHEAD` days ahead), ``low`` (today's are there,
    not all the days ahead) or ``dry`` (a game has no daily today: it cannot be played),
    with the days ahead that every game holds without a gap."""
    held = pool_days(session, today, today + dt.timedelta(days=DAYS_AHEAD))
    ahead = DAYS_AHEAD
    for game in daily_rulesets():
        days = held.get(game, set())
        run = next(
            (d for d in range(DAYS_AHEAD + 1) if today + dt.timedelta(days=d) not in days),
            DAYS_AHEAD + 1,
        )
        ahead = min(ahead, run - 1)
    state = "dry" if ahead < 0 else "low" if ahead < DAYS_AHEAD else "ok"
    if state != "ok":
        log.warning("ranked pool %s: %d days ahead held (want %d)", state, ahead, DAYS_AHEAD)
    return {"ranked_pool": state, "ranked_days_ahead": max(ahead, -1)}
