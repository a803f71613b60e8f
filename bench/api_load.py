"""API load benchmark (not a test): simulated players against the API under gunicorn.

By default it starts the API itself, on a throwaway PostgreSQL database (created and dropped
like the tests' own, :mod:`tests.databases`) and, when one answers at 127.0.0.1:6379,
Redis (so rate limiting is on the path, with limits raised above what the bots do). With
``--url`` it targets a running server instead. Everything stays on 127.0.0.1.

Three phases with the same server, the same number of concurrent clients (``--players``,
spread over ``--client-procs`` processes so that the load generator's GIL is not the limit):

1. the ceiling: each client calls ``GET /healthz`` (a trivial JSON endpoint) back to back;
2. capacity: each client signs a player up and plays real games through the HTTP API back to
   back, choosing among the GameView's ``legal_moves`` at random (removals before draws),
   starting a new game when one is won or stuck. Accepted moves/s over the ceiling's
   requests/s is the ratio; latencies here are mostly queueing (closed loop: N clients with
   nothing between requests wait on each other);
3. people: the same players, arriving over the first ``2 × --think`` seconds, pausing before
   each move (exponential, mean ``--think`` seconds, as a person would): the latency a player
   feels with that many playing at once (moves timed after the arrivals).

Printed for each phase: requests/s, errors, and for the move phases p50/p95/p99 latency.

    .venv/bin/python bench/api_load.py --players 64 --seconds 20 --think 1
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.client
import json
import multiprocessing
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from patience.store.migrate import upgrade
from tests.databases import postgres_database

GAMES = ("pyramid", "gaps", "forty-thieves")
DRAWS = frozenset({"draw", "recycle", "redeal"})
BIN = Path(sys.executable).parent


class Client:
    """One keep-alive HTTP/1.1 connection speaking JSON."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.conn = http.client.HTTPConnection(
            parts.hostname or "127.0.0.1", parts.port, timeout=30
        )
        self.headers = {"Content-Type": "application/json"}

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body)
        try:
            self.conn.request(method, path, data, self.headers)
            response = self.conn.getresponse()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            # The server closed a keep-alive connection left idle (a player thinking):
            # reconnect and send again, as a browser does.
            self.conn.close()
            self.conn.request(method, path, data, self.headers)
            response = self.conn.getresponse()
        raw = response.read()
        return response.status, json.loads(raw) if raw else None


