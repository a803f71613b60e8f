"""The API's side of the job queue: enqueue, report, and keep the queue bounded.

- **One analysis per game.** Each game records its latest wanted analysis, and each
  analysis the set of games that want it (one position may be wanted by several games).
  When a game moves on, it leaves its older analysis's set; an analysis nobody wants any
  more is taken off the queue if it has not started, and stops mid-search if it has (the
  worker looks at the set before and during the search). So a quick player never leaves
  a backlog, and a position left behind is never searched later.
- **Bounds.** Past :data:`~patience.jobs.queues.ANALYSIS_QUEUE_LIMIT` queued analyses a new one
  reports ``busy`` instead of queueing; a player has at most
  :data:`~patience.jobs.queues.SOLVES_IN_FLIGHT` ``/solve`` jobs queued or running.
- **Degrading.** Any Redis error, or no live worker, makes analysis ``unavailable``; play
  never waits for it.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from redis import Redis, RedisError
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError, InvalidJobOperation, NoSuchJobError
from rq.job import Job, JobStatus

from patience.engine import Game
from patience.jobs import tasks
from patience.jobs.lines import kept_hint
from patience.jobs.queues import (
    ANALYSIS_QUEUE,
    ANALYSIS_QUEUE_LIMIT,
    ANALYSIS_SECONDS,
    HINT_QUEUE,
    HINT_TIMEOUT,
    LATEST,
    PAR_QUEUE,
    PAR_SECONDS,
    RESULT_TTL,
    RETRIES,
    REWIND_SECONDS,
    SOLVE_ID,
    SOLVE_QUEUE,
    SOLVE_SECONDS,
    SOLVES,
    SOLVES_IN_FLIGHT,
    WANTED,
    analysis_id,
    hint_id,
    live_workers,
    par_id,
    rewind_id,
    solve_id,
)

Json = dict[str, Any]

PENDING = {
    JobStatus.QUEUED,
    JobStatus.STARTED,
    JobStatus.DEFERRED,
    JobStatus.SCHEDULED,
    JobStatus.CREATED,
}

# Record a game's newest wanted analysis atomically; answer the game's previous analysis
# when no game wants it any more (the caller then takes it off the queue).
WANT = """
local previous = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[3])
if previous and previous ~= ARGV[1] then
  local older = ARGV[4] .. previous
  redis.call('SREM', older, ARGV[2])
  if redis.call('SCARD', older) == 0 then return previous end
