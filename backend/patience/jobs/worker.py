"""``patience worker``: an RQ worker on the solver queues, that outlives what kills RQ's own.

- **Priorities.** It takes hint jobs first, then analyses, then ``/solve`` requests, then
  par searches, then wins' fair-play weighings, then catalogue batches
  (:data:`~patience.jobs.queues.QUEUES`): a deal's par
  search, queued when the deal is first dealt, never waits ahead of a player's request.
- **A death costs one retry.** While a job runs, the worker renews the job's entry in RQ's
  started-job registry every :data:`~patience.jobs.queues.HEARTBEAT_SECONDS` for only
  :data:`~patience.jobs.queues.ABANDONED_AFTER` seconds more (RQ's default is a minute), so
  when a worker and its work horse are killed, RQ's own registry cleanup — run by every
  worker's maintenance, every :data:`MAINTENANCE_SECONDS` — puts the job back on its queue
  within seconds, once per retry left. No call into RQ beyond its worker hooks.
- **Warm horses.** The worker imports the job functions (and the solver) before it forks:
  RQ names each job's task by its dotted name, and a horse forked from a worker that has it
  loaded starts the search at once.
- **Liveness.** Every beat also lands in the register of live workers
  (:func:`~patience.jobs.queues.beat`), which the API reads.
- **Redis outages.** RQ's loop quits on most Redis errors; :func:`run` starts a fresh worker
  after a pause (1 s, doubling up to 10 s) until Redis answers again, and stops only when
  asked to (SIGTERM/SIGINT) or, in burst mode, when the queues are empty.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from types import FrameType
from typing import Any

from redis import Redis, RedisError
from rq import Queue, SimpleWorker, Worker
from rq.job import Job

from patience.jobs import tasks  # noqa: F401  (loaded here once: every forked horse has it)
from patience.jobs.client import Jobs
from patience.jobs.queues import (
    ABANDONED_AFTER,
    HEARTBEAT_SECONDS,
    IDLE_WAIT_SECONDS,
    QUEUES,
    beat,
    forget,
)

log = logging.getLogger(__name__)

MAINTENANCE_SECONDS = 5
"""How often a worker runs RQ's maintenance (which retries abandoned jobs)."""
MAX_PAUSE_SECONDS = 10.0


class _Beating:
    """Liveness beats, short-lived job registrations and a record of stop requests, mixed
    into RQ's workers."""

    connection: Redis
    name: str
    abandoned_after: int = ABANDONED_AFTER
    stop_asked: bool = False
    told_no_secret: bool = False

    def heartbeat(self, timeout: int | None = None, pipeline: Any = None) -> None:
        super().heartbeat(timeout, pipeline)  # type: ignore[misc]
        try:
            beat(self.connection, self.name)
        except RedisError:  # RQ's own next call will fail and end the loop
            log.warning("worker %s: could not beat", self.name)

    def request_stop(self, signum: int, frame: FrameType | None) -> None:
        self.stop_asked = True
        super().request_stop(signum, frame)  # type: ignore[misc]

    def run_maintenance_tasks(self) -> None:
        """RQ's maintenance (at start and every few seconds), then the sweep of wins whose
        fair-play weighing was lost (queued by one worker every few minutes), then topping
        up the ranked pool: its filler is queued unless a recent run found the pool full. A
        worker without ``DEAL_SECRET`` deals no ranked deals (it says so once)."""
        super().run_maintenance_tasks()  # type: ignore[misc]
        try:
            Jobs(self.connection).sweep_fair_play()
        except RedisError:
            log.warning("worker %s: could not queue the fair-play sweep", self.name)
        if not os.environ.get("DEAL_SECRET"):
            if not self.told_no_secret:
                log.error("worker %s: no DEAL_SECRET, so the ranked pool is not filled", self.name)
                self.told_no_secret = True
            return
        try:
            Jobs(self.connection).top_up_pool()
        except RedisError:
            log.warning("worker %s: could not queue the ranked pool's filler", self.name)

    def register_death(self) -> None:
        super().register_death()  # type: ignore[misc]
        forget(self.connection, self.name)


class SolverWorker(_Beating, Worker):
    """RQ's forking worker: each job in a fresh child, so a crash or a leak dies with it."""

    def get_heartbeat_ttl(self, job: Job) -> int:
        """How long the running job stays registered without a new beat: a few seconds past
        the next beat (this worker beats while its horse works), so an abandoned job is
        noticed soon."""
        interval = int(self.job_monitoring_interval)
        if job.timeout and job.timeout > 0:
            remaining = int(job.timeout - self.current_job_working_time)
            return min(remaining, interval) + self.abandoned_after
        return interval + self.abandoned_after


class InProcessWorker(_Beating, SimpleWorker):
    """Jobs in the worker's own process: for a host with threads of its own (a test run),
    where a fork could copy a lock that another thread holds. It cannot beat while a job
    runs, so its jobs keep RQ's long registration."""


def make_worker(
    redis: Redis, *, fork: bool = True, **kwargs: Any
) -> SolverWorker | InProcessWorker:
    """A worker on :data:`QUEUES` with the timings above."""
    return (SolverWorker if fork else InProcessWorker)(
        [Queue(name, connection=redis) for name in QUEUES],
        connection=redis,
        job_monitoring_interval=HEARTBEAT_SECONDS,
        maintenance_interval=MAINTENANCE_SECONDS,
        worker_ttl=IDLE_WAIT_SECONDS + 15,  # RQ blocks on the queues for worker_ttl − 15 s
        **kwargs,
    )


def run(
    url: str,
    *,
    burst: bool = False,
    abandoned_after: int = ABANDONED_AFTER,
    fork: bool = True,
    **kwargs: Any,
) -> None:
    """Work the queues at ``url`` until stopped (or, with ``burst``, until they are empty),
    starting a fresh worker whenever one quits on a Redis error; ``fork=False`` runs the
    jobs in this process."""
    redis = Redis.from_url(url)  # no socket timeout: the worker blocks on the queues
    pause = 1.0
    while True:
        worker, started = None, time.monotonic()
        try:
            worker = make_worker(redis, fork=fork, **kwargs)
            worker.abandoned_after = abandoned_after
            worker.work(burst=burst, with_scheduler=False)
        except RedisError as exc:
            log.warning("worker: redis unavailable (%s)", exc)
        if burst or (worker is not None and worker.stop_asked):
            return
        if time.monotonic() - started > 60:  # it had been working: a fresh outage
            pause = 1.0
        log.warning("worker: starting again in %.0f s", pause)
        _pause(pause)
        pause = min(pause * 2, MAX_PAUSE_SECONDS)


def _pause(seconds: float) -> None:
    """Sleep between workers; SIGTERM or SIGINT meanwhile ends the process at once (RQ's
    handlers, still installed, belong to the worker that quit)."""

    def leave(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, leave)
    signal.signal(signal.SIGINT, leave)
    time.sleep(seconds)
