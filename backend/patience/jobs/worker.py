"""``patience worker``: an RQ worker on the solver queues, that outlives what kills RQ's own.

- **Roles.** ``--role interactive`` takes only what a player waits for (hints, analyses
  and rewinds, ``/solve``); ``--role background`` the rest (par searches, fair-play
  weighings, catalogue batches, the ranked pool's filler); ``--role all`` (the default)
  every queue (:data:`~patience.jobs.queues.ROLES`). Within a role, queues are taken in
  :data:`~patience.jobs.queues.QUEUES` order: a hint before an analysis, a par search
  before a slice of the pool's filler.
- **Stops within seconds.** Asked to stop (SIGTERM, SIGINT), a worker tells its work horse
  (:mod:`patience.jobs.stopping`): the search in flight is cancelled within a fraction of a
  second and its job put back on its queue, so the worker exits at once, even mid-proof. A
  job that does not poll for it is killed after :data:`STOP_GRACE_SECONDS` (and retried
  elsewhere, costing one retry).
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
- **Figures.** Each job that ends adds its kind, outcome, time queued and time run to what
  the API's ``/metrics`` reads (:mod:`patience.jobs.metrics`).
- **Redis outages.** RQ's loop quits on most Redis errors; :func:`run` starts a fresh worker
  after a pause (1 s, doubling up to 10 s) until Redis answers again, and stops only when
  asked to (SIGTERM/SIGINT) or, in burst mode, when the queues are empty.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import time
from types import FrameType
from typing import Any

from redis import Redis, RedisError
from rq import Queue, SimpleWorker, Worker
from rq.job import Job

from patience.jobs import (
    stopping,
    tasks,  # noqa: F401  (loaded here once: every forked horse has it)
)
from patience.jobs.background import FairPlayWeighing, PoolFiller
from patience.jobs.metrics import record_job
from patience.jobs.queues import (
    ABANDONED_AFTER,
    ALL_ROLES,
    FAIR_PLAY_QUEUE,
    HEARTBEAT_SECONDS,
    IDLE_WAIT_SECONDS,
    RANKED_QUEUE,
    beat,
    forget,
    role_queues,
)

log = logging.getLogger(__name__)

MAINTENANCE_SECONDS = 5
"""How often a worker runs RQ's maintenance (which retries abandoned jobs)."""
MAX_PAUSE_SECONDS = 10.0
STOP_GRACE_SECONDS = 5.0
"""How long a worker asked to stop lets its job wind down before killing it (a search
stops within a fraction of a second; this is for a job that polls for nothing)."""


class _Beating:
    """Liveness beats, short-lived job registrations and a record of stop requests, mixed
    into RQ's workers."""

    connection: Redis
    name: str
    queue_names: Any
    role: str = ALL_ROLES
    abandoned_after: int = ABANDONED_AFTER
    _stop_requested: bool
    stop_asked: bool = False
    stop_asked_at: float = 0.0
    told_no_secret: bool = False

    def heartbeat(self, timeout: int | None = None, pipeline: Any = None) -> None:
        super().heartbeat(timeout, pipeline)  # type: ignore[misc]
        try:
            beat(self.connection, self.name, self.role)
        except RedisError:  # RQ's own next call will fail and end the loop
            log.warning("worker %s: could not beat", self.name)

    def request_stop(self, signum: int, frame: FrameType | None) -> None:
        """RQ's warm stop; and the loop stops at its next turn even should the
        ``StopRequested`` RQ raises in an idle worker land in code that swallows it (a
        broad ``except`` that the signal interrupted)."""
        if not self.stop_asked:
            self.stop_asked, self.stop_asked_at = True, time.monotonic()
        self._stop_requested = True
        super().request_stop(signum, frame)  # type: ignore[misc]

    def subscribe(self) -> None:
        """No listener on RQ's command channel (``rq`` CLI commands, which nothing here
        sends): stopping its thread at teardown blocks until its minute-long read ends (RQ
        joins it without a limit under redis-py 8), which held a stopping worker for up to
        60 s."""

    def run_maintenance_tasks(self) -> None:
        """RQ's maintenance (at start and every few seconds); then, in a worker that takes
        fair-play weighings, the sweep of wins whose weighing was lost (queued by one worker
        every few minutes); then, in a worker that takes the ranked pool's filler, topping up
        the pool: the filler is queued unless a recent run found the pool full. A worker
        without ``DEAL_SECRET`` deals no ranked deals (it says so once)."""
        super().run_maintenance_tasks()  # type: ignore[misc]
        if FAIR_PLAY_QUEUE in self.queue_names():
            try:
                FairPlayWeighing(self.connection).sweep_fair_play()
            except RedisError:
                log.warning("worker %s: could not queue the fair-play sweep", self.name)
        if RANKED_QUEUE not in self.queue_names():
            return
        if not os.environ.get("DEAL_SECRET"):
            if not self.told_no_secret:
                log.error("worker %s: no DEAL_SECRET, so the ranked pool is not filled", self.name)
                self.told_no_secret = True
            return
        try:
            PoolFiller(self.connection).top_up_pool()
        except RedisError:
            log.warning("worker %s: could not queue the ranked pool's filler", self.name)

    def handle_job_success(self, job: Job, queue: Queue, started_job_registry: Any) -> None:
        super().handle_job_success(job, queue, started_job_registry)  # type: ignore[misc]
        self._record(job, "ok")

    def handle_job_failure(
        self, job: Job, queue: Queue, started_job_registry: Any = None, exc_string: str = ""
    ) -> None:
        outcome = "retried" if job.should_retry else "failed"
        super().handle_job_failure(job, queue, started_job_registry, exc_string)  # type: ignore[misc]
        self._record(job, outcome)

    def _record(self, job: Job, outcome: str) -> None:
        try:
            record_job(
                self.connection,
                job.func_name or "unknown",
                outcome,
                job.enqueued_at,
                job.started_at,
                job.ended_at,
            )
        except RedisError:  # a figure lost, never a job
            log.warning("worker %s: could not record job %s", self.name, job.id)

    def register_death(self) -> None:
        super().register_death()  # type: ignore[misc]
        forget(self.connection, self.name)


