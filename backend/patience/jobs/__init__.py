"""Solver jobs on Redis and RQ: analysis of a position, hint search, ``/solve`` requests.

The stateless API enqueues and reports (:mod:`patience.jobs.client`); ``patience worker``
processes search (:mod:`patience.jobs.worker` running :mod:`patience.jobs.tasks`); both agree
on queue names, ids, budgets and the register of live workers (:mod:`patience.jobs.queues`).
"""

from __future__ import annotations

from patience.jobs.client import Jobs, TooManySolves, not_applicable
from patience.jobs.queues import SOLVE_ID, live_workers, state_key

__all__ = ["SOLVE_ID", "Jobs", "TooManySolves", "live_workers", "not_applicable", "state_key"]
