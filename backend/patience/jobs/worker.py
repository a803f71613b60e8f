"""``patience worker``: an RQ worker on the solver queue.

It beats every :data:`~patience.jobs.HEARTBEAT_SECONDS` while a job runs, and on start and
between jobs puts back any job whose worker stopped beating
(:func:`~patience.jobs.recover_abandoned`), so a killed worker costs a retry, not a verdict.
"""

from __future__ import annotations

from typing import Any

from redis import Redis
from rq import Queue, Worker

from patience.jobs import HEARTBEAT_SECONDS, QUEUE, STALE_SECONDS, recover_abandoned

MAINTENANCE_SECONDS = 15


class SolverWorker(Worker):
    """RQ's forking worker, plus recovery of abandoned jobs in its maintenance tasks."""

    stale_after: float = STALE_SECONDS

    def run_maintenance_tasks(self) -> None:
        super().run_maintenance_tasks()  # type: ignore[no-untyped-call]
        recover_abandoned(self.connection, self.stale_after)


def run(
    url: str, *, burst: bool = False, stale_after: float = STALE_SECONDS, **kwargs: Any
) -> None:
    """Work the queue at ``url`` until stopped (or, with ``burst``, until it is empty)."""
    # No socket timeout here: the worker blocks on the queue by design.
    redis = Redis.from_url(url)
    recover_abandoned(redis, stale_after)
    worker = SolverWorker(
        [Queue(QUEUE, connection=redis)],
        connection=redis,
        job_monitoring_interval=HEARTBEAT_SECONDS,
        maintenance_interval=MAINTENANCE_SECONDS,
        **kwargs,
    )
    worker.stale_after = stale_after
    worker.work(burst=burst, with_scheduler=False)
