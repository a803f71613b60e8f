"""The app's way to the solver jobs on its Redis (``None`` when Redis is not configured): the
:class:`~patience.service.analysis.Analyst` of a request, and the ``/solve`` jobs."""

from __future__ import annotations

from flask import current_app

from patience.api.middleware import get_redis
from patience.jobs import Solves
from patience.service.analysis import Analyst, WorkersSeen

WORKERS_SEEN = "patience.workers_seen"
"""The app's extension holding its last look at the workers (:class:`WorkersSeen`)."""


def solves() -> Solves | None:
    """The ``/solve`` jobs of this app, ``None`` when Redis is not configured."""
    redis = get_redis()
    return None if redis is None else Solves(redis)


def analyst() -> Analyst:
    """Analysis and hints for this request."""
    seen = current_app.extensions.setdefault(WORKERS_SEEN, WorkersSeen())
    limit = int(current_app.config["ANALYSIS_QUEUE_LIMIT"])
    glance = int(current_app.config["ANALYSIS_GLANCE_NODES"])
    return Analyst(get_redis(), seen, queue_limit=limit, glance_nodes=glance)
