"""Redis under play (not a test): keys without expiry and memory as moves accumulate.

``--players`` players play Gaps (two redeals: no hidden card, so every position is analysed)
through the Flask test client on a throwaway SQLite database, with a private Redis and one
real ``patience worker``; a stuck game is resigned and a new one dealt. They play back to
back, or ``--think`` seconds after each move (a pace at which the worker keeps up, so
verdicts and hint lines are kept too). Every ``--every`` moves the whole Redis is sampled:
its keys, those without an expiry (by shape, ids masked), the bytes of each shape, and
``used_memory``. ``--scale`` shortens every lifetime (``PATIENCE_LIFETIME_SCALE``).

With ``--against REF`` the same run is made on a checkout of ``REF`` too (before / after).

    .venv/bin/python -m bench.redis_growth --moves 3000 --against main
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from redis import Redis

from bench import start_worker, stop_worker
from bench.trees import REPO, child_env, python, trees

Json = dict[str, Any]
ID = re.compile(r"[0-9a-f]{16,}|\d+")


def shape(key: bytes) -> str:
    """A key with its ids masked: ``rq:job:analysis-*``."""
    return ID.sub("*", key.decode(errors="replace"))


def sample(redis: Redis, moves: int) -> Json:
    """The keys of the whole Redis: how many, how many without expiry (by shape), memory."""
    keys = list(redis.scan_iter(count=1000))
    with redis.pipeline(transaction=False) as pipe:
        for key in keys:
            pipe.ttl(key)
        ttls = pipe.execute()
    persistent = Counter(shape(key) for key, ttl in zip(keys, ttls, strict=True) if ttl == -1)
    memory = int(redis.info("memory")["used_memory"])
    return {
        "moves": moves,
        "keys": len(keys),
        "persistent": sum(persistent.values()),
        "shapes": dict(persistent),
        "used_memory": memory,
        "classes": classes(redis, keys),
    }


def classes(redis: Redis, keys: list[bytes]) -> dict[str, list[int]]:
    """Every key shape: how many keys, and their bytes (``MEMORY USAGE`` of each)."""
    with redis.pipeline(transaction=False) as pipe:
        for key in keys:
            pipe.memory_usage(key)
        sizes = pipe.execute()
    found: dict[str, list[int]] = {}
    for key, size in zip(keys, sizes, strict=True):
        count, total = found.get(shape(key), [0, 0])
        found[shape(key)] = [count + 1, total + int(size or 0)]
    return found


def scratch_dir() -> str | None:
    """Memory-backed scratch space where there is one: SQLite's commits then cost no disk
    flush (tens of milliseconds a move on this machine's disk)."""
    return "/dev/shm" if os.path.isdir("/dev/shm") else None


def play(
    moves: int, players: int, every: int, redis_url: str, *, think: float = 0.0, seed: int = 0
) -> list[Json]:
    """Play ``moves`` moves with a real worker, ``think`` seconds after each; a sample every
    ``every`` moves (and at 0)."""
    from patience.api import create_app
    from patience.store.migrate import upgrade

    redis = Redis.from_url(redis_url)
    with tempfile.TemporaryDirectory(dir=scratch_dir()) as folder:
        database = f"sqlite:///{Path(folder) / 'growth.db'}"
        upgrade(database)
        settings = {"RATE_LIMIT_ACTIONS": "off", "RATE_LIMIT_PLAYERS": "off", "TESTING": True}
        app = create_app({"DATABASE_URL": database, "REDIS_URL": redis_url} | settings)
        client, rng = app.test_client(), random.Random(seed)
        worker = start_worker(redis_url, database)
        try:
            _wait_for_worker(redis)
            table = [_Player(client) for _ in range(players)]
            samples = [sample(redis, 0)]
            for done in range(1, moves + 1):
                table[done % players].move(rng)
                if think:
                    time.sleep(think)
                if done % every == 0:
                    samples.append(sample(redis, done))
        finally:
            stop_worker(worker)
    return samples


def _wait_for_worker(redis: Redis) -> None:
    deadline = time.monotonic() + 30
    while not redis.zcard("patience:workers:alive"):
        assert time.monotonic() < deadline, "the worker did not start"
        time.sleep(0.1)


class _Player:
    """One player's game of Gaps at a time, through the test client."""

    def __init__(self, client: Any) -> None:
        self.client = client
        token = client.post("/api/v1/players", json={}).get_json()["token"]
        self.headers = {"Authorization": f"Bearer {token}"}
        self.view = self._deal()

    def _deal(self) -> Json:
        r = self.client.post("/api/v1/games", json={"game": "gaps"}, headers=self.headers)
        assert r.status_code == 201, r.get_json()
        view: Json = r.get_json()
        return view

    def _post(self, action: str, body: Json) -> Json:
        url = f"/api/v1/games/{self.view['id']}/{action}"
        body = {"version": self.view["version"], **body}
        r = self.client.post(url, json=body, headers=self.headers)
        assert r.status_code == 200, r.get_json()
        view: Json = r.get_json()
        return view

    def move(self, rng: random.Random) -> None:
        """One move; a stuck game is resigned first and a new one dealt."""
        if self.view["status"] != "playing" or not self.view["legal_moves"]:
            if self.view["status"] == "playing":
                self._post("resign", {})
            self.view = self._deal()
        self.view = self._post("moves", {"move": rng.choice(self.view["legal_moves"])})


def report(label: str, samples: list[Json]) -> None:
    print(f"{label}:")
    for s in samples:
        memory = s["used_memory"] / 1e6
        print(
            f"  {s['moves']:>6} moves: {s['keys']:>6} keys, {s['persistent']:>6} without expiry,"
            f" used_memory {memory:7.2f} MB"
        )
    first, last = samples[0], samples[-1]
    grown: Counter[str] = Counter(last["shapes"])
    grown.subtract(first["shapes"])
    top = ", ".join(f"{k} {n:+d}" for k, n in grown.most_common(6) if n)
    print(f"  without expiry, last − first: {last['persistent'] - first['persistent']:+d} ({top})")
    biggest = sorted(last["classes"].items(), key=lambda item: -item[1][1])[:8]
    print(
        "  keys at the end, by shape (count, bytes):",
        ", ".join(f"{name} {count} / {size / 1e3:.0f} kB" for name, (count, size) in biggest),
    )
    if len(samples) >= 3:
        half = samples[len(samples) // 2]
        rate = (last["used_memory"] - half["used_memory"]) / (last["moves"] - half["moves"])
        print(f"  memory over the second half: {rate:+.0f} kB per 1000 moves")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--every", type=int, default=500)
    parser.add_argument("--think", type=float, default=0.0, help="seconds after each move")
    parser.add_argument("--against", help="a git ref to measure as well")
    parser.add_argument("--scale", default="1", help="PATIENCE_LIFETIME_SCALE of the run")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        samples = play(args.moves, args.players, args.every, args.child, think=args.think)
        print(json.dumps(samples))
        return 0
    from bench.analysis_load import private_redis

    with trees(args.against) as found:
        for label, tree in found.items():
            with private_redis() as url:
                command = [python(), "-m", "bench.redis_growth", "--child", url]
                command += ["--moves", str(args.moves), "--players", str(args.players)]
                command += ["--every", str(args.every), "--think", str(args.think)]
                env = child_env(tree, PATIENCE_LIFETIME_SCALE=args.scale)
                began = time.monotonic()
                out = subprocess.run(command, env=env, cwd=REPO, capture_output=True, text=True)
                if out.returncode:
                    raise SystemExit(f"{label}: the run failed\n{out.stderr}")
                report(label, json.loads(out.stdout.strip().splitlines()[-1]))
                print(f"  ({time.monotonic() - began:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    raise SystemExit(main())
