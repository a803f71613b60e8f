"""Filling the pool of ranked deals (worker and CLI only: it runs the solver).

For each game's daily ruleset and each day from today to :data:`~patience.catalogue.ranked_deals.
DAYS_AHEAD` days ahead that the pool lacks, candidates ``k = 0, 1, …`` are tried until the
solver proves one winnable; its winning line is replayed through the engine (a win, or the
candidate is passed over) and stored with it. A candidate the solver calls unwinnable, or
cannot decide within the budget, is passed over: only a finished proof admits a deal.
Nothing here runs on a request.

- **One candidate at a time, durably.** Each step proves one candidate of one deal, then
  writes the outcome to the database (the deal, or the search's next candidate in
  ``ranked_fill_progress``) and commits. A filler stopped, killed or cut off from Redis
  redoes at most the candidate it was proving; a candidate that fails always moves its
  search on.
- **No deal blocks another.** Each step picks, among the deals still missing, the one whose
  search has cost least so far — a candidate counts one, plus its CPU seconds — weighted by
  how far ahead its day is (:func:`next_attempt`): today's deals get about twice tomorrow's
  share, and so on, and a game whose candidates fail slowly (classic Forty Thieves', at
  their 30 s budget) never holds back another day or game whose candidates are cheap.
- **Short slices.** A run stops starting candidates once ``until`` has passed, and stops
  the proof in flight (not moving its search on) once ``cancelled`` says so: the worker
  runs it in slices of a few seconds, between which other background jobs get their turn.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
from patience.store.ranked_pool import (
    fill_progress,
    forget_progress,
    pass_over,
    pool_days,
    store_ranked,
)

log = logging.getLogger(__name__)

Json = dict[str, Any]


@dataclass(frozen=True)
class Proven:
    """The first candidate proven winnable, with its start and checked winning line."""

    candidate: int
    layout: Json
    solution: list[Json]


@dataclass(frozen=True)
class Attempt:
    """The next candidate to prove: candidate ``candidate`` of ``game``'s daily of ``day``."""

    game: str
    day: dt.date
    candidate: int


class Stopped(Exception):
    """The proof in flight was cancelled (its search does not move on)."""


def prove_candidate(
    secret: bytes,
    game: str,
    ruleset: str,
    name: str,
    k: int,
    seconds: float,
    cancelled: Callable[[], bool] | None = None,
) -> Proven | None:
    """Candidate ``k``, proven winnable within ``seconds`` of CPU with a line that wins when
    replayed; ``None``: passed over. Raises :class:`Stopped` once ``cancelled`` says so."""
    deal = candidate(secret, game, ruleset, name, k)
    result = solve_game(deal, Budget(seconds=seconds, clock=time.process_time, cancelled=cancelled))
    if cancelled is not None and result.verdict == "unknown" and cancelled():
        raise Stopped
    if result.verdict != "winnable" or not result.solution:
        return None
    check = deal.fresh()
    for move in result.solution:
        check.play(move)
    if check.status != "won":
        log.error("ranked %s %s: candidate %d's line does not win; passed over", game, name, k)
        return None
    assert deal.start is not None
    return Proven(k, deal.start, list(result.solution))


def prove(secret: bytes, game: str, ruleset: str, name: str, seconds: float) -> Proven | None:
    """The first candidate of ``game``'s deal ``name`` proven winnable within ``seconds``
    each (up to :data:`~patience.catalogue.ranked_deals.MAX_CANDIDATES`), in one go: what the
    filler's steps find for a deal, without the pool."""
    for k in range(MAX_CANDIDATES):
        found = prove_candidate(secret, game, ruleset, name, k, seconds)
        if found is not None:
            return found
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


def next_attempt(session: Session, today: dt.date, days: int = DAYS_AHEAD) -> Attempt | None:
    """The candidate to prove next among the missing dailies: the one whose search has cost
    least (``1 + candidates tried + their CPU seconds``, times ``1 + days ahead``; ties: the
    earlier day, then the games' order); ``None`` when none is missing, or every missing one
    has tried :data:`~patience.catalogue.ranked_deals.MAX_CANDIDATES`."""
    wanted = missing(session, today, days)
    tried = fill_progress(session, [(game, daily_name(day)) for game, day in wanted])
    best: tuple[float, int, int] | None = None
    found = None
    for order, (game, day) in enumerate(wanted):
        k, spent = tried.get((game, daily_name(day)), (0, 0.0))
        if k >= MAX_CANDIDATES:
            continue
        ahead = (day - today).days
        rank = ((1 + k + spent) * (ahead + 1), ahead, order)
        if best is None or rank < best:
            best, found = rank, Attempt(game, day, k)
    return found


def fill(
    session: Session,
    secret: bytes,
    today: dt.date,
    *,
    days: int = DAYS_AHEAD,
    seconds: float = PROOF_SECONDS,
    until: float | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[tuple[str, dt.date]]:
    """Prove and store the missing dailies from ``today`` to ``days`` ahead, one candidate
    at a time (:func:`next_attempt`), until none is left to try, ``time.monotonic()`` has
    passed ``until`` (checked before each candidate) or ``cancelled`` says so (checked
    during each proof); the ones stored."""
    stored: list[tuple[str, dt.date]] = []
    while until is None or time.monotonic() <= until:
        attempt = next_attempt(session, today, days)
        if attempt is None or (cancelled is not None and cancelled()):
            break
        game, day, k = attempt.game, attempt.day, attempt.candidate
        ruleset, name = daily_rulesets()[game], daily_name(day)
        log.info("ranked pool: proving %s %s candidate %d", game, day, k)
        session.commit()  # no transaction held open during the proof
        began = time.process_time()
        try:
            found = prove_candidate(secret, game, ruleset, name, k, seconds, cancelled)
        except Stopped:
            break
        if found is None:
            pass_over(session, game, name, k, time.process_time() - began, utcnow())
            if k + 1 >= MAX_CANDIDATES:
                log.error("ranked pool: no candidate of %s %s proven winnable", game, day)
            session.commit()
            continue
        values = {
            "game": game,
            "name": name,
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
        forget_progress(session, game, name)
        session.commit()
    return stored
