"""Solver jobs through a real Redis and real RQ workers (in-process burst workers, and a
``patience worker`` subprocess for the worker-loss test)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from redis import Redis

from patience.engine import Game, new_game
from patience.jobs import Jobs, state_key
from patience.jobs.worker import run
from patience.solver import Budget, solve_game
from patience.store.redis import connect
from patience.store.testing import redis_test_url

REDIS_TEST_URL = redis_test_url()  # the suite's own database (PATIENCE_TEST_REDIS)


@pytest.fixture
def redis() -> Iterator[Redis]:
    client = Redis.from_url(REDIS_TEST_URL)
    try:
        client.ping()
    except Exception:
        if os.environ.get("CI"):
            raise
        pytest.skip("no Redis at " + REDIS_TEST_URL)
    client.flushdb()
    yield client
    client.flushdb()


def work(redis: Redis) -> None:
    """Run a burst worker until the queue is empty."""
    run(REDIS_TEST_URL, burst=True, fork=False)


def draw_all(deal: int) -> Game[Any, Any]:
    game = new_game("pyramid", deal=deal)
    while game.view()["board"]["stock"]["count"]:
        game.play({"type": "draw"})
    return game


def test_pyramid_analysis_waits_for_the_whole_stock_then_reaches_the_verdict(redis: Redis) -> None:
    jobs = Jobs(redis)
    game = new_game("pyramid", deal=2)
    assert jobs.analysis(game, 0)["state"] == "not_applicable"
    game.play({"type": "draw"})
    assert jobs.analysis(game, 1) == {
        "version": 1, "state": "not_applicable", "verdict": None, "reason": "unseen_cards",
    }  # fmt: skip
    game = draw_all(2)
    assert game.unseen_count() == 0
    assert jobs.analysis(game, 24)["state"] in ("pending", "unavailable")  # no worker yet
    work(redis)
    report = jobs.analysis(game, 24)
    expected = solve_game(game, Budget(seconds=30)).verdict
    assert report == {"version": 24, "state": "done", "verdict": expected, "reason": ""}


def test_a_proven_dead_end_is_reported_unwinnable(redis: Redis) -> None:
    jobs = Jobs(redis)
    game = draw_all(3)  # deal 3 cannot be won
    jobs.analysis(game, 24)
    work(redis)
    assert jobs.analysis(game, 24)["verdict"] == "unwinnable"
    assert jobs.verdict(game) == "unwinnable"


def test_a_result_is_never_shown_for_another_position(redis: Redis) -> None:
    jobs = Jobs(redis)
    game = draw_all(2)
    jobs.analysis(game, 24)
    work(redis)
    assert jobs.analysis(game, 24)["state"] == "done"
    game.play(game.legal_moves()[0])
    after = jobs.analysis(game, 25, start=False)
    assert after["state"] != "done" and after["verdict"] is None
    assert jobs.verdict(game) is None


def test_duplicate_requests_collapse_into_one_job(redis: Redis) -> None:
    jobs = Jobs(redis)
    game = draw_all(2)
    for version in range(3):
        jobs.analysis(game, version)
    assert len(jobs.queue) == 1
    twin = draw_all(2)
    assert state_key(twin) == state_key(game)


def test_without_redis_analysis_is_unavailable_and_nothing_raises() -> None:
    jobs = Jobs(connect("redis://127.0.0.1:1/0"))  # nothing listens there
    report = jobs.analysis(draw_all(2), 24)
    assert report["state"] == "unavailable" and report["verdict"] is None
    assert jobs.hint(new_game("pyramid", deal=1), wait=0.1) is None
    assert jobs.verdict(draw_all(2)) is None


def test_solve_jobs_report_their_verdict_and_line(redis: Redis) -> None:
    jobs = Jobs(redis)
    job_id = jobs.submit_solve(new_game("pyramid", deal=1))
    assert jobs.job_view(job_id)["state"] == "queued"  # type: ignore[index]
    work(redis)
    view = jobs.job_view(job_id)
    assert view is not None and view["state"] == "done" and view["verdict"] == "winnable"
    replay = new_game("pyramid", deal=1)
    for move in view["solution"]:
        replay.play(move)
    assert replay.status == "won"
    assert jobs.job_view("solve-nothing") is None
    assert jobs.job_view("analysis-" + "0" * 40) is None  # only solve jobs are public


def test_hints_come_from_the_worker_when_it_answers_in_time(redis: Redis) -> None:
    jobs = Jobs(redis)
    game = new_game("pyramid", deal=8153)
    assert jobs.hint(game, wait=0.05) is None  # no worker: the caller gives ordinary advice
    work(redis)
    assert jobs.hint(game, wait=0.05) == {"hint": {"move": {"type": "king", "at": "p21"}}}


def test_a_newer_position_supersedes_the_older_analysis_mid_search(redis: Redis) -> None:
    jobs = Jobs(redis)
    older = draw_all(327)  # about a second of search
    newer = older.copy()
    newer.play(newer.legal_moves()[0])
    jobs.analysis(older, 24, owner="g1")

    def move_on() -> None:  # the player moves while the worker searches the older position
        while not jobs.queue.started_job_registry.count:
            time.sleep(0.005)
        jobs.analysis(newer, 25, owner="g1")

    player = threading.Thread(target=move_on)
    player.start()
    work(redis)  # runs the older job (dropped mid-search), then the newer one
    player.join()
    assert jobs._fetch(f"analysis-{state_key(older)}").return_value() == {  # type: ignore[union-attr]
        "verdict": None, "superseded": True,
    }  # fmt: skip
    assert jobs.analysis(newer, 25, owner="g1")["state"] == "done"
    # Undo back to the older position: it is wanted again, so searched again, to the end.
    assert jobs.analysis(older, 26, owner="g1")["state"] in ("pending", "unavailable")
    work(redis)
    assert jobs.analysis(older, 26, owner="g1") == {
        "version": 26, "state": "done", "verdict": "unwinnable", "reason": "",
    }  # fmt: skip


def test_queued_analyses_of_positions_left_behind_are_dropped_unsearched(redis: Redis) -> None:
    jobs = Jobs(redis)
    game = new_game("gaps", deal=1)
    passed = []
    for version in range(3):  # three quick moves while no worker runs
        jobs.analysis(game, version, owner="g2")
        passed.append(game.copy())
        game.play(game.legal_moves()[0])
    current = jobs.analysis(game, 3, owner="g2")
    assert current["state"] in ("pending", "unavailable")  # no worker yet
    work(redis)
    for position in passed:
        job = jobs._fetch(f"analysis-{state_key(position)}")
        assert job is not None and job.return_value() == {"verdict": None, "superseded": True}
    assert jobs.analysis(game, 3, owner="g2")["state"] in ("done", "timeout")


def test_a_killed_worker_costs_a_retry_not_the_verdict(redis: Redis, tmp_path: Path) -> None:
    jobs = Jobs(redis)
    game = draw_all(327)  # about 2 s of search: long enough to kill the worker mid-job
    patience = str(Path(sys.executable).with_name("patience"))
    env = {**os.environ, "REDIS_URL": REDIS_TEST_URL}

    def start_worker() -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [patience, "worker", "--stale-after", "3"],
            env=env, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=(tmp_path / "worker.log").open("ab"),
        )  # fmt: skip

    first = start_worker()
    second = None
    try:
        jobs.analysis(game, 24)
        deadline = time.monotonic() + 30
        while jobs.queue.started_job_registry.count == 0:
            assert time.monotonic() < deadline, "the first worker never started the job"
            time.sleep(0.1)
        os.killpg(first.pid, signal.SIGKILL)  # the worker and its work horse, mid-job
        first.wait(10)
        second = start_worker()
        deadline = time.monotonic() + 90
        while (report := jobs.analysis(game, 24, start=False))["state"] != "done":
            assert time.monotonic() < deadline, report
            time.sleep(0.25)
        assert report["verdict"] == "unwinnable"
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(10)