@dataclass
class Tally:
    """What the threads of one phase counted (merged under a lock)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    ok: int = 0
    errors: int = 0
    games: int = 0
    latencies: list[float] = field(default_factory=list)
    error_samples: list[str] = field(default_factory=list)

    def add(
        self, ok: int, errors: int, games: int, latencies: list[float], samples: list[str]
    ) -> None:
        with self.lock:
            self.ok += ok
            self.errors += errors
            self.games += games
            self.latencies += latencies
            self.error_samples += samples[: 5 - len(self.error_samples)]


def ceiling(base: str, deadline: float, _seed: int, tally: Tally) -> None:
    """Phase 1: ``GET /healthz`` until the deadline."""
    client, ok, errors = Client(base), 0, 0
    while time.time() < deadline:
        status, _ = client.call("GET", "/healthz")
        ok, errors = ok + (status == 200), errors + (status != 200)
    tally.add(ok, errors, 0, [], [])


def choose(rng: random.Random, moves: list[dict[str, Any]]) -> dict[str, Any]:
    """A random legal move, preferring anything over drawing and redealing."""
    plays = [m for m in moves if m["type"] not in DRAWS]
    return rng.choice(plays or moves)


def player(base: str, deadline: float, seed: int, tally: Tally, think: float = 0.0) -> None:
    """Phase 2: sign up, then play games move by move until the deadline, pausing a random
    time of mean ``think`` seconds (exponential) before each move, as a person would. Paced
    players also arrive spread over the first ``2 * think`` seconds (not all in the same
    instant), and moves are timed only after that arrival window."""
    rng, client = random.Random(seed), Client(base)
    measure_from = time.time() + 2 * think
    if think:
        time.sleep(rng.uniform(0, 2 * think))
    ok = errors = games = 0
    latencies: list[float] = []
    samples: list[str] = []
    status, body = client.call("POST", "/api/v1/players", {"name": f"bot {seed}"})
    if status != 201:
        tally.add(0, 1, 0, [], [f"sign-up {status} {body}"])
        return
    client.headers["Authorization"] = f"Bearer {body['token']}"
    view: dict[str, Any] | None = None
    while time.time() < deadline:
        if view is None or view["status"] != "playing" or not view["legal_moves"]:
            status, view = client.call("POST", "/api/v1/games", {"game": rng.choice(GAMES)})
            games += 1
            if status != 201:
                errors, view = errors + 1, None
                samples.append(f"new game {status} {view}")
                continue
        assert view is not None
        if think:
            pause = rng.expovariate(1 / think)
            if time.time() + pause >= deadline:
                break  # not a move fired at the deadline by every player at once
            time.sleep(pause)
        move = {"version": view["version"], "move": choose(rng, view["legal_moves"])}
        began = time.perf_counter()
        status, body = client.call("POST", f"/api/v1/games/{view['id']}/moves", move)
        if time.time() >= measure_from:
            latencies.append(time.perf_counter() - began)
        if status == 200:
            ok, view = ok + 1, body
        else:
            errors, view = errors + 1, None
            samples.append(f"move {status} {body}")
    tally.add(ok, errors, games, latencies, samples)


Phase = Callable[[str, float, int, Tally], None]


Counts = tuple[int, int, int, list[float], list[str]]


def _threads(target: Phase, base: str, first: int, count: int, deadline: float) -> Counts:
    """``count`` threads of ``target`` (seeds ``first`` …) in this process, until ``deadline``
    (``time.time()``, comparable across processes)."""
    tally = Tally()
    threads = [
        threading.Thread(target=target, args=(base, deadline, first + i, tally))
        for i in range(count)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return tally.ok, tally.errors, tally.games, tally.latencies, tally.error_samples


def run_phase(
    target: Phase, base: str, players: int, seconds: float, procs: int
) -> tuple[Tally, float]:
    """Run ``players`` simulated clients of ``target`` for ``seconds``, spread over ``procs``
    client processes (one Python process alone would be the bottleneck: the GIL); the merged
    tally and the elapsed time."""
    procs = max(1, min(procs, players))
    shares = [players // procs + (i < players % procs) for i in range(procs)]
    firsts = [sum(shares[:i]) for i in range(procs)]
    began = time.time()
    deadline = began + seconds
    with multiprocessing.get_context("spawn").Pool(procs) as pool:
        parts = pool.starmap(
            _threads, [(target, base, f, n, deadline) for f, n in zip(firsts, shares, strict=True)]
        )
    tally = Tally()
    for part in parts:
        tally.add(*part)
    return tally, time.time() - began


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def redis_up() -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", 6379), 0.2):
        return True
    return False


@contextlib.contextmanager
def server(
    args: argparse.Namespace, redis_url: str | None = None, database_url: str | None = None
) -> Iterator[str]:
    """The API under gunicorn on ``database_url`` (else a throwaway PostgreSQL database), with
    the Redis at ``redis_url`` (else the local one if it answers); yields its base URL."""
    with contextlib.ExitStack() as stack:
        url = database_url or stack.enter_context(postgres_database())
        upgrade(url)
        port = free_port()
        env = {
            **os.environ,
            "DATABASE_URL": url,
            "WEB_CONCURRENCY": str(args.workers),
            "GUNICORN_THREADS": str(args.threads),
            "LOG_LEVEL": "warning",
            "RATE_LIMIT_PLAYERS": "100000/minute",
            "RATE_LIMIT_ACTIONS": "100000/minute",
            "DEAL_SECRET": secrets.token_hex(32),  # production refuses to start without one
        }
        env.pop("REDIS_URL", None)
        if redis_url is not None:
            env["REDIS_URL"] = redis_url
        elif redis_up():
            env |= {"REDIS_URL": "redis://127.0.0.1:6379/0", "REDIS_PREFIX": f"bench{port}:"}
        command = [str(BIN / "gunicorn"), "--config", "python:patience.gunicorn_conf"]
        command += ["--bind", f"127.0.0.1:{port}"]
        proc = subprocess.Popen(command, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_ready(base)
            print(
                f"server: gunicorn {args.workers} workers × {args.threads} threads, PostgreSQL, "
                f"redis {'on' if 'REDIS_URL' in env else 'off'}",
                flush=True,
            )
            yield base
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def wait_ready(base: str, seconds: float = 30) -> None:
    """Wait until the API answers (``/healthz``: ``/readyz`` also wants the ranked pool
    proven, which no load benchmark plays)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError, http.client.HTTPException):
            if Client(base).call("GET", "/healthz")[0] == 200:
                return
        time.sleep(0.1)
    raise SystemExit(f"the server at {base} did not become ready")


