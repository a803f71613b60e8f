"""Solver jobs on Redis and RQ: analysis of a position, hint search, ``/solve`` requests.

The stateless API enqueues and reports; an RQ worker (``patience worker``) does the search.

- **Deterministic ids.** A job's id is derived from what it computes for: the game, its
  ruleset and the full position (not the version or the move line that led there). Asking
  twice for the same thing finds the same job, so duplicates collapse, and a result is only
  ever looked up for the exact position it was computed for — a result for an older version
  can never be shown as current.
- **Budgets and retries.** Each job has a solver budget and an RQ timeout; a job whose worker
  vanished (no heartbeat) is put back on the queue by the next worker's maintenance, up to
  :data:`RETRIES` times.
- **Superseded analyses.** Each game's latest wanted analysis is recorded; when a newer
  position of the game is wanted, the older job is flagged, and the worker drops it (before it
  starts, or mid-search through the solver's cancellation). A player moving quickly thus
  never queues a backlog of stale positions. Should the older position be wanted again
  (undo), it is simply searched again.
- **Degrading.** Any Redis error, or no worker at all, makes analysis ``unavailable``; play
  never waits for it.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from redis import Redis, RedisError
from rq import Queue, Retry, Worker
from rq.exceptions import DuplicateJobError, NoSuchJobError
from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry

from patience.engine import Game
from patience.jobs import tasks

Json = dict[str, Any]

QUEUE = "patience"
RETRIES = 2
ANALYSIS_SECONDS = 20.0
"""Solver budget of an analysis; past it the verdict is ``timeout`` (never ``unwinnable``)."""
SOLVE_SECONDS = 60.0
RESULT_TTL = 24 * 3600
HEARTBEAT_SECONDS = 2
"""How often a worker marks its running job alive."""
STALE_SECONDS = 10.0
"""A running job silent this long lost its worker and is retried."""
LATEST = "patience:analysis:latest:"
"""+ game id → the id of the game's latest wanted analysis job."""
SUPERSEDED = "patience:analysis:superseded:"
"""+ job id → set while that analysis is no longer wanted."""

SOLVE_ID = re.compile(r"solve-[0-9a-f]{40}")
"""The shape of every ``/solve`` job id (anything else is no job of ours, and RQ refuses
some ids outright)."""

PENDING = {
    JobStatus.QUEUED,
    JobStatus.STARTED,
    JobStatus.DEFERRED,
    JobStatus.SCHEDULED,
    JobStatus.CREATED,
}


def state_key(game: Game[Any, Any]) -> str:
    """A fingerprint of what a job computes for: game, ruleset and full position.

    >>> from patience.engine import new_game
    >>> a, b = new_game("pyramid", deal=1), new_game("pyramid", deal=1)
    >>> _ = a.play({"type": "draw"}); a.undo()
    >>> state_key(a) == state_key(b)
    True
    """
    position = game.position()
    position.pop("seen", None)  # what the player saw changes hints, not verdicts
    text = json.dumps([game.name, game.ruleset, position], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:40]


def primitives(game: Game[Any, Any]) -> tuple[str, Json, int, list[Json], list[str]]:
    """What a job needs to rebuild ``game``: name, options, deal, move line, seen cards."""
    if game.deal is None:
        raise ValueError("jobs rebuild numbered deals only")
    return game.name, dict(game.options), game.deal, game.moves, game.seen


def analysis_applicable(game: Game[Any, Any]) -> bool:
    """The honesty rule: a verdict only once no hidden card is unseen (Gaps: always)."""
    return game.status == "playing" and game.unseen_count() == 0


def not_applicable(game: Game[Any, Any], version: int) -> Json | None:
    """The ``not_applicable`` Analysis when the game is over or unseen cards remain."""
    if game.status != "playing":
        return _analysis(version, "not_applicable", reason="game_over")
    if not analysis_applicable(game):
        return _analysis(version, "not_applicable", reason="unseen_cards")
    return None