class SolverWorker(_Beating, Worker):
    """RQ's forking worker: each job in a fresh child, so a crash or a leak dies with it."""

    def handle_warm_shutdown_request(self) -> None:
        """Tell the work horse, if any, to stop its search (:mod:`patience.jobs.stopping`)."""
        super().handle_warm_shutdown_request()  # type: ignore[no-untyped-call]
        if self.horse_pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.horse_pid, stopping.STOP_SIGNAL)

    def setup_work_horse_signals(self) -> None:
        """RQ's (the horse ignores SIGINT), and :data:`~patience.jobs.stopping.STOP_SIGNAL`
        asks the job to stop; a horse forked just as its worker was asked to stop starts
        asked."""
        super().setup_work_horse_signals()  # type: ignore[no-untyped-call]
        signal.signal(stopping.STOP_SIGNAL, stopping.ask)
        if self.stop_asked:
            stopping.ask()

    def maintain_heartbeats(self, job: Job) -> None:
        """RQ's, every beat while a job runs; and once the worker has been asked to stop
        for :data:`STOP_GRACE_SECONDS`, the horse is killed (its job is retried)."""
        super().maintain_heartbeats(job)
        if self.stop_asked and time.monotonic() - self.stop_asked_at > STOP_GRACE_SECONDS:
            log.warning("worker %s: job %s did not stop; killing it", self.name, job.id)
            self.kill_horse()

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

    def handle_warm_shutdown_request(self) -> None:
        super().handle_warm_shutdown_request()  # type: ignore[no-untyped-call]
        stopping.ask()


def make_worker(
    redis: Redis, *, role: str = ALL_ROLES, fork: bool = True, **kwargs: Any
) -> SolverWorker | InProcessWorker:
    """A worker on the queues of ``role`` with the timings above."""
    worker = (SolverWorker if fork else InProcessWorker)(
        [Queue(name, connection=redis) for name in role_queues(role)],
        connection=redis,
        job_monitoring_interval=HEARTBEAT_SECONDS,
        maintenance_interval=MAINTENANCE_SECONDS,
        worker_ttl=IDLE_WAIT_SECONDS + 15,  # RQ blocks on the queues for worker_ttl − 15 s
        **kwargs,
    )
    worker.role = role
    return worker


BACKGROUND_NICE = 10
"""Niceness a ``background`` worker adds to its own (``patience worker --role background``):
on a machine it shares with the API and the interactive workers, a par search or a pool
proof then takes only the CPU the players' jobs leave (their budgets are CPU time or nodes,
so their results do not change). Measured: 64 players beside a background worker at the
same priority got their verdicts' p95 at 24 s. Nice orders processes of one session, or all
of them with the kernel's autogroup off; between containers docker-compose's ``cpu_shares``
does it."""


def run(
    url: str,
    *,
    role: str = ALL_ROLES,
    burst: bool = False,
    abandoned_after: int = ABANDONED_AFTER,
    fork: bool = True,
    **kwargs: Any,
) -> None:
    """Work the queues of ``role`` at ``url`` until stopped (or, with ``burst``, until they
    are empty), starting a fresh worker whenever one quits on a Redis error; ``fork=False``
    runs the jobs in this process."""
    redis = Redis.from_url(url)  # no socket timeout: the worker blocks on the queues
    pause = 1.0
    stopping.clear()
    while True:
        worker, started = None, time.monotonic()
        try:
            worker = make_worker(redis, role=role, fork=fork, **kwargs)
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
