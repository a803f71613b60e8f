"""The ranked pool is filled by a real worker: on start it queues the filler (the lowest
queue), which proves each game's dailies from today on and stores them; once the pool is
full it says so, and no worker queues the filler again for a while. Its search moves on
past every failed candidate and keeps where it is in the database, no deal waits behind
another, and a Redis restart and a killed worker mid-fill cost at most the candidate in
flight (SQLite and PostgreSQL)."""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis import Redis

from patience.catalogue import pool
from patience.catalogue.daily_rulesets import daily_rulesets
from patience.catalogue.pool import Proven, Stopped, fill, next_attempt
from patience.catalogue.ranked_deals import DAYS_AHEAD, daily_name
from patience.jobs.queues import POOL_FULL, RANKED_QUEUE, queue_key
from patience.service.ranked_days import pool_state
from patience.store import RankedDeal, RankedFillProgress, make_engine, session_factory, utcnow
from patience.store.migrate import upgrade
from tests.databases import empty_database, redis_test_url
from tests.ranked import DEAL_SECRET
from tests.servers import children, kill_hard, private_redis, start_logged_worker, wait_for


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with empty_database(request.param, tmp_path) as url:
        upgrade(url)
        yield url


def cleanings(log: Path) -> int:
    """How many maintenance rounds of the ranked queue a worker's log shows."""
    text = log.read_text() if log.exists() else ""
    return text.count(f"cleaning registries for queue: {RANKED_QUEUE}")


def test_a_worker_fills_the_pool_days_ahead_on_its_own(
    redis: Redis, database: str, tmp_path: Path
) -> None:
    engine = make_engine(database)
    today = utcnow().date()
    log = tmp_path / "worker.log"
    worker = start_logged_worker(
        log, redis_test_url(), DATABASE_URL=database, DEAL_SECRET=DEAL_SECRET
    )
    try:
        deadline = time.monotonic() + 120
        state: dict[str, object] = {}
        while time.monotonic() < deadline:
            with session_factory(engine)() as session:
                state = pool_state(session, today)
            if state["ranked_pool"] == "ok" and redis.exists(POOL_FULL):
                break
            time.sleep(0.5)
        assert state == {"ranked_pool": "ok", "ranked_days_ahead": DAYS_AHEAD}
        assert redis.exists(POOL_FULL) and redis.ttl(POOL_FULL) > 0
        with session_factory(engine)() as session:
            rows = session.query(RankedDeal).all()
        days = {today + dt.timedelta(days=d) for d in range(DAYS_AHEAD + 1)}
        assert {(r.game, r.day) for r in rows} == {(g, d) for g in daily_rulesets() for d in days}
        assert all(r.solution and r.ruleset == daily_rulesets()[r.game] for r in rows)
        # Two maintenance rounds later (each would queue the filler were the pool not
        # known full), nothing is queued again.
        seen = cleanings(log)
        wait_for("two maintenance rounds", lambda: cleanings(log) >= seen + 2, 120)
        assert redis.llen(queue_key(RANKED_QUEUE)) == 0
    finally:
        os.kill(worker.pid, signal.SIGTERM)
        worker.wait(timeout=60)  # it stops at once; only a real failure takes this long
        engine.dispose()


# -- the filler's steps, with a stand-in prover -------------------------------------------------


class Prover:
    """A stand-in for :func:`~patience.catalogue.pool.prove_candidate`: proves candidate
    ``wins[game]`` of each deal (never, for a game not in ``wins``), records each attempt,
    and stops (as a stop request does) once ``stop_after`` attempts were made."""

    def __init__(self, wins: dict[str, int], stop_after: int | None = None) -> None:
        self.wins, self.stop_after = wins, stop_after
        self.attempts: list[tuple[str, str, int]] = []

    def __call__(
        self, secret: bytes, game: str, ruleset: str, name: str, k: int, *budget: object
    ) -> Proven | None:
        if self.stop_after is not None and len(self.attempts) >= self.stop_after:
            raise Stopped
        self.attempts.append((game, name, k))
        if self.wins.get(game) == k:
            return Proven(k, {"stand-in": name}, [{"move": 1}])
        return None


def run_fill(database: str, prover: Prover, monkeypatch: pytest.MonkeyPatch, **kw: object) -> None:
    """One filler run in a fresh session (as a fresh worker's), with ``prover``."""
    monkeypatch.setattr(pool, "prove_candidate", prover)
    engine = make_engine(database)
    try:
        with session_factory(engine)() as session:
            fill(session, DEAL_SECRET.encode(), TODAY, days=2, **kw)  # type: ignore[arg-type]
    finally:
        engine.dispose()


def held(database: str) -> dict[tuple[str, dt.date | None], int]:
    engine = make_engine(database)
    try:
        with session_factory(engine)() as session:
            return {(r.game, r.day): r.candidate for r in session.query(RankedDeal).all()}
    finally:
        engine.dispose()


TODAY = dt.date(2026, 12, 5)


