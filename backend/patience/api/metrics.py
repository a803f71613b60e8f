"""Prometheus metrics: what each request adds, and what ``GET /metrics`` reads at scrape time.

- **Per request** (:func:`observe_request`): requests by route,
  method and status with their latency; moves accepted, and rejected by ``reason``; and
  readiness answers that were ``degraded``, by reason. Under gunicorn these live in
  prometheus_client's multiprocess mode (``PROMETHEUS_MULTIPROC_DIR``, set up and emptied
  at start by :mod:`patience.gunicorn_conf`), so a scrape sums every worker process.
- **At scrape time** (:class:`StateCollector`): queued jobs and live workers by role, the
  ranked pool's days ahead, the wins whose fair-play mark is pending, and what workers
  recorded of the jobs they ran (:mod:`patience.jobs.metrics`). A dependency that does not
  answer leaves its families out of that scrape.
- **Access.** ``/metrics`` answers only ``Authorization: Bearer <METRICS_TOKEN>``; anything
  else, and every request while ``METRICS_TOKEN`` is unset, is a 404 (the endpoint is not
  advertised). The web server in front never routes it.
"""

from __future__ import annotations

import datetime as dt
import hmac
import logging
import os
import time
from collections.abc import Iterable, Iterator

from flask import Flask, Response, abort, current_app, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from redis import Redis, RedisError
from sqlalchemy import Engine, func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from patience.api.clock import now
from patience.api.db import get_engine
from patience.api.middleware import get_redis
from patience.jobs.metrics import job_metrics
from patience.jobs.queues import ROLES, live_workers, queued
from patience.service.ranked_days import pool_state
from patience.store import GameRecord

log = logging.getLogger(__name__)

MOVE_ENDPOINT = "games.post_move"
MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
"""Whether this process counts into the shared directory (prometheus_client decides when it
is first imported, as this module is): a scrape then sums every process's files."""

REQUESTS = Histogram(
    "patience_http_request_duration_seconds",
    "Requests by route, method and status, with their latency",
    ["route", "method", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
MOVES = Counter(
    "patience_moves", "Moves played: accepted, or rejected by reason", ["outcome", "reason"]
)
DEGRADED = Counter(
    "patience_readiness_degraded", "Readiness answers that were degraded, by reason", ["reason"]
)


def observe_request(response: Response) -> Response:
    """Count the request being answered (a failed move by its error's ``reason``, which
    the error handler leaves in ``g.error_reason``)."""
    rule = request.url_rule
    route = rule.rule if rule is not None else "unmatched"
    started = g.get("started")
    if started is not None:
        seconds = time.perf_counter() - started
        REQUESTS.labels(route, request.method, str(response.status_code)).observe(seconds)
    if request.endpoint == MOVE_ENDPOINT:
        if response.status_code < 400:
            MOVES.labels("accepted", "").inc()
        else:
            reason = g.get("error_reason") or str(response.status_code)
            MOVES.labels("rejected", reason).inc()
    return response


def count_degraded(reasons: Iterable[str]) -> None:
    for reason in reasons:
        DEGRADED.labels(reason).inc()


class StateCollector(Collector):
    """What the service holds now, read from Redis and the database at each scrape."""

    def __init__(self, redis: Redis | None, engine: Engine, today: dt.date):
        self.redis, self.engine, self.today = redis, engine, today

    def collect(self) -> Iterator[Metric]:
        if self.redis is not None:
            try:
                yield from self._from_redis(self.redis)
            except RedisError as exc:
                log.warning("metrics: redis unavailable (%s)", exc)
        try:
            yield from self._from_database()
        except SQLAlchemyError as exc:
            log.warning("metrics: database unavailable (%s)", exc)

    def _from_redis(self, redis: Redis) -> Iterator[Metric]:
        workers = GaugeMetricFamily(
            "patience_workers_live", "Live workers by role", labels=["role"]
        )
        jobs = GaugeMetricFamily("patience_queue_jobs", "Jobs queued by role", labels=["role"])
        for role in ROLES:
            workers.add_metric([role], live_workers(redis, role))
            jobs.add_metric([role], queued(redis, role))
        yield from (workers, jobs, *job_metrics(redis))

    def _from_database(self) -> Iterator[Metric]:
        with Session(self.engine) as session:
            ahead = pool_state(session, self.today)["ranked_days_ahead"]
            pending = session.scalar(
                select(func.count())
                .select_from(GameRecord)
                .where(GameRecord.fair_play == "pending")
            )
        yield GaugeMetricFamily(
            "patience_ranked_pool_days_ahead",
            "Days after today whose dailies every game holds (-1: today's missing)",
            value=ahead,
        )
        yield GaugeMetricFamily(
            "patience_fair_play_pending", "Wins whose fair-play mark is pending", value=pending or 0
        )


def _authorised(app: Flask) -> bool:
    token = app.config.get("METRICS_TOKEN") or ""
    given = request.headers.get("Authorization", "")
    return bool(token) and hmac.compare_digest(given.encode(), f"Bearer {token}".encode())


def metrics_text(collectors: Iterable[Collector]) -> bytes:
    """Every family: this process's (or, under gunicorn, every worker's) and ``collectors``."""
    registry = CollectorRegistry()
    if MULTIPROCESS:
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        text = b""
    else:
        text = generate_latest(REGISTRY)
    for collector in collectors:
        registry.register(collector)
    return text + generate_latest(registry)


def serve_metrics() -> Response:
    """``GET /metrics`` (registered outside the documented API)."""
    if not _authorised(current_app):
        abort(404)
    today = now().astimezone(dt.UTC).date()
    state = StateCollector(get_redis(), get_engine(), today)
    return Response(metrics_text([state]), mimetype=CONTENT_TYPE_LATEST)


def init_metrics(app: Flask) -> None:
    """Route ``/metrics`` (left out of the OpenAPI document) and count every request."""
    app.add_url_rule("/metrics", "metrics", serve_metrics, methods=["GET"])
    app.after_request(observe_request)
