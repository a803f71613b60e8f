"""The service's side of the solver jobs: analysis reports, the hand-off after an action,
proven dead ends, and hints.

The worker searches; the service only enqueues and reads results (:mod:`patience.jobs`).
Without Redis or without a worker, play goes on: analysis says ``unavailable`` and a hint
is the ordinary advice computed here without search.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from redis import RedisError

from patience.engine import Game
from patience.jobs import Jobs, not_applicable
from patience.solver.hints import Hint, quick_hint

log = logging.getLogger(__name__)

Json = dict[str, Any]

HINT_WAIT_SECONDS = 1.5
"""How long a hint request waits for the worker's searched hint before giving the ordinary
advice instead (a waiting hint preempts any analysis the worker is running)."""
WORKERS_TTL = 2.0
"""Seconds a process trusts its last look at whether any worker runs."""
_workers_seen: list[float | bool] = [0.0, False]  # [when, any]


class Analyst:
    """Analysis and hints through ``jobs`` (``None``: Redis is not configured)."""

    def __init__(self, jobs: Jobs | None) -> None:
        self.jobs = jobs
        # Verdicts this request has read already, by position key (an Analyst lives for one
        # request): the view after a move asks again for the position just analysed.
        self._read: dict[str, str | None] = {}

    def report(
        self, game: Game[Any, Any], version: int, *, start: bool = True, owner: str | None = None
    ) -> Json:
        """The Analysis of API.md for ``game`` at ``version`` (starting the job when useful,
        as the latest one of the stored game ``owner``)."""
        if self.jobs is None:
            return not_applicable(game, version) or {
                "version": version,
                "state": "unavailable",
                "verdict": None,
                "reason": "not_configured",
            }
        return self.jobs.analysis(game, version, start=start, owner=owner)

    def after_action(self, game: Game[Any, Any], version: int, owner: str) -> None:
        """After an accepted action: start the analysis when the honesty rule allows it and a
        worker is there to run it (best effort: a Redis failure never fails the action)."""
        if self.jobs is None or not_applicable(game, version) or not self._workers_alive():
            return
        try:
            report = self.jobs.analysis(game, version, start=True, owner=owner)
            self._read[game.position_key()] = report.get("verdict")
        except RedisError:  # pragma: no cover - Jobs already turns these into "unavailable"
            log.warning("analysis not started for version %s", version)

    def proven_unwinnable(self, game: Game[Any, Any]) -> bool:
        """Whether a finished proof says the current position cannot be won."""
        if self.jobs is None:
            return False
        key = game.position_key()
        if key not in self._read:
            self._read[key] = self.jobs.verdict(game)
        return self._read[key] == "unwinnable"

    def start_par(self, game: Game[Any, Any]) -> None:
        """Queue the search of ``game``'s deal's par (best effort)."""
        if self.jobs is not None:
            try:
                self.jobs.submit_par(game)
            except RedisError:
                log.warning("par search not queued for %s-%s", game.name, game.deal)

    def solver_par(self, game: str, ruleset: str, deal: int) -> Json | None:
        """The worker's finished par search of a deal, if any."""
        if self.jobs is None:
            return None
        try:
            return self.jobs.par_found(game, ruleset, deal)
        except RedisError:
            return None

    def moves_back(self, game: Game[Any, Any]) -> int | None:
        """How many moves back the last winnable point of ``game``'s line is, when a finished
        search says so."""
        if self.jobs is None or not_applicable(game, 0) is not None:
            return None
        try:
            point = self.jobs.rewind_point(game)
        except RedisError:
            return None
        if point is None or point[0] is None:
            return None
        return point[1] - point[0]

    def advise(self, game: Game[Any, Any]) -> Hint:
        """A hint: the worker's searched one when it answers in time, else ordinary advice."""
        if self.jobs is not None and self.jobs.has_workers():
            found = self.jobs.hint(game, wait=HINT_WAIT_SECONDS)
            if found is not None:
                searched: Hint = found.get("hint")
                return searched
        return quick_hint(game)

    def _workers_alive(self) -> bool:
        """Whether a worker is alive, looked up at most every :data:`WORKERS_TTL` s."""
        assert self.jobs is not None
        now = time.monotonic()
        if now - float(_workers_seen[0]) > WORKERS_TTL:
            _workers_seen[:] = [now, self.jobs.has_workers()]
        return bool(_workers_seen[1])
