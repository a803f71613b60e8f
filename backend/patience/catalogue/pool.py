"""Filling the pool of ranked deals (worker and CLI only: it runs the solver).

For each game's daily ruleset and each day from today to :data:`~patience.catalogue.ranked_deals.
DAYS_AHEAD` days ahead (today first, then tomorrow, …) that the pool lacks, candidates
``k = 0, 1, …`` are tried until the solver proves one winnable; its winning line is replayed
through the engine (a win, or the candidate is passed over) and stored with it. A candidate
the solver calls unwinnable, or cannot decide within the budget, is passed over: only a
finished proof admits a deal. Nothing here runs on a request.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy.orm import Session

from patience.catalogue.daily_rulesets import daily_rulesets
from patience.catalogue.ranked_deals import (
    DAYS_AHEAD,
    MAX_CANDIDATES,
    PROOF_SECONDS,
    candidate,
    closes_at,
    daily_name,
)
from patience.games.solving import solve_game
from patience.solver import Budget
from patience.store.models import utcnow
from patience.store.ranked_pool import pool_days, store_ranked

log = logging.getLogger(__name__)

Json = dict[str, Any]


@dataclass(frozen=True)
class Proven:
    """The first candidate proven winnable, with its start and checked winning line."""

    candidate: int
    layout: Json
    solution: list[Json]


class Progress(Protocol):
    """Where each deal's search goes on (candidate index by ``<game>:<name>``), kept across
    runs so that a run cut short loses no proof (the worker keeps it in Redis)."""

    def get(self, key: str, default: int) -> int: ...

    def __setitem__(self, key: str, value: int) -> None: ...


def prove(
    secret: bytes,
    game: str,
    ruleset: str,
    name: str,
    seconds: float,
    *,
    progress: Progress | None = None,
    until: float | None = None,
) -> Proven | None:
    """The first candidate (from where ``progress`` says, up to :data:`MAX_CANDIDATES`)
    proven winnable within ``seconds`` each; ``None`` when none was, or when
    ``time.monotonic()`` passed ``until`` first."""
    key = f"{game}:{name}"
    for k in range(progress.get(key, 0) if progress is not None else 0, MAX_CANDIDATES):
        if until is not None and time.monotonic() > until:
            return None
        if progress is not None:
            progress[key] = k
        deal = candidate(secret, game, ruleset, name, k)
        result = solve_game(deal, Budget(seconds=seconds, clock=time.process_time))
        if result.verdict != "winnable" or not result.solution:
            continue
        check = deal.fresh()
        for move in result.solution:
            check.play(move)
        if check.status == "won":
            assert deal.start is not None
            return Proven(k, deal.start, list(result.solution))
        log.error("ranked %s %s: candidate %d's line does not win; passed over", game, name, k)
    return None


def missing(session: Session, today: dt.date, days: int = DAYS_AHEAD) -> list[tuple[str, dt.date]]:
    """The (game, day) pairs from ``today`` to ``days`` ahead that the pool lacks, today's
    first."""
    held = pool_days(session, today, today + dt.timedelta(days=days))
    return [
        (game, today + dt.timedelta(days=d))
        for d in range(days + 1)
        for game in daily_rulesets()
        if today + dt.timedelta(days=d) not in held.get(game, set())
    ]


def fill(
    session: Session,
    secret: bytes,
    today: dt.date,
    *,
    days: int = DAYS_AHEAD,
    seconds: float = PROOF_SECONDS,
    until: float | None = None,
    progress: Progress | None = None,
) -> list[tuple[str, dt.date]]:
    """Prove and store every missing daily from ``today`` to ``days`` ahead (stopping once
    ``time.monotonic()`` passes ``until``; ``progress``: where earlier runs left each
    search); the ones stored."""
    stored = []
    for game, day in missing(session, today, days):
        ruleset = daily_rulesets()[game]
        found = prove(
            secret, game, ruleset, daily_name(day), seconds, progress=progress, until=until
        )
        if found is None:
            if until is not None and time.monotonic() > until:
                break  # the next run goes on where this one stopped
            log.error("ranked pool: no candidate of %s %s proven winnable", game, day)
            continue
        values = {
            "game": game,
            "name": daily_name(day),
            "ruleset": ruleset,
            "day": day,
            "closes_at": closes_at(day),
            "candidate": found.candidate,
            "layout": found.layout,
            "solution": found.solution,
            "proven_at": utcnow(),
        }
        if store_ranked(session, values):
            stored.append((game, day))
            log.info("ranked pool: %s %s is candidate %d", game, day, found.candidate)
        session.commit()
    return stored
