"""Benchmarks: each module prints its figures (see the README's figures section)."""

from __future__ import annotations

import subprocess


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
