"""``patience worker``: an RQ worker on the solver queue.

It beats every :data:`~patience.jobs.HEARTBEAT_SECONDS` while a job runs, and on start and
between jobs puts back any job whose worker stopped beating
(:func:`~patience.jobs.recover_abandoned`), so a killed worker costs a retry, not a verdict.
An idle worker wakes every :data:`MAINTENANCE_SECONDS` to do so: RQ blocks on the queue for
``worker_ttl − 15`` seconds (405 by default), so without a shorter TTL a job abandoned just
after an idle worker started would wait minutes for its retry.
"""

from __future__ import annotations

from typing import Any

from redis import Redis
from rq import Queue, SimpleWorker, Worker

from patience.jobs import HEARTBEAT_SECONDS, QUEUE, STALE_SECONDS, recover_abandoned

MAINTENANCE_SECONDS = 15


class _Recovering:
    """Recovery of abandoned jobs in a worker's maintenance tasks."""

    connection: Redis
    stale_after: float = STALE_SECONDS

    def run_maintenance_tasks(self) -> None:
        super().run_maintenance_tasks()  # type: ignore[misc]
        recover_abandoned(self.connection, self.stale_after)


class SolverWorker(_Recovering, Worker):
    """RQ's forking worker: each job in a fresh child, so a crash or a leak dies with it."""


class InProcessWorker(_Recovering, SimpleWorker):
    """Jobs in the worker's own process: for a host with threads of its own (a test run),
    where a fork could copy a lock that another thread holds."""


def run(
    url: str,
    *,
    burst: bool = False,
    stale_after: float = STALE_SECONDS,
    fork: bool = True,
    **kwargs: Any,
) -> None:
    """Work the queue at ``url`` until stopped (or, with ``burst``, until it is empty);
    ``fork=False`` runs the jobs in this process."""
    # No socket timeout here: the worker blocks on the queue by design.
    redis = Redis.from_url(url)
    recover_abandoned(redis, stale_after)
    worker = (SolverWorker if fork else InProcessWorker)(
        [Queue(QUEUE, connection=redis)],
        connection=redis,
        job_monitoring_interval=HEARTBEAT_SECONDS,
        maintenance_interval=MAINTENANCE_SECONDS,
        worker_ttl=MAINTENANCE_SECONDS + 15,  # the idle wait on the queue: 15 s
        **kwargs,
    )
    worker.stale_after = stale_after
    worker.work(burst=burst, with_scheduler=False)
