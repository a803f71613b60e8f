"""Benchmarks: each module prints its figures (dated runs are kept in ``bench/RESULTS.md``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys


def start_worker(redis_url: str, database_url: str, role: str = "all") -> subprocess.Popen[bytes]:
    """A quiet ``patience worker --role role`` of the package this interpreter imports, on
    ``redis_url``, writing its durable results (par, fair-play marks) to ``database_url``."""
    env = {"REDIS_URL": redis_url, "DATABASE_URL": database_url, "LOG_LEVEL": "error"}
    command = [sys.executable, "-m", "patience.cli", "worker", "--role", role]
    quiet = subprocess.DEVNULL
    return subprocess.Popen(command, env=os.environ | env, stdout=quiet, stderr=quiet)


def start_deployed_workers(
    redis_url: str, database_url: str, interactive: int = 1
) -> list[subprocess.Popen[bytes]]:
    """The workers a deployment runs (``make run``, docker-compose): ``interactive`` workers
    for what players wait for and one for the background (par, fair play, the pool). One
    worker of every queue would make a player's hints wait behind a new deal's par search,
    up to half a minute, which no deployment does."""
    # Killed (SIGTERM), the bench still runs its ``finally`` blocks, which stop these workers:
    # left running, they would take the jobs of the next bench on the same Redis.
    signal.signal(signal.SIGTERM, _exit)
    workers = [start_worker(redis_url, database_url, "interactive") for _ in range(interactive)]
    return [*workers, start_worker(redis_url, database_url, "background")]


def _exit(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def stop_worker(worker: subprocess.Popen[bytes], grace: float = 10.0) -> None:
    """Stop a ``patience worker``: SIGTERM lets its current job finish (RQ's warm shutdown);
    after ``grace`` seconds a second SIGTERM stops the job too (cold shutdown), then SIGKILL."""
    for signal_it in (worker.terminate, worker.terminate, worker.kill):
        signal_it()
        try:
            worker.wait(grace)
            return
        except subprocess.TimeoutExpired:
            continue
