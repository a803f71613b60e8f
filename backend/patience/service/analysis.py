"""The service's side of the solver jobs: analysis reports, the hand-off after an action,
proven dead ends, and hints.

The worker searches; the service only enqueues and reads results (:mod:`patience.jobs`). A
read (``GET``) never enqueues: the action that made a position asks for its analysis, and
``POST /games/<id>/analysis`` asks again. Without Redis or without a worker, play goes on:
analysis says ``unavailable`` and a hint is the ordinary advice computed here without
search.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from redis import Redis, RedisError

from patience.engine import Game
from patience.games import quick_hint
from patience.jobs import (
    Analyses,
    FairPlayWeighing,
    HintSearch,
    Known,
    Pars,
    honesty,
    offline_report,
)
from patience.jobs.queues import ANALYSIS_QUEUE_LIMIT, GLANCE_NODES
from patience.solver.hints import Hint

log = logging.getLogger(__name__)

Json = dict[str, Any]

HINT_WAIT_SECONDS = 1.5
"""How long a hint request waits for the worker's searched hint before giving the ordinary
advice instead (a waiting hint preempts any analysis the worker is running)."""
WORKERS_TTL = 2.0
"""Seconds an app trusts its last look at whether any worker runs."""


class WorkersSeen:
    """An app's last look at whether any worker runs (one per app, so that two apps in one
    process, as in the tests, do not share what either saw)."""

    def __init__(self) -> None:
        self.when = float("-inf")
        self.alive = False


class Analyst:
    """Analysis and hints on ``redis`` (``None``: Redis is not configured), for one request:
    what Redis said of a position's analysis is read once and reused; ``seen``: the app's
    last look at its workers. The honesty rule is the analyses' own
    (:func:`patience.jobs.honest_analysis.honesty`): this class only asks them and degrades
    when Redis fails."""

    def __init__(
        self,
        redis: Redis | None,
        seen: WorkersSeen | None = None,
        queue_limit: int = ANALYSIS_QUEUE_LIMIT,
        glance_nodes: int = GLANCE_NODES,
    ) -> None:
        self.analyses = (
            None
            if redis is None
            else Analyses(redis, queue_limit=queue_limit, glance_nodes=glance_nodes)
        )
        self.redis = redis
        self.seen = seen or WorkersSeen()
        self._known: dict[str, Known] = {}  # by position key

    def report(self, game: Game[Any, Any], version: int) -> Json:
        """The Analysis of API.md for ``game`` at ``version`` (a pure read)."""
        if self.analyses is None:
            return offline_report(game, version)
        return self.analyses.report(game, version, self._known.get(game.position_key()))

    def ask(self, game: Game[Any, Any], version: int, owner: str, *, again: bool = False) -> Json:
        """Ask for the analysis of stored game ``owner``'s position (queued unless known or
        pending; ``again``: a search that ran out of budget runs once more); its report."""
        if self.analyses is None or not honesty(game).searched:
            return self.report(game, version)
        key = game.position_key()
        try:
            cached = self._known.get(key)
            self._known[key] = self.analyses.ask(game, version, owner, cached, again=again)
        except RedisError:
            log.warning("analysis not asked for version %s", version)
        return self.report(game, version)

    def after_action(self, game: Game[Any, Any], version: int, owner: str) -> None:
        """After an accepted action: ask for the analysis when the worker searches the
        position (with a redeal left in Gaps, for a win in sight only) and a worker is there
        to run it; without one, keep only a verdict that needs no search (best effort: a
        Redis failure never fails the action)."""
        if self.analyses is None or not honesty(game).searched:
            return
        if self._workers_alive():
            self.ask(game, version, owner)
            return
        try:
            self.analyses.infer(game, owner, want=True)
        except RedisError:
            log.warning("analysis not inferred for version %s", version)

    def game_over(self, owner: str) -> None:
        """Stored game ``owner`` ended: its analysis is wanted no more (best effort)."""
        if self.analyses is not None:
            try:
                self.analyses.release(owner)
            except RedisError:
                log.warning("analysis of game %s not released", owner)

    def proven_unwinnable(self, game: Game[Any, Any]) -> bool:
        """Whether a finished proof says the current position cannot be won."""
        if self.analyses is None:
            return False
        key = game.position_key()
        try:
            if key not in self._known and honesty(game).full_information:
                self._known[key] = self.analyses.known(game)
            return self.analyses.proven_unwinnable(game, self._known.get(key))
        except RedisError:
            return False

    def start_par(self, game: Game[Any, Any]) -> None:
        """Queue the search of ``game``'s deal's par (best effort)."""
        if self.redis is not None:
            try:
                Pars(self.redis).submit_par(game)
            except RedisError:
                log.warning("par search not queued for %s-%s", game.name, game.deal)

    def start_fair_play(self, game_id: str) -> None:
        """Queue the weighing of a win for its fair-play mark (best effort: without Redis the
        win stays ``pending`` until ``patience fair-play`` weighs it)."""
        if self.redis is not None:
            try:
                FairPlayWeighing(self.redis).submit_fair_play(game_id)
            except RedisError:
                log.warning("fair-play weighing not queued for game %s", game_id)

    def moves_back(self, game: Game[Any, Any]) -> int | None:
        """How many moves back the last winnable point of ``game``'s line is, when a finished
        search says so."""
        if self.analyses is None:
            return None
        try:
            return self.analyses.moves_back(game)
        except RedisError:
            return None

    def advise(self, game: Game[Any, Any]) -> Hint:
        """A hint: the worker's searched one (or a kept winning line's) when it answers in
        time, else ordinary advice."""
        if self.redis is not None:
            search = HintSearch(self.redis)
            # Without a worker, only a kept winning line gives a searched hint.
            alive = search.has_workers()
            found = search.hint(game, wait=HINT_WAIT_SECONDS) if alive else search.kept(game)
            if found is not None:
                searched: Hint = found.get("hint")
                return searched
        return quick_hint(game)

    def _workers_alive(self) -> bool:
        """Whether a worker is alive, looked up at most every :data:`WORKERS_TTL` s."""
        assert self.analyses is not None
        now = time.monotonic()
        if now - self.seen.when > WORKERS_TTL:
            self.seen.when, self.seen.alive = now, self.analyses.has_workers()
        return self.seen.alive
