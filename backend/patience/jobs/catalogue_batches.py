"""Catalogue builds on any number of workers: deal ranges become jobs on the RQ queue the
service already runs, and any ``patience worker`` on any machine takes them.

The coordinator (``patience catalogue build --distributed``) keeps a window of batch jobs
queued ahead and reads their results back in deal order, so the build itself — recording,
saving, stopping at the wanted count — is exactly the local one: the same catalogue file
from the same budgets (node budgets make it the same deal by deal). Job ids are
deterministic and results are kept for a week, so a coordinator started again after
dying reuses every batch already done; a worker that dies costs its batch a retry.

It sits with the job queue, above the catalogue: the build (:mod:`patience.catalogue.build`)
is handed :func:`on_workers` and never reaches up to the queue itself.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import deque
from collections.abc import Generator, Iterator
from functools import partial
from typing import Any

from redis import Redis
from rq import Queue, Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from patience.catalogue import SOLVER_VERSION, ruleset_of
from patience.catalogue.build import Batches
from patience.catalogue.measure import Examination, Result, examine
from patience.jobs.queues import CATALOGUE_QUEUE, RETRIES, live_workers

KEEP_SECONDS = 7 * 24 * 3600


def examine_batch(examination: Examination, first: int, last: int) -> list[Result]:
    """The job: deals ``first`` … ``last`` examined as a local build examines them."""
    return list(map(examine, examination.tasks(first, last)))


def on_workers(redis: Redis, batch: int = 10) -> Batches:
    """The build's results computed as jobs of ``batch`` deals on ``redis``'s queue."""
    return partial(batch_results, redis, batch=batch)


def batch_results(
    redis: Redis, examination: Examination, start: int, max_deals: int, *, batch: int = 10
) -> Generator[Result]:
    """Deal-ordered results from deal ``start`` on, computed by whichever workers take the
    batches; batches still queued when the caller stops reading are taken back."""
    queue = Queue(CATALOGUE_QUEUE, connection=redis)
    key = _key(examination)
    pending: deque[Job] = deque()
    first = start
    try:
        while True:
            window = max(4, 2 * live_workers(redis, "background"))
            while len(pending) < window and first <= max_deals:
                last = min(first + batch - 1, max_deals)
                job_id = f"catalogue-{key}-{first}-{last}"
                pending.append(_job(queue, job_id, examination, first, last))
                first = last + 1
            if not pending:
                return
            yield from _wait(pending.popleft())
    finally:  # deleted, not cancelled: RQ never cleans its registry of cancelled jobs
        for job in pending:
            if job.get_status() == JobStatus.QUEUED:
                job.delete()


def _key(examination: Examination) -> str:
    game, options = examination.game, examination.options
    budgets = [examination.time_limit, examination.node_limit]
    what = [game, ruleset_of(game, options), options, *budgets, SOLVER_VERSION]
    digest = hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()[:16]
    return f"{game}-{digest}"


def _job(queue: Queue, job_id: str, examination: Examination, first: int, last: int) -> Job:
    """The batch's job: the one done or under way already, else a new one."""
    try:
        job = Job.fetch(job_id, connection=queue.connection)
        if job.get_status() not in (JobStatus.FAILED, JobStatus.CANCELED, JobStatus.STOPPED):
            return job
        job.delete()
    except NoSuchJobError:
        pass
    per_deal = 3 * examination.time_limit + 60  # the search, the playouts that grade a win, slack
    return queue.enqueue_call(
        examine_batch,
        args=(examination, first, last),
        job_id=job_id,
        timeout=int(per_deal * (last - first + 1)),
        result_ttl=KEEP_SECONDS,
        failure_ttl=KEEP_SECONDS,
        retry=Retry(max=RETRIES),
    )


def _wait(job: Job) -> Iterator[Result]:
    """The batch's results once done (a batch that failed every retry stops the build)."""
    while True:
        status = job.get_status()
        if status == JobStatus.FINISHED:
            done: list[list[Any]] = job.return_value() or []
            yield from ((deal, verdict, score) for deal, verdict, score in done)
            return
        if status in (JobStatus.FAILED, JobStatus.CANCELED, JobStatus.STOPPED):
            raise RuntimeError(f"catalogue batch {job.id} {status}: see the workers' logs")
        time.sleep(0.2)
