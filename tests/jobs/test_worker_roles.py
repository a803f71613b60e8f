"""Worker roles and stops, each test on a private Redis: an interactive worker takes only
what players wait for and a background worker the rest, each counted live by role; a worker
asked to stop mid-search exits at once and puts its job back on its queue."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis import Redis

from patience.games import new_game
from patience.jobs import Analyses, PoolFiller, live_workers
from patience.jobs.queues import POOL_FULL, RANKED_QUEUE, queue_key
from patience.jobs.worker import BACKGROUND_NICE
from patience.store.migrate import upgrade
from tests.jobs.conftest import ask
from tests.ranked import DEAL_SECRET
from tests.servers import PrivateRedis, children, private_redis, start_worker, wait_for

STOP_LIMIT = 30.0
"""Seconds a stopping worker may take here: it stops at once; a worker that waited for its
search (minutes) is what this limit catches."""


@pytest.fixture
def redis() -> Iterator[PrivateRedis]:
    with private_redis() as server:
        yield server


def stop(worker: subprocess.Popen[bytes]) -> None:
    """SIGTERM, as a service manager sends, to the worker alone (its horse is told by it)."""
    os.kill(worker.pid, signal.SIGTERM)
    worker.wait(STOP_LIMIT)


def test_each_role_takes_its_own_queues_and_is_counted_live_by_role(
    redis: PrivateRedis, tmp_path: Path
) -> None:
    database = f"sqlite:///{tmp_path}/roles.db"
    upgrade(database)
    client = Redis.from_url(redis.url)
    jobs = Analyses(client, analysis_seconds=5)
    env = {"DATABASE_URL": database, "DEAL_SECRET": DEAL_SECRET}
    interactive = start_worker(redis.url, "--role", "interactive", **env)
    background = None
    try:
        wait_for("the interactive worker", lambda: live_workers(client, "interactive") == 1, 20)
        assert (live_workers(client, "background"), live_workers(client)) == (0, 1)
        PoolFiller(client).top_up_pool()  # the pool's filler, which only a background worker takes
        game = new_game("gaps", deal=1, options={"redeals": 0})  # nothing unseen
        ask(jobs, game, 0, owner="g")
        wait_for("the analysis", lambda: jobs.report(game, 0)["state"] in ("done", "timeout"), 60)
        assert client.llen(queue_key(RANKED_QUEUE)) == 1  # still waiting for its role
        background = start_worker(redis.url, "--role", "background", **env)
        wait_for("the background worker", lambda: live_workers(client, "background") == 1, 20)
        # It runs at a lower priority, so par searches and proofs never slow players' jobs.
        nice = os.getpriority(os.PRIO_PROCESS, interactive.pid)
        lower = min(19, nice + BACKGROUND_NICE)
        assert os.getpriority(os.PRIO_PROCESS, background.pid) == lower
        wait_for("the pool filled", lambda: client.exists(POOL_FULL), 300)
        assert live_workers(client) == 2
        stop(interactive)
        assert live_workers(client, "interactive") == 0  # a clean stop leaves the register
        moved = game.copy()
        moved.play(moved.legal_moves()[0])
        # Only a background worker is alive: nobody will analyse, and the API says so.
        assert ask(jobs, moved, 1, owner="g")["reason"] == "no_worker"
    finally:
        for worker in (interactive, background):
            if worker is not None and worker.poll() is None:
                os.killpg(worker.pid, signal.SIGKILL)
                worker.wait(30)


def test_a_worker_asked_to_stop_mid_search_exits_and_puts_the_job_back(
    redis: PrivateRedis,
) -> None:
    client = Redis.from_url(redis.url)
    jobs = Analyses(client, analysis_seconds=600)  # a search that would run for minutes
    worker = start_worker(redis.url, "--role", "interactive")
    try:
        wait_for("worker alive", lambda: live_workers(client) == 1, 20)
        game = new_game("gaps", deal=4, options={"redeals": 0})  # no verdict for minutes
        ask(jobs, game, 0, owner="g")
        wait_for("the search under way", lambda: jobs.queue().started_job_registry.count, 20)
        wait_for("its work horse", lambda: children(worker.pid), 20)
        stop(worker)
        assert worker.returncode == 0
        # Back on its queue for the next worker: neither failed nor lost.
        assert jobs.queue().count == 1
        assert jobs.queue().started_job_registry.count == 0
        assert jobs.queue().failed_job_registry.count == 0
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(30)