def test_a_failed_candidate_moves_the_search_on_and_a_fresh_run_goes_on_from_it(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Progress lives in the database: a run stopped after a few candidates, then fresh
    runs (a restarted worker, an emptied Redis) never prove a failed candidate again."""
    wins = {game: 3 for game in daily_rulesets()}
    first = Prover(wins, stop_after=5)
    run_fill(database, first, monkeypatch)
    assert len(first.attempts) == 5 and held(database) == {}
    second = Prover(wins, stop_after=20)
    run_fill(database, second, monkeypatch)
    third = Prover(wins)
    run_fill(database, third, monkeypatch)
    attempts = first.attempts + second.attempts + third.attempts
    assert len(attempts) == len(set(attempts)), "a candidate was proved twice"
    days = [TODAY + dt.timedelta(days=d) for d in range(3)]
    assert held(database) == {(g, d): 3 for g in daily_rulesets() for d in days}
    assert len(attempts) == 4 * len(days) * len(daily_rulesets())
    engine = make_engine(database)
    with session_factory(engine)() as session:  # a held deal's search is forgotten
        assert session.query(RankedFillProgress).count() == 0
    engine.dispose()


def test_no_hard_day_holds_back_another_day_or_game(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forty Thieves is never proven; every other daily is, and Forty Thieves' days get
    attempts in turn, today's most."""
    wins = {game: 0 for game in daily_rulesets() if game != "forty-thieves"}
    prover = Prover(wins, stop_after=40)
    run_fill(database, prover, monkeypatch)
    days = [TODAY + dt.timedelta(days=d) for d in range(3)]
    others = {(g, d) for g in wins for d in days}
    assert set(held(database)) == others
    tries = {
        day: sum(1 for g, n, _ in prover.attempts if (g, n) == ("forty-thieves", daily_name(day)))
        for day in days
    }
    assert tries[days[0]] > tries[days[1]] > tries[days[2]] >= 1, tries


class SlowFailures:
    """The filler's clock, where each Forty Thieves candidate fails after 30 CPU seconds
    (classic Forty Thieves' budget) and any other candidate costs a tenth of a second."""

    def __init__(self, prover: Prover) -> None:
        self.prover, self.now, self.monotonic = prover, 0.0, time.monotonic
        self.seen = 0

    def process_time(self) -> float:
        while self.seen < len(self.prover.attempts):  # charge each attempt made since
            game = self.prover.attempts[self.seen][0]
            self.now += 30.0 if game == "forty-thieves" else 0.1
            self.seen += 1
        return self.now


def test_slow_failures_of_one_game_do_not_hold_back_cheap_ones(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pyramid's dailies need four candidates each, Forty Thieves' are never proven and
    each failure costs its whole budget: every Pyramid and Gaps daily is stored within 30
    attempts, and each Forty Thieves day still gets its turns."""
    wins = {game: 3 if game == "pyramid" else 0 for game in daily_rulesets()}
    del wins["forty-thieves"]
    prover = Prover(wins, stop_after=30)
    monkeypatch.setattr(pool, "time", SlowFailures(prover))
    run_fill(database, prover, monkeypatch)
    days = [TODAY + dt.timedelta(days=d) for d in range(3)]
    assert set(held(database)) == {(g, d) for g in wins for d in days}
    tries = {d: prover.attempts.count(("forty-thieves", daily_name(d), 0)) for d in days}
    assert all(tries.values()), tries


def test_a_stopped_proof_is_tried_again_not_passed_over(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two candidates passed over, then a stop mid-proof: only the two moved on."""
    run_fill(database, Prover({}, stop_after=2), monkeypatch)
    engine = make_engine(database)
    with session_factory(engine)() as session:
        rows = session.query(RankedFillProgress).all()
        assert sorted(r.next_candidate for r in rows) == [1, 1]
        attempt = next_attempt(session, TODAY, 2)
        assert attempt is not None and attempt.candidate == 0
    engine.dispose()


# -- faults mid-fill -----------------------------------------------------------------------------


def attempts_in(*logs: Path) -> list[str]:
    """The candidates the workers' logs show proofs started for (``game day k``)."""
    found = []
    for log in logs:
        for line in log.read_text().splitlines():
            if line.startswith("{"):
                message = json.loads(line).get("message", "")
                if message.startswith("ranked pool: proving "):
                    found.append(message.removeprefix("ranked pool: proving "))
    return found


def test_a_redis_restart_and_a_killed_worker_mid_fill_redo_at_most_the_candidate_in_flight(
    database: str, tmp_path: Path
) -> None:
    days = 3
    engine = make_engine(database)

    def stored() -> int:
        with session_factory(engine)() as session:
            return session.query(RankedDeal).count()

    env = {"DATABASE_URL": database, "DEAL_SECRET": DEAL_SECRET, "PATIENCE_RANKED_DAYS": str(days)}
    first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
    with private_redis() as redis:
        first = start_logged_worker(first_log, redis.url, "--role", "background", **env)
        second = None
        try:
            wait_for("a first daily stored", lambda: stored() >= 2, 300)
            redis.stop()  # its queues and jobs are gone for good: nothing persisted
            redis.start()
            wait_for("dailies stored after the restart", lambda: stored() >= 5, 300)
            kill_hard(first.pid, *children(first.pid))
            first.wait(30)
            second = start_logged_worker(second_log, redis.url, "--role", "background", **env)
            total = (days + 1) * len(daily_rulesets())
            wait_for("the pool full", lambda: stored() == total, 600)
        finally:
            for worker in (first, second):
                if worker is not None and worker.poll() is None:
                    os.killpg(worker.pid, signal.SIGKILL)
                    worker.wait(30)
            engine.dispose()
    attempts = attempts_in(first_log, second_log)
    redone = len(attempts) - len(set(attempts))
    assert redone <= 2, attempts  # at most the candidate in flight at each fault
    assert all(attempts.count(a) <= 2 for a in attempts), attempts
