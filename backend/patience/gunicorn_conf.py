"""gunicorn settings for the API (``patience serve`` and the ``api`` container use them).

Every value comes from the environment, with defaults for a small machine: ``PATIENCE_BIND``
(``0.0.0.0:8000``), ``WEB_CONCURRENCY`` worker processes (one per CPU), ``GUNICORN_THREADS``
per worker (8: a move spends most of its time waiting on PostgreSQL, so threads overlap those
waits; measured with ``bench/api_load.py``, 2 × 8 beat 4 × 1 on two cores), timeouts
``GUNICORN_TIMEOUT`` and ``GUNICORN_GRACEFUL_TIMEOUT`` (30 s, 20 s) and ``LOG_LEVEL`` (info).

On SIGTERM, workers finish the requests in flight within the graceful timeout, then exit.
Logs are JSON lines on stderr; the per-request access line comes from the app
(:mod:`patience.api.middleware`, with the request id, status and duration), so gunicorn's own
access log is silenced. Without a ``DEAL_SECRET`` in the environment it refuses to start.

Metrics: prometheus_client's multiprocess mode, in ``PROMETHEUS_MULTIPROC_DIR`` (default: a
directory of this server's own under the temporary directory), set at start before any
worker loads the app and emptied then, so a restart begins from zero rather than adding up
the files of processes long gone; removed on exit.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import shutil
import tempfile
from typing import Any

import gunicorn.http.wsgi

from patience.catalogue.ranked_deals import MissingSecret, require_secret
from patience.logs import logging_config

# The Server header names no software (and no version) that an attacker could look up.
gunicorn.http.wsgi.SERVER = "patience"

bind = os.environ.get("PATIENCE_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", max(2, multiprocessing.cpu_count())))
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
accesslog = None
control_socket_disable = True  # no shared ~/.gunicorn socket between servers on one host
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
logconfig_dict = logging_config(loglevel)
wsgi_app = "patience.api:production_app()"


def on_starting(server: Any) -> None:
    """Refuse to start without a ``DEAL_SECRET`` (the ranked deals' secret), with a clear
    message, before any worker boots; then an empty directory for the metrics."""
    try:
        require_secret(os.environ)
    except MissingSecret as exc:
        raise SystemExit(f"patience: {exc}") from None
    # Set in the arbiter before any worker is forked and loads the app (and prometheus_client).
    metrics = os.environ.setdefault(
        "PROMETHEUS_MULTIPROC_DIR",
        os.path.join(tempfile.gettempdir(), f"patience-metrics-{os.getpid()}"),
    )
    shutil.rmtree(metrics, ignore_errors=True)
    os.makedirs(metrics, exist_ok=True)


def on_exit(server: Any) -> None:
    shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)


def child_exit(server: Any, worker: Any) -> None:
    """A worker's live gauges leave with it (its counters stay in the sums)."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def post_worker_init(worker: Any) -> None:
    """Move everything the app loaded at start-up out of the collector's sight: a full
    collection then scans only what requests created. Measured in one process over 4,400
    moves: the longest collection pause fell from 90 ms to 14 ms (a pause stalls every
    thread of the worker, so it lands in the tail latency)."""
    gc.freeze()