def latency_line(latencies: list[float]) -> str:
    ms = [x * 1000 for x in latencies]
    return (
        f"p50 {percentile(ms, 0.50):.1f}  p95 {percentile(ms, 0.95):.1f}  "
        f"p99 {percentile(ms, 0.99):.1f}  mean {statistics.fmean(ms) if ms else 0:.1f}"
    )


def report(
    players: int,
    think: float,
    health: tuple[Tally, float],
    play: tuple[Tally, float],
    paced: tuple[Tally, float] | None,
) -> None:
    (h, h_time), (p, p_time) = health, play
    ceiling_rps = h.ok / h_time
    moves_rps = p.ok / p_time
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"machine: {os.cpu_count()} CPUs, load average after the run {load}")
    print(f"clients: {players}; phases {h_time:.1f} s / {p_time:.1f} s")
    print(f"1 healthz, back to back: {ceiling_rps:.0f} req/s ({h.ok} ok, {h.errors} errors)")
    print(
        f"2 moves, back to back: {moves_rps:.0f} accepted/s ({p.ok} accepted, {p.games} games, "
        f"{p.errors} errors); latency ms {latency_line(p.latencies)}"
    )
    ratio = f"{moves_rps / ceiling_rps:.2f}" if ceiling_rps else "n/a (no /healthz answered)"
    print(f"  ratio moves/healthz: {ratio}")
    if paced is not None:
        q, q_time = paced
        print(
            f"3 moves, {players} players thinking {think:g} s on average: "
            f"{q.ok / q_time:.0f} accepted/s ({q.ok} accepted, {q.errors} errors); "
            f"latency ms {latency_line(q.latencies)}"
        )
    for sample in h.error_samples + p.error_samples + (paced[0].error_samples if paced else []):
        print(f"error: {sample[:300]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=64, help="concurrent clients")
    parser.add_argument("--seconds", type=float, default=20, help="length of each move phase")
    parser.add_argument(
        "--ceiling-seconds", type=float, default=10, help="length of the /healthz phase"
    )
    parser.add_argument("--think", type=float, default=1.0, help="phase 3 mean pause (s); 0: skip")
    parser.add_argument("--client-procs", type=int, default=4, help="load generator processes")
    parser.add_argument("--url", help="target a running server instead of starting one")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=8, help="gunicorn threads per worker")
    args = parser.parse_args(argv)
    with contextlib.ExitStack() as stack:
        base = args.url or stack.enter_context(server(args))
        n, procs = args.players, args.client_procs
        health = run_phase(ceiling, base, n, args.ceiling_seconds, procs)
        play = run_phase(player, base, n, args.seconds, procs)
        paced = None
        if args.think > 0:
            people = functools.partial(player, think=args.think)
            paced = run_phase(people, base, n, args.seconds, procs)
    report(n, args.think, health, play, paced)
    errors = health[0].errors + play[0].errors + (paced[0].errors if paced else 0)
    return 0 if errors == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
