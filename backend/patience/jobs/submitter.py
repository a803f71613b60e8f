"""What every submitter of jobs shares: enqueue by name, on one Redis connection.

:meth:`Submitter.submit` queues a job of a :class:`~patience.jobs.queues.Kind` under its
task's dotted name: no submitter imports the tasks, so the API process loads no job function
(only the worker does). A job id already queued or running is not queued twice. Each kind of
job has a small submitter of its own built on this one: analyses and their rewinds
(:mod:`patience.jobs.honest_analysis`), searched hints (:mod:`patience.jobs.hint_search`),
``/solve`` (:mod:`patience.jobs.solves`), and the background work — pars, fair-play
weighing, the ranked pool (:mod:`patience.jobs.background`).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from redis import Redis, RedisError
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError
from rq.job import Job

from patience.engine import Game
from patience.jobs.queues import ANALYSIS_QUEUE, KEEP_FAILED, RETRIES, Kind, lifetime, live_workers
from patience.jobs.results import Known, Results

Json = dict[str, Any]

CLEAR_DROPPED_PAST = 256
"""Queue length past which a submit clears the queue of the ids of jobs dropped while
queued. A job that waits longer than its kind's ``wait`` is gone, but RQ leaves its id on
the queue until a worker pops it; a queue no worker reaches for long (rewinds, behind a
steady stream of analyses) would grow by one id a job."""
_CLEAR_DROPPED = """
for _, id in ipairs(redis.call('LRANGE', KEYS[1], 0, -1)) do
  if redis.call('EXISTS', ARGV[1] .. id) == 0 then
    redis.call('LREM', KEYS[1], 0, id)
  end
end
"""


@dataclass
class Submitter:
    """Enqueueing by name and reading results, on one Redis connection."""

    redis: Redis

    def __post_init__(self) -> None:
        self.results = Results(self.redis)

    def queue(self, name: str = ANALYSIS_QUEUE) -> Queue:
        return Queue(name, connection=self.redis)

    def submit(
        self,
        kind: Kind,
        job_id: str,
        args: tuple[Any, ...],
        kwargs: Json | None = None,
        *,
        timeout: int | None = None,
        known: Known | None = None,
    ) -> None:
        """Queue ``kind``'s task for ``job_id`` unless that job is queued or running already
        (a spent one of that id is replaced; ``known``: what the caller just read of it). Its
        RQ record goes as soon as it ends."""
        known = known or self.results.read(job_id)[0]
        if known.pending:
            return
        if known.status is not None:  # failed every run (or stopped): start afresh
            old = self._fetch(job_id)
            if old is not None:
                old.delete()
        # DuplicateJobError: another API process queued it a moment ago.
        with contextlib.suppress(DuplicateJobError):
            self.queue(kind.queue).enqueue_call(
                kind.task,
                args=args,
                kwargs=kwargs or {},
                job_id=job_id,
                timeout=timeout or kind.timeout,
                result_ttl=0,
                ttl=lifetime(kind.wait),
                failure_ttl=lifetime(KEEP_FAILED),
                retry=Retry(max=RETRIES),
                unique=True,
                at_front=kind.newest_first,
            )
        self._clear_dropped(kind.queue)

    def has_workers(self) -> bool:
        """Whether a worker that takes players' jobs is alive (False when Redis does not
        answer)."""
        try:
            return bool(live_workers(self.redis, "interactive"))
        except RedisError:
            return False

    def _clear_dropped(self, name: str) -> None:
        """Take off queue ``name`` the ids of jobs no longer stored, once it is long
        (:data:`CLEAR_DROPPED_PAST`): in one script, so that an id queued again meanwhile
        is never taken off with its dropped namesake."""
        queue = self.queue(name)
        if self.redis.llen(queue.key) > CLEAR_DROPPED_PAST:
            self.redis.eval(_CLEAR_DROPPED, 1, queue.key, Job.redis_job_namespace_prefix)

    def _fetch(self, job_id: str) -> Job | None:
        try:
            return Job.fetch(job_id, connection=self.redis)
        except Exception:  # gone (NoSuchJobError), or half-written by a race: not a job
            return None


def primitives(game: Game[Any, Any]) -> tuple[str, Json, int | Json, list[Json], list[str]]:
    """What a job needs to rebuild ``game``: name, options, deal (its number, or the start
    of a ranked deal), move line, seen cards."""
    deal = game.deal if game.deal is not None else game.start
    if deal is None:
        raise ValueError("jobs rebuild deals only, not hand-made positions")
    return game.name, dict(game.options), deal, game.moves, game.seen
