"""Solver jobs on Redis and RQ: analysis of a position, its rewind point, hints, ``/solve``
requests, a deal's par.

The stateless API enqueues and reads through a small submitter per kind of job (on
:class:`~patience.jobs.submitter.Submitter`: :mod:`patience.jobs.honest_analysis` — where the
honesty rule is decided, once —, :mod:`patience.jobs.hint_search`, :mod:`patience.jobs.solves`,
:mod:`patience.jobs.background`); ``patience worker``
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
3. Enqueue it from the API or another task with a submitter of its own, on
   ``Submitter(redis).submit(KIND, job_id, args, kwargs)``: a deterministic ``job_id`` (what it
   computes for) makes a job queued or running already not queued twice. Read a published
   result with ``Submitter(redis).results.read(job_id)`` (result, and whether pending).
4. A GET never submits: the action that calls for the work does (SPEC: safe methods are
   safe).
"""

from __future__ import annotations

from patience.jobs.background import FairPlayWeighing, Pars, PoolFiller
from patience.jobs.hint_search import HintSearch
from patience.jobs.honest_analysis import Analyses, honesty, offline_report
from patience.jobs.queues import SOLVE_ID, live_workers
from patience.jobs.results import Known
from patience.jobs.solves import Solves, TooManySolves

__all__ = [
    "SOLVE_ID",
    "Analyses",
    "FairPlayWeighing",
    "HintSearch",
    "Known",
    "Pars",
    "PoolFiller",
    "Solves",
    "TooManySolves",
    "honesty",
    "live_workers",
    "offline_report",
]
