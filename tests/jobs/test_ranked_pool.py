"""The ranked pool is filled by a real worker: on start it queues the filler (the lowest
queue), which proves each game's dailies from today on and stores them; once the pool is
full it says so, and no worker queues the filler again for a while (SQLite and
PostgreSQL)."""

from __future__ import annotations

import datetime as dt
import os
import signal
import time
from collections.abc import Iterator

import pytest
from redis import Redis

from patience.catalogue.daily_rulesets import daily_rulesets
from patience.catalogue.ranked_deals import DAYS_AHEAD
from patience.jobs.queues import POOL_FULL, RANKED_QUEUE, queue_key
from patience.service.ranked_days import pool_state
from patience.store import RankedDeal, make_engine, session_factory, utcnow
from patience.store.migrate import upgrade
from tests.databases import postgres_available, postgres_database, redis_test_url
from tests.ranked import DEAL_SECRET
from tests.servers import start_worker


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: object) -> Iterator[str]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/pool.db"
        upgrade(url)
        yield url
        return
    if not postgres_available():
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not reachable")
        pytest.skip("PostgreSQL is not reachable")
    with postgres_database() as url:
        upgrade(url)
        yield url


def test_a_worker_fills_the_pool_days_ahead_on_its_own(redis: Redis, database: str) -> None:
    engine = make_engine(database)
    today = utcnow().date()
    worker = start_worker(redis_test_url(), DATABASE_URL=database, DEAL_SECRET=DEAL_SECRET)
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
        time.sleep(6)  # a maintenance later: the pool is full, nothing is queued again
        assert redis.llen(queue_key(RANKED_QUEUE)) == 0
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait(timeout=30)
        engine.dispose()
