"""Solver jobs on Redis and RQ: analysis of a position, its rewind point, hints, ``/solve``
requests, a deal's par.

The stateless API enqueues and reads (:mod:`patience.jobs.client`); ``patience worker``
processes search (:mod:`patience.jobs.worker` running :mod:`patience.jobs.tasks`); both agree
on queue names, kinds of job, ids, budgets, lifetimes and the register of live workers
(:mod:`patience.jobs.queues`). The API imports no task: it enqueues by name.

**Where a result lives.** A durable result (a deal's par; a statistic kept with a game) is
written to the database by the task itself, where the API reads it. Anything else (a
verdict, a rewind point, a hint, a ``/solve`` answer) goes to the results store
(:mod:`patience.jobs.results`): one Redis key per job id, ``patience:result:<job id>``,
living :attr:`~patience.jobs.queues.Kind.keep` seconds. RQ's record of a job lives only while
the job is queued (at most :attr:`~patience.jobs.queues.Kind.wait` seconds) or running, and
for :data:`~patience.jobs.queues.KEEP_FAILED` after it failed every run: so every key the
jobs write has a bounded lifetime.

**Adding a job.**

1. Write the task in :mod:`patience.jobs.tasks`: plain JSON in; in a worker, write the
   result to the database, or publish it (``_published(job, result, kind.keep)``).
2. Declare its :class:`~patience.jobs.queues.Kind` in :mod:`patience.jobs.queues`: the task's
   dotted name, its queue (a new queue also goes into ``QUEUES``, in priority order), its
   timeout, how long it may wait queued and how long its result is kept — and, for a job
   that may pile up, a bound (see ``PAR_QUEUE_LIMIT``).
3. Enqueue it from the API or another task with
   ``Jobs(redis).submit(KIND, job_id, args, kwargs)``: a deterministic ``job_id`` (what it
   computes for) makes a job queued or running already not queued twice. Read a published
   result with ``Jobs(redis).results.read(job_id)`` (result, and whether it is pending).
4. A GET never submits: the action that calls for the work does (SPEC: safe methods are
   safe).
"""

from __future__ import annotations

from patience.jobs.client import Jobs, TooManySolves
from patience.jobs.honesty import not_applicable, worker_searches
from patience.jobs.queues import SOLVE_ID, live_workers, state_key
from patience.jobs.results import Known

__all__ = [
    "SOLVE_ID",
    "Jobs",
    "Known",
    "TooManySolves",
    "live_workers",
    "not_applicable",
    "state_key",
    "worker_searches",
]
