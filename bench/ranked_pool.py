"""What filling the ranked pool costs: for each game's daily ruleset (the production ones,
whatever ``PATIENCE_DAILY_RULESETS`` says) and a few days, how many candidates the filler
tried before one was proven winnable, and the CPU seconds it took.

    python bench/ranked_pool.py [--days 3] [--seconds 30]

``--fill`` instead times a fresh deployment: one ``patience worker --role background`` on an
empty database (SQLite in a temporary folder) and Redis database 12 (flushed; ``--redis``),
filling the pool from today to ``--days`` ahead for every game, as it does on its own; it
prints when each daily was stored, the time to a full pool, and the CPU seconds the worker
and its work horses used (``--limit``: give up after that many seconds, saying how far it
got).

    python bench/ranked_pool.py --fill [--days 7] [--limit 3600]

A random secret per run (as a fresh server has), so the figures vary from run to run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time

from redis import Redis

from patience.catalogue.daily_rulesets import daily_rulesets
from patience.catalogue.pool import prove
from patience.catalogue.ranked_deals import daily_name
from patience.games import entries
from patience.store import RankedDeal, make_engine, session_factory
from patience.store.migrate import upgrade

REDIS = "redis://127.0.0.1:6379/12"


def fill(days: int, limit: float, redis: str) -> None:
    """One background worker fills a fresh pool: when each daily landed, and the cost."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("PATIENCE_")}
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{folder}/pool.db"
        upgrade(database)
        Redis.from_url(redis).flushdb()
        env = environ | {
            "REDIS_URL": redis,
            "DATABASE_URL": database,
            "DEAL_SECRET": secrets.token_hex(32),
            "PATIENCE_RANKED_DAYS": str(days),
            "LOG_LEVEL": "error",
        }
        command = [sys.executable, "-m", "patience.cli", "worker", "--role", "background"]
        began = time.monotonic()
        worker = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)
        engine = make_engine(database)
        today = dt.datetime.now(dt.UTC).date()
        print(f"one background worker, {days} days ahead, daily rulesets {daily_rulesets()}")
        seen: set[tuple[str, dt.date | None]] = set()
        total = (days + 1) * len(daily_rulesets())
        try:
            while len(seen) < total and time.monotonic() - began < limit:
                with session_factory(engine)() as session:
                    rows = session.query(RankedDeal.game, RankedDeal.day, RankedDeal.candidate)
                    for game, day, k in rows.all():
                        if (game, day) not in seen:
                            seen.add((game, day))
                            ahead = None if day is None else (day - today).days
                            print(
                                f"{time.monotonic() - began:7.1f} s  {game:<14} day +{ahead} "
                                f"(candidate {k})",
                                flush=True,
                            )
                time.sleep(1)
            took = time.monotonic() - began
        finally:
            worker.send_signal(signal.SIGTERM)
            usage = os.wait4(worker.pid, 0)[2]
            engine.dispose()
            Redis.from_url(redis).flushdb()
    cpu = usage.ru_utime + usage.ru_stime
    state = "full" if len(seen) == total else f"{len(seen)} of {total} stored (gave up)"
    print(f"pool {state} after {took:.0f} s wall, {cpu:.0f} CPU-s (worker and work horses)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=30.0, help="budget per candidate")
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--fill", action="store_true", help="time a fresh pool's fill")
    parser.add_argument("--limit", type=float, default=3600.0, help="--fill: give up after")
    parser.add_argument("--redis", default=REDIS, help="--fill: a Redis database it may flush")
    args = parser.parse_args()
    if args.fill:
        fill(args.days, args.limit, args.redis)
        return
    secret = secrets.token_bytes(32)
    today = dt.date.today()
    print(f"budget {args.seconds} CPU-s per candidate, {args.days} days, a fresh secret")
    for entry in entries():
        if entry.daily_ruleset is None or (args.game and entry.name not in args.game):
            continue
        for d in range(args.days):
            began = time.process_time()
            name = daily_name(today + dt.timedelta(days=d))
            found = prove(secret, entry.name, entry.daily_ruleset, name, args.seconds)
            tried = None if found is None else found.candidate + 1
            print(
                f"{entry.name:<14} {entry.daily_ruleset:<10} {name}: candidates tried {tried}, "
                f"{time.process_time() - began:.2f} CPU-s",
                flush=True,
            )


if __name__ == "__main__":
    main()
