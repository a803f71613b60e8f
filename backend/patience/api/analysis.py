"""The app's way to the solver jobs: a job client on the app's Redis (``None`` when Redis is
not configured), and the :class:`~patience.service.analysis.Analyst` built on it."""

from __future__ import annotations

from flask import current_app

from patience.api.middleware import get_redis
from patience.jobs import Jobs
from patience.service.analysis import Analyst, WorkersSeen

WORKERS_SEEN = "patience.workers_seen"
"""The app's extension holding its last look at the workers (:class:`WorkersSeen`)."""


def jobs() -> Jobs | None:
    """The job client of this app, ``None`` when Redis is not configured."""
    redis = get_redis()
    if redis is None:
        return None
    return Jobs(redis, queue_limit=int(current_app.config["ANALYSIS_QUEUE_LIMIT"]))


def analyst() -> Analyst:
    """Analysis and hints for this request."""
    seen = current_app.extensions.setdefault(WORKERS_SEEN, WorkersSeen())
    return Analyst(jobs(), seen)
