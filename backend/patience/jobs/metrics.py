"""What workers record about the jobs they run, for the API's ``/metrics`` to read back.

A worker serves no HTTP, so it adds its figures to one Redis hash (:data:`KEY`) as each job
ends: by kind (the task's name), the time queued and the time run (cumulative histogram
buckets, Prometheus's own shape, and their sums), the outcome (``ok`` or ``failed``), and for
analyses the time from the move that queued one to its verdict. Every API process reads the
same hash, so the figures add up over every worker, alive or gone. The hash holds a bounded
number of fields (kinds × buckets) and expires :data:`KEEP` after the last job: Prometheus
reads a reset as a counter starting again.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import defaultdict
from collections.abc import Iterator

from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily, Metric
from redis import Redis

KEY = "patience:metrics:jobs"
KEEP = 7 * 24 * 3600
BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0, math.inf)
"""Upper bounds in seconds: a hint in a tenth of a second to a pool slice in minutes."""

ANALYSE = "analyse"
"""The kind whose end is a position's verdict (move → verdict latency)."""


def kind_of(func_name: str) -> str:
    """A job's kind: its task's name (``patience.jobs.tasks.par`` → ``par``).

    >>> kind_of("patience.jobs.tasks.fair_play")
    'fair_play'
    """
    return func_name.rsplit(".", 1)[-1]


def _bound(value: float) -> str:
    return "+Inf" if math.isinf(value) else repr(value)


def _seconds(start: dt.datetime | None, end: dt.datetime | None) -> float | None:
    return None if start is None or end is None else max(0.0, (end - start).total_seconds())


def record_job(
    redis: Redis,
    func_name: str,
    outcome: str,
    enqueued_at: dt.datetime | None,
    started_at: dt.datetime | None,
    ended_at: dt.datetime | None,
) -> None:
    """Add one finished job to :data:`KEY` (raises ``RedisError``)."""
    kind = kind_of(func_name)
    pipe = redis.pipeline(transaction=False)
    pipe.hincrby(KEY, f"jobs|{kind}|{outcome}", 1)
    observed = {
        "wait": _seconds(enqueued_at, started_at),
        "run": _seconds(started_at, ended_at),
        "verdict": _seconds(enqueued_at, ended_at) if kind == ANALYSE and outcome == "ok" else None,
    }
    for measure, seconds in observed.items():
        if seconds is None:
            continue
        for bound in BUCKETS:
            if seconds <= bound:
                pipe.hincrby(KEY, f"{measure}|{kind}|{_bound(bound)}", 1)
        pipe.hincrbyfloat(KEY, f"{measure}|{kind}|sum", seconds)
    pipe.expire(KEY, KEEP)
    pipe.execute()


HISTOGRAMS = {
    "wait": ("patience_job_queue_wait_seconds", "Time a job waited queued, by kind"),
    "run": ("patience_job_run_seconds", "Time a job ran, by kind"),
    "verdict": (
        "patience_move_verdict_seconds",
        "From the move that asked for a position's analysis to its verdict",
    ),
}


def job_metrics(redis: Redis) -> Iterator[Metric]:
    """The families recorded in :data:`KEY` (raises ``RedisError``)."""
    raw: dict[bytes, bytes] = redis.hgetall(KEY)  # type: ignore[assignment]
    fields = {k.decode(): v.decode() for k, v in raw.items()}
    outcomes = CounterMetricFamily(
        "patience_jobs", "Jobs finished, by kind and outcome", labels=["kind", "outcome"]
    )
    by_measure: dict[str, dict[str, dict[str, float]]] = defaultdict(lambda: defaultdict(dict))
    for field, value in sorted(fields.items()):
        measure, kind, rest = field.split("|", 2)
        if measure == "jobs":
            outcomes.add_metric([kind, rest], float(value))
        elif measure in HISTOGRAMS:
            by_measure[measure][kind][rest] = float(value)
    yield outcomes
    for measure, (name, text) in HISTOGRAMS.items():
        labels = [] if measure == "verdict" else ["kind"]
        family = HistogramMetricFamily(name, text, labels=labels)
        for kind, figures in sorted(by_measure[measure].items()):
            buckets = [(_bound(b), figures.get(_bound(b), 0.0)) for b in BUCKETS]
            values = [] if measure == "verdict" else [kind]
            family.add_metric(values, buckets, sum_value=figures.get("sum", 0.0))
        yield family
