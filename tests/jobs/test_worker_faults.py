"""Workers under faults, each test on a private Redis (so it can be stopped): a worker and its
work horse killed mid-job, the last worker gone, Redis down for a while."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from redis import Redis
from rq.job import Job

from patience.games import new_game
from patience.jobs import Analyses, HintSearch, live_workers
from patience.jobs.queues import LATEST, LIVE_SECONDS, analysis_id, rewind_id
from tests.jobs.conftest import ask
from tests.servers import PrivateRedis, children, kill_hard, private_redis, start_worker

BUDGET = 6.0  # seconds of search per analysis here


@pytest.fixture
def redis() -> Iterator[PrivateRedis]:
    with private_redis() as server:
        yield server


def until(what: str, ok: Callable[[], Any], seconds: float) -> float:
    """Wait for ``ok()``; the seconds it took."""
    start = time.monotonic()
    while not ok():
        assert time.monotonic() - start < seconds, f"{what}: not within {seconds} s"
        time.sleep(0.1)
    return time.monotonic() - start


def stop(*workers: subprocess.Popen[bytes]) -> None:
    for worker in workers:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(10)


def hard_position() -> Any:
    """Gaps without redeals, deal 4: no verdict within the budget (a ``timeout``)."""
    return new_game("gaps", deal=4, options={"redeals": 0})


def test_a_dead_worker_and_horse_cost_one_retry_not_the_pool(redis: PrivateRedis) -> None:
    client = Redis.from_url(redis.url)
    jobs = Analyses(client, analysis_seconds=BUDGET)
    # Both workers are up before the job is asked for, so that a slow start (a loaded
    # machine) never outlasts the job's budget; whichever takes it is the one killed.
    one, other = start_worker(redis.url), start_worker(redis.url)
    until("two workers alive", lambda: live_workers(client) == 2, 60)
    game = hard_position()
    ask(jobs, game, 0, owner="g")
    until("a work horse", lambda: children(one.pid) or children(other.pid), 60)
    first, sibling = (one, other) if children(one.pid) else (other, one)
    horses = children(first.pid)
    kill_hard(first.pid, *horses)  # the horse is in its own process group: kill it too
    killed = time.monotonic()
    replacement = start_worker(redis.url)
    try:
        took = until(
            "the analysis after the kill",
            lambda: jobs.report(game, 0)["state"] in ("done", "timeout"),
            BUDGET + 30,
        )
        assert jobs.report(game, 0)["state"] == "timeout"  # retried and ran
        # Once the dead worker's last beat is too old to count, the two survivors still work.
        until("the dead worker forgotten", lambda: live_workers(client) == 2, LIVE_SECONDS + 30)
        assert sibling.poll() is None and replacement.poll() is None
        print(f"analysis finished {took:.1f} s after the kill ({time.monotonic() - killed:.1f})")
    finally:
        stop(first, sibling, replacement)


def test_after_the_last_worker_dies_analysis_says_no_worker(redis: PrivateRedis) -> None:
    client = Redis.from_url(redis.url)
    jobs = Analyses(client, analysis_seconds=BUDGET)
    worker = start_worker(redis.url)
    until("worker alive", lambda: live_workers(client) == 1, 60)
    game = new_game("gaps", deal=1, options={"redeals": 0})
    assert ask(jobs, game, 0, owner="g")["state"] in ("pending", "done", "timeout")
    os.killpg(worker.pid, signal.SIGKILL)
    worker.wait(10)
    until("no live worker", lambda: live_workers(client) == 0, LIVE_SECONDS + 60)
    moved = game.copy()
    moved.play(moved.legal_moves()[0])
    assert ask(jobs, moved, 1, owner="g") == {
        "version": 1,
        "state": "unavailable",
        "verdict": None,
        "reason": "no_worker",
    }


@pytest.mark.parametrize("busy", [False, True], ids=["idle", "mid-job"])
def test_a_worker_rides_out_a_redis_outage_and_logs_json(redis: PrivateRedis, busy: bool) -> None:
    worker = start_worker(redis.url, LOG_LEVEL="info")
    try:
        client = Redis.from_url(redis.url)
        until("worker alive", lambda: live_workers(client) == 1, 60)
        if busy:  # the outage hits while the worker watches its horse and beats
            jobs = Analyses(client, analysis_seconds=BUDGET)
            ask(jobs, hard_position(), 0, owner="g")
            until("job started", lambda: jobs.queue().started_job_registry.count > 0, 60)
        redis.stop()
        time.sleep(5)
        assert worker.poll() is None, "the worker quit during the outage"
        redis.start()  # empty, as after a restart without persistence
        client = Redis.from_url(redis.url)
        until("worker back", lambda: live_workers(client) == 1, 120)
        jobs = Analyses(client, analysis_seconds=BUDGET)
        game = new_game("pyramid", deal=2)
        while game.view()["board"]["stock"]["count"]:
            game.play({"type": "draw"})
        ask(jobs, game, 24, owner="g")
        until("analysis done", lambda: jobs.report(game, 24)["state"] == "done", 120)
    finally:
        stop(worker)
    assert worker.stderr is not None
    lines = [line for line in worker.stderr.read().decode().splitlines() if line.strip()]
    messages = [json.loads(line)["message"] for line in lines]  # JSON lines, every one
    assert any("redis" in m.lower() for m in messages)  # the outage is in the log
    if busy:  # RQ's loop quit on the error; a fresh worker took over
        assert any("starting again" in m for m in messages)


def test_a_hint_does_not_wait_behind_an_analysis(redis: PrivateRedis) -> None:
    """One worker, busy with a long analysis: a hint request preempts it and is answered in
    the time the API waits for a hint; the analysis runs again when next asked for."""
    client = Redis.from_url(redis.url)
    jobs = Analyses(client, analysis_seconds=20)
    worker = start_worker(redis.url)
    try:
        until("worker alive", lambda: live_workers(client) == 1, 60)
        game = hard_position()
        ask(jobs, game, 0, owner="g")
        until("analysis started", lambda: jobs.queue().started_job_registry.count > 0, 60)
        # The wait is generous so a loaded machine cannot fail it; what shows the hint did not
        # wait behind the analysis is that the analysis was put back, unfinished.
        found = HintSearch(client).hint(new_game("pyramid", deal=8153), wait=60)
        assert found is not None and found["hint"]["move"] == {"type": "king", "at": "p21"}
        assert jobs.report(game, 0)["state"] == "pending"  # put back on its queue
        until("analysis running again", lambda: jobs.queue().started_job_registry.count, 120)
    finally:
        stop(worker)


def lost_looking_game() -> Any:
    """:func:`hard_position` two moves in, as if proven lost there: the rewind's first search
    (one move in) runs to its budget."""
    game = hard_position()
    for _ in range(2):
        game.play(game.legal_moves()[0])
    return game


def test_a_hint_does_not_wait_behind_a_rewind(redis: PrivateRedis) -> None:
    """One worker, busy with a rewind search: a hint request stops it; the rewind is put
    back, then stops for good as soon as its game moves on."""
    client = Redis.from_url(redis.url)
    jobs = Analyses(client)
    worker = start_worker(redis.url)
    try:
        until("worker alive", lambda: live_workers(client) == 1, 60)
        game = lost_looking_game()
        client.set(LATEST + "g", analysis_id(game))  # game g is at this position
        jobs.start_rewind(game, "g")
        job = Job.fetch(rewind_id(game), connection=client)
        until("rewind started", lambda: job.get_status(refresh=True) == "started", 60)
        found = HintSearch(client).hint(new_game("pyramid", deal=8153), wait=60)
        assert found is not None and found["hint"]["move"] == {"type": "king", "at": "p21"}
        until("rewind running again", lambda: job.get_status(refresh=True) == "started", 120)
        again = Job.fetch(job.id, connection=client)
        assert again.number_of_retries == 1  # put back once, not failed
        client.set(LATEST + "g", "elsewhere")  # the player undid: the rewind is not wanted
        until("rewind dropped", lambda: not client.exists(job.key), 60)
        assert jobs.results.get(rewind_id(game)) is None  # stopped: nothing published
    finally:
        stop(worker)
