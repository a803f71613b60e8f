"""Catalogue builds over the job queue, with two real ``patience worker`` processes on a
private Redis: the same catalogue file as a local build, resumable after the coordinator
stops, reusing the batches already done."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from redis import Redis
from rq import Queue

import patience.catalogue as catalogue_module
from patience.catalogue.build import build
from patience.jobs.catalogue_batches import on_workers
from patience.jobs.queues import CATALOGUE_QUEUE
from tests.servers import private_redis, start_worker

BUDGET: dict[str, Any] = {"time_limit": 60.0, "node_limit": 60, "max_deals": 40}


@pytest.fixture
def workers() -> Iterator[Redis]:
    with private_redis() as redis:
        started = [start_worker(redis.url) for _ in range(2)]
        try:
            yield Redis.from_url(redis.url)
        finally:
            stop(started)


def stop(workers: list[subprocess.Popen[bytes]]) -> None:
    for worker in workers:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(10)


def file_of(folder: Path) -> str:
    (path,) = folder.glob("*.json")
    return path.read_text()


def test_a_distributed_build_writes_what_a_local_one_writes(
    scratch: Path, workers: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    local, remote = scratch / "local", scratch / "remote"
    for folder in (local, remote):
        folder.mkdir()
    monkeypatch.setattr(catalogue_module, "DATA", local)
    build("pyramid", {}, 12, workers=1, **BUDGET)
    monkeypatch.setattr(catalogue_module, "DATA", remote)
    batches = on_workers(workers, batch=4)
    first = build("pyramid", {}, 5, batches=batches, **BUDGET)  # the coordinator stops
    done = Queue(CATALOGUE_QUEUE, connection=workers).finished_job_registry.get_job_ids()
    assert first.examined < 40 and done
    build("pyramid", {}, 12, batches=batches, **BUDGET)  # and starts again
    assert file_of(remote) == file_of(local)
    again = Queue(CATALOGUE_QUEUE, connection=workers).finished_job_registry.get_job_ids()
    assert set(done) <= set(again)  # the batches done before were read back, not redone