end
return false
"""


class TooManySolves(Exception):
    """A player already has :data:`SOLVES_IN_FLIGHT` ``/solve`` jobs queued or running."""


def not_applicable(game: Game[Any, Any], version: int) -> Json | None:
    """The ``not_applicable`` Analysis when the game is over or unseen cards remain (the
    honesty rule: a verdict only once no hidden card is unseen; Gaps has none)."""
    if game.status != "playing":
        return _analysis(version, "not_applicable", reason="game_over")
    if game.unseen_count():
        return _analysis(version, "not_applicable", reason="unseen_cards")
    return None


@dataclass
class Jobs:
    """Enqueueing and reporting, on one Redis connection."""

    redis: Redis
    queue_limit: int = ANALYSIS_QUEUE_LIMIT
    analysis_seconds: float = ANALYSIS_SECONDS

    def queue(self, name: str = ANALYSIS_QUEUE) -> Queue:
        return Queue(name, connection=self.redis)

    # -- analysis ----------------------------------------------------------------------------

    def analysis(
        self, game: Game[Any, Any], version: int, *, start: bool = True, owner: str | None = None
    ) -> Json:
        """The Analysis of API.md for ``game`` at ``version``; when ``start``, the analysis is
        wanted (as the latest one of game ``owner``) and queued unless it is there already."""
        refused = not_applicable(game, version)
        if refused is not None:
            return refused
        try:
            return self._analysis(game, version, start, owner)
        except RedisError:
            return _analysis(version, "unavailable", reason="redis_unavailable")

    def _analysis(self, game: Game[Any, Any], version: int, start: bool, owner: str | None) -> Json:
        job_id = analysis_id(game)
        job = self._fetch(job_id)
        if start:
            self._want(owner or f"direct:{job_id}", job_id)
        if job is not None and job.get_status() == JobStatus.FINISHED:
            result = job.return_value() or {}
            if result.get("verdict") == "winnable":
                return _analysis(version, "done", verdict="winnable")
            if result.get("verdict") == "unwinnable":
                report = _analysis(version, "done", verdict="unwinnable")
                return report | self._rewind_report(game, version, start)
            if not _spent(job):
                return _analysis(version, "timeout", reason="budget_exhausted")
        if job is None or _spent(job):
            if not start:
                return _analysis(version, "not_applicable")
            if len(self.queue()) >= self.queue_limit:
                return _analysis(version, "unavailable", reason="busy")
            self._enqueue(
                ANALYSIS_QUEUE,
                job_id,
                tasks.analyse,
                (game.position(), dict(game.options)),
                {"seconds": self.analysis_seconds},
                timeout=int(self.analysis_seconds) + 30,
            )
        if not live_workers(self.redis):  # queued all the same: one per game, bounded
            return _analysis(version, "unavailable", reason="no_worker")
        return _analysis(version, "pending")

    def _rewind_report(self, game: Game[Any, Any], version: int, start: bool) -> Json:
        """``rewind`` for a lost position: ``{moves_back, version}`` or ``None`` (not even the
        deal could be won) once the search is done; absent while it runs or if it was
        inconclusive (it is started when asked)."""
        point = self.rewind_point(game)
        if point is not None:
            found, length = point
            return {
                "rewind": None
                if found is None
                else {"moves_back": length - found, "version": version}
            }
        job = self._fetch(rewind_id(game))
        if start and (job is None or _spent(job)):
            self._enqueue(
                ANALYSIS_QUEUE,
                rewind_id(game),
                tasks.rewind,
                _primitives(game),
                {"seconds": REWIND_SECONDS},
                timeout=int(REWIND_SECONDS) + 30,
            )
        return {}

    def rewind_point(self, game: Game[Any, Any]) -> tuple[int | None, int] | None:
        """The finished rewind search of ``game``'s line: (moves into the line where it could
        last be won, or ``None`` for nowhere; the line's length); ``None`` if not known."""
        job = self._fetch(rewind_id(game))
        if job is None or job.get_status() != JobStatus.FINISHED:
            return None
        result = job.return_value() or {}
        if result.get("inconclusive", True):
            return None
        return result["found"], result["length"]

    def verdict(self, game: Game[Any, Any]) -> str | None:
        """The finished verdict for ``game``'s position, if any (never starts a job)."""
        if not_applicable(game, 0) is not None:
            return None
        try:
            job = self._fetch(analysis_id(game))
            if job is None or job.get_status() != JobStatus.FINISHED:
                return None
            verdict: str | None = (job.return_value() or {}).get("verdict")
            return verdict
        except RedisError:
            return None

    def has_workers(self) -> bool:
        """Whether any worker is alive (False when Redis does not answer)."""
        try:
            return bool(live_workers(self.redis))
        except RedisError:
            return False

    def _want(self, owner: str, job_id: str) -> None:
        """Record ``job_id`` as game ``owner``'s latest analysis; an older analysis that no
        game wants any more leaves the queue (a running one stops by itself)."""
        dropped = self.redis.eval(
            WANT, 2, LATEST + owner, WANTED + job_id, job_id, owner, RESULT_TTL, WANTED
        )
        if not dropped:
            return
        older = self._fetch(dropped.decode() if isinstance(dropped, bytes) else str(dropped))
        if older is not None and older.get_status() == JobStatus.QUEUED:
            # Started (or even finished) meanwhile? Then it sees at once that nobody wants it,
            # or its result stands; either way RQ refuses the cancel, which is fine.
            with contextlib.suppress(InvalidJobOperation, NoSuchJobError, ValueError):
                older.cancel()

    # -- hints -------------------------------------------------------------------------------

    def hint(self, game: Game[Any, Any], wait: float) -> Json | None:
        """The worker's hint for ``game``, waiting at most ``wait`` seconds; ``None`` when it
        is not ready (the caller gives ordinary advice instead)."""
        try:
            kept = kept_hint(self.redis, game)
            if kept is not None:  # a winning line through here is known: no search
                return {"hint": kept}
            job = self._fetch(hint_id(game))
            if job is None or _spent(job):
                job = self._enqueue(
                    HINT_QUEUE,
                    hint_id(game),
                    tasks.hint,
                    _primitives(game),
                    {},
                    timeout=HINT_TIMEOUT,
                )
            deadline = time.monotonic() + wait
            while True:
                status = job.get_status()
                if status == JobStatus.FINISHED:
                    found: Json | None = job.return_value()
                    return found
                if status not in PENDING or time.monotonic() > deadline:
                    return None
                time.sleep(0.02)
        except RedisError:
            return None

    # -- /solve ------------------------------------------------------------------------------

    def submit_solve(self, game: Game[Any, Any], player: str) -> str:
        """Enqueue a whole-deal solve for ``player``; returns the job id (raises
        :class:`TooManySolves`; RedisError propagates)."""
        job_id = solve_id(game)
        mine = SOLVES + player
        for known in self.redis.smembers(mine):  # forget the player's jobs that are over
            job = self._fetch(known.decode() if isinstance(known, bytes) else str(known))
            if job is None or job.get_status() not in PENDING:
                self.redis.srem(mine, known)
        if not self.redis.sismember(mine, job_id) and self.redis.scard(mine) >= SOLVES_IN_FLIGHT:
            raise TooManySolves(f"at most {SOLVES_IN_FLIGHT} solves at a time")
        job = self._fetch(job_id)
        if job is None or _spent(job):
            job = self._enqueue(
                SOLVE_QUEUE,
                job_id,
                tasks.solve_deal,
                (game.name, dict(game.options), game.deal),
                {"seconds": SOLVE_SECONDS},
                timeout=int(SOLVE_SECONDS) + 30,
            )
        if job.get_status() in PENDING:
            with self.redis.pipeline(transaction=False) as pipe:
                pipe.sadd(mine, job_id)
                pipe.expire(mine, RESULT_TTL)
                pipe.execute()
        return job_id

    # -- par ---------------------------------------------------------------------------------

    def submit_par(self, game: Game[Any, Any]) -> None:
        """Queue the par search of ``game``'s deal unless it is queued, running or done."""
        assert game.deal is not None
        job_id = par_id(game.name, game.ruleset, game.deal)
        job = self._fetch(job_id)
        if job is None or _spent(job):
            self._enqueue(
                PAR_QUEUE,
                job_id,
                tasks.par,
                (game.name, dict(game.options), game.deal),
                {"seconds": PAR_SECONDS},
                timeout=int(PAR_SECONDS) * 4 + 60,
            )

    def par_found(self, name: str, ruleset: str, deal: int) -> Json | None:
        """The finished par search of a deal, if any: ``{moves, proven, line}`` (``moves``
        None when no winning line was found)."""
        job = self._fetch(par_id(name, ruleset, deal))
        if job is None or job.get_status() != JobStatus.FINISHED:
            return None
        found: Json | None = job.return_value()
        return found

    def job_view(self, job_id: str) -> Json | None:
        """``GET /jobs/<id>``: state, verdict, solution, stats (``None``: no such job)."""
        job = self._fetch(job_id) if SOLVE_ID.fullmatch(job_id) else None
        if job is None:
            return None
        status = job.get_status()
        view: Json = {"id": job_id, "state": "queued", "verdict": None, "solution": None}
        view["stats"] = {"nodes": None, "seconds": None}
        if status == JobStatus.STARTED:
            view["state"] = "running"
        elif status == JobStatus.FINISHED:
            result = job.return_value() or {}
            view["verdict"] = result.get("verdict")
            view["solution"] = result.get("solution")
            view["stats"] = {"nodes": result.get("nodes"), "seconds": result.get("seconds")}
            view["state"] = "timeout" if view["verdict"] == "unknown" else "done"
        elif status not in PENDING:
            view["state"] = "failed"
        return view

    # -- plumbing ----------------------------------------------------------------------------

    def _fetch(self, job_id: str) -> Job | None:
        try:
            return Job.fetch(job_id, connection=self.redis)
        except NoSuchJobError:
            return None

    def _enqueue(
        self,
        queue: str,
        job_id: str,
        func: Callable[..., Json],
        args: tuple[Any, ...],
        kwargs: Json,
        *,
        timeout: int,
    ) -> Job:
        """A new job with ``job_id`` (replacing a spent one of that id)."""
        old = self._fetch(job_id)
        if old is not None and _spent(old):
            old.delete()
        try:
            return self.queue(queue).enqueue_call(
                func,
                args=args,
                kwargs=kwargs,
                job_id=job_id,
                timeout=timeout,
                result_ttl=RESULT_TTL,
                failure_ttl=RESULT_TTL,
                retry=Retry(max=RETRIES),
                unique=True,
            )
        except DuplicateJobError:  # another API process enqueued it a moment ago
            existing = self._fetch(job_id)
            if existing is None:
                raise
            return existing


def _primitives(game: Game[Any, Any]) -> tuple[str, Json, int, list[Json], list[str]]:
    """What a job needs to rebuild ``game``: name, options, deal, move line, seen cards."""
    if game.deal is None:
        raise ValueError("jobs rebuild numbered deals only")
    return game.name, dict(game.options), game.deal, game.moves, game.seen


def _spent(job: Job) -> bool:
    """Whether ``job`` can no longer give its result: failed, stopped or cancelled, or an
    analysis that stopped early, unwanted or making way for a hint (it runs again when
    asked for again)."""
    status = job.get_status()
    if status in (JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED):
        return True
    if status != JobStatus.FINISHED:
        return False
    result = job.return_value() or {}
    return bool(result.get("superseded") or result.get("preempted"))


def _analysis(version: int, state: str, *, verdict: str | None = None, reason: str = "") -> Json:
    return {"version": version, "state": state, "verdict": verdict, "reason": reason}