@dataclass
class Jobs:
    """Enqueueing and reporting, on one Redis connection."""

    redis: Redis

    @property
    def queue(self) -> Queue:
        return Queue(QUEUE, connection=self.redis)

    # -- analysis ----------------------------------------------------------------------------

    def analysis(
        self, game: Game[Any, Any], version: int, *, start: bool = True, owner: str | None = None
    ) -> Json:
        """The Analysis of API.md for ``game`` at ``version``; starts the job when asked, as
        the latest analysis of the game ``owner`` (superseding its earlier one)."""
        refused = not_applicable(game, version)
        if refused is not None:
            return refused
        try:
            job = self._job("analysis", game, start=start)
            if job is None:
                return _analysis(version, "pending" if start else "not_applicable")
            if start and owner is not None:
                self._want(owner, job.id)
            status = job.get_status()
            if _spent(job):  # only when not starting: a started job is never spent
                return _analysis(version, "not_applicable")
            if status == JobStatus.FINISHED:
                verdict = (job.return_value() or {}).get("verdict")
                if verdict in ("winnable", "unwinnable"):
                    return _analysis(version, "done", verdict=verdict)
                return _analysis(version, "timeout", reason="budget_exhausted")
            if not Worker.count(connection=self.redis):
                return _analysis(version, "unavailable", reason="no_worker")
            return _analysis(version, "pending")
        except RedisError:
            return _analysis(version, "unavailable", reason="redis_unavailable")

    def verdict(self, game: Game[Any, Any]) -> str | None:
        """The finished verdict for ``game``'s position, if any (never starts a job)."""
        if not analysis_applicable(game):
            return None
        try:
            job = self._fetch(_job_id("analysis", game))
            if job is None or job.get_status() != JobStatus.FINISHED:
                return None
            verdict: str | None = (job.return_value() or {}).get("verdict")
            return verdict
        except RedisError:
            return None

    def has_workers(self) -> bool:
        """Whether any worker is registered (False when Redis does not answer)."""
        try:
            return bool(Worker.count(connection=self.redis))
        except RedisError:
            return False

    # -- hints -------------------------------------------------------------------------------

    def hint(self, game: Game[Any, Any], wait: float) -> Json | None:
        """The worker's hint for ``game``, waiting at most ``wait`` seconds; ``None`` when it
        is not ready (the caller gives ordinary advice instead)."""
        try:
            job = self._job("hint", game, start=True)
            deadline = time.monotonic() + wait
            while job is not None:
                status = job.get_status()
                if status == JobStatus.FINISHED:
                    found: Json | None = job.return_value()
                    return found
                if status not in PENDING or time.monotonic() > deadline:
                    return None
                time.sleep(0.05)
        except RedisError:
            return None
        return None

    # -- /solve ------------------------------------------------------------------------------

    def submit_solve(self, game: Game[Any, Any]) -> str:
        """Enqueue a whole-deal solve; returns the job id (RedisError propagates)."""
        job = self._ensure(
            f"solve-{state_key(game)}",
            tasks.solve_deal,
            (game.name, dict(game.options), game.deal),
            {"seconds": SOLVE_SECONDS},
            timeout=int(SOLVE_SECONDS) + 30,
        )
        return str(job.id)

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

    def _job(self, kind: str, game: Game[Any, Any], *, start: bool) -> Job | None:
        if not start:
            return self._fetch(_job_id(kind, game))
        args = primitives(game)
        if kind == "analysis":
            return self._ensure(
                _job_id(kind, game),
                tasks.analyse,
                args,
                {"seconds": ANALYSIS_SECONDS},
                timeout=int(ANALYSIS_SECONDS) + 30,
            )
        return self._ensure(_job_id(kind, game), tasks.hint, args, {}, timeout=60)

    def _want(self, owner: str, job_id: str) -> None:
        """Record ``job_id`` as the latest analysis of game ``owner``; flag the one before."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.getset(LATEST + owner, job_id)
            pipe.expire(LATEST + owner, RESULT_TTL)
            pipe.delete(SUPERSEDED + job_id)
            previous = pipe.execute()[0]
        if previous is not None and previous.decode() != job_id:
            self.redis.set(SUPERSEDED + previous.decode(), 1, ex=int(ANALYSIS_SECONDS) + 60)

    def _fetch(self, job_id: str) -> Job | None:
        try:
            return Job.fetch(job_id, connection=self.redis)
        except NoSuchJobError:
            return None

    def _ensure(
        self,
        job_id: str,
        func: Callable[..., Json],
        args: tuple[Any, ...],
        kwargs: Json,
        *,
        timeout: int,
    ) -> Job:
        """The job with ``job_id``: the existing one unless it failed, was cancelled or was
        dropped as superseded, else a new one."""
        job = self._fetch(job_id)
        if job is not None and not _spent(job):
            return job
        if job is not None:
            job.delete()
        try:
            return self.queue.enqueue_call(
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


def _spent(job: Job) -> bool:
    """Whether ``job`` can no longer give its result: failed, stopped or cancelled, or an
    analysis dropped as superseded."""
    status = job.get_status()
    if status in (JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED):
        return True
    return status == JobStatus.FINISHED and bool((job.return_value() or {}).get("superseded"))


def _job_id(kind: str, game: Game[Any, Any]) -> str:
    return f"{kind}-{state_key(game)}" + ("" if kind != "hint" else "-" + _seen_key(game))


def _seen_key(game: Game[Any, Any]) -> str:
    # A hint depends on what the player has seen, so its id does too.
    return hashlib.sha256(",".join(game.seen).encode()).hexdigest()[:16]


def _analysis(version: int, state: str, *, verdict: str | None = None, reason: str = "") -> Json:
    return {"version": version, "state": state, "verdict": verdict, "reason": reason}


def recover_abandoned(redis: Redis, stale_after: float = STALE_SECONDS) -> int:
    """Put back on the queue every running job whose worker stopped beating (killed, lost
    machine); returns how many. Workers call this when they start and between jobs."""
    queue = Queue(QUEUE, connection=redis)
    registry = StartedJobRegistry(queue=queue)
    recovered = 0
    for job_id in registry.get_job_ids():
        try:
            job = Job.fetch(job_id, connection=redis)
        except NoSuchJobError:
            registry.remove(job_id)
            continue
        beat = job.last_heartbeat or job.started_at
        if beat is None or time.time() - beat.timestamp() < stale_after:
            continue
        registry.remove(job)
        with redis.pipeline() as pipe:
            if job.retries_left:
                job.retry(queue, pipe)  # decrements retries_left and requeues
            else:
                job.set_status(JobStatus.FAILED, pipeline=pipe)
            pipe.execute()
        recovered += 1
    return recovered
