"""docker/worker_healthcheck.py, the worker containers' health check, against a real Redis: a
registered worker of this host that beats is healthy; one that stopped beating, or another
host's, is not."""

from __future__ import annotations

import importlib.util
import socket
import time
from collections.abc import Iterator
from types import ModuleType

import pytest
from redis import Redis
from rq import Queue, Worker

from patience.jobs import queues
from patience.store.db import REPO_ROOT
from tests.databases import redis_available, redis_test_url


@pytest.fixture(scope="module")
def check() -> ModuleType:
    path = REPO_ROOT / "docker" / "worker_healthcheck.py"
    spec = importlib.util.spec_from_file_location("worker_healthcheck", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def redis() -> Iterator[Redis]:
    if not redis_available():
        pytest.skip("no Redis at " + redis_test_url())
    client = Redis.from_url(redis_test_url())
    client.flushdb()
    yield client
    client.flushdb()


def test_it_reads_the_register_the_workers_write(check: ModuleType) -> None:
    # The check cannot import the package (too slow under load): its constants are copies.
    assert check.WORKERS == queues.WORKERS and check.LIVE_SECONDS == queues.LIVE_SECONDS


def test_a_beating_worker_of_this_host_is_healthy(check: ModuleType, redis: Redis) -> None:
    url, here = redis_test_url(), socket.gethostname()
    assert not check.alive(url, here)  # nobody registered
    worker = Worker([Queue("q", connection=redis)], connection=redis)  # RQ registers it
    worker.register_birth()  # type: ignore[no-untyped-call]
    queues.beat(redis, worker.name)
    assert check.alive(url, here)
    assert not check.alive(url, "another-container")
    # Silent for longer than a live worker may be: dead, whatever RQ's registry says.
    redis.zadd(queues.WORKERS, {worker.name: time.time() - queues.LIVE_SECONDS - 1})
    assert not check.alive(url, here)
