"""Play on a fresh deployment while its ranked pool fills, and how fast everything stops.

``patience run`` (what ``make run`` starts: a local Redis, one ``interactive`` and one
``background`` worker, the API under gunicorn) on an empty database (SQLite in a temporary
folder), with the production daily rulesets and a fresh deal secret: the background worker
starts proving the pool (7 days ahead) at once. Meanwhile one player plays Pyramid deals
1..N over HTTP one after another, each along the seed pages' tips until no card is unseen
(the stock drawn through), and the bench times that last move from its request to the
analysis verdict (``GET …/analysis`` polled every 10 ms), with how many dailies the pool
held then. Then the stop times: SIGTERM to the background worker while its work horse is
mid-proof (until it exits), and Ctrl-C (SIGINT to the process group, as a terminal sends
it) to ``patience run`` (until it and every process it started are gone).

    .venv/bin/python bench/fresh_start.py [--deals 6]
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from bench.analysis_latency import typical_line

Json = dict[str, Any]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Client:
    """One player on the API at ``base``, over HTTP."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.headers = {"Content-Type": "application/json"}
        token = self.call("POST", "/players", {"name": "bench"})["token"]
        self.headers["Authorization"] = f"Bearer {token}"

    def call(self, method: str, path: str, body: Json | None = None) -> Json:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path, data=data, method=method, headers=self.headers
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            out: Json = json.loads(response.read())
            return out


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def descendants(pid: int) -> list[int]:
    found = children(pid)
    for child in list(found):
        found += descendants(child)
    return found


def name(pid: int) -> str:
    """A process's command line, shortened: ``patience worker --role background``."""
    try:
        words = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
    except OSError:
        return str(pid)
    words = [Path(w).name if "/" in w else w for w in words if w]
    return " ".join(words[:5])


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def background_worker(run: int) -> int | None:
    for pid in children(run):
        if b"background" in Path(f"/proc/{pid}/cmdline").read_bytes():
            return pid
    return None


class Run:
    """``patience run`` on free ports, an empty SQLite database in ``folder`` and a fresh
    deal secret, with the production daily rulesets."""

    def __init__(self, folder: str) -> None:
        port, redis_port = free_port(), free_port()
        self.database = Path(folder) / "fresh.db"
        env = {k: v for k, v in os.environ.items() if not k.startswith("PATIENCE_")} | {
            "DATABASE_URL": f"sqlite:///{self.database}",
            "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
            "DEAL_SECRET": secrets.token_hex(32),
            "RATE_LIMIT_ACTIONS": "100000/minute",
            "LOG_LEVEL": "warning",
        }
        patience = str(Path(sys.executable).with_name("patience"))
        log = (Path(folder) / "run.log").open("wb")
        self.began = time.monotonic()
        self.process = subprocess.Popen(
            [patience, "run", "--port", str(port)], env=env, start_new_session=True, stderr=log
        )
        self.base = f"http://127.0.0.1:{port}/api/v1"
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).close()
                break
            except OSError:
                assert self.process.poll() is None, "patience run quit"
                assert time.monotonic() - self.began < 120, "no API"
                time.sleep(0.2)
        print(f"API up {self.since():.1f} s after start", flush=True)

    def since(self) -> float:
        return time.monotonic() - self.began

    def pool(self) -> int:
        """How many dailies the pool holds."""
        with sqlite3.connect(self.database) as db:
            return int(db.execute("SELECT count(*) FROM ranked_deals").fetchone()[0])

    def proving(self) -> int | None:
        """The background worker, once its work horse is proving (``None``: none, or the
        pool is full)."""
        worker = background_worker(self.process.pid)
        while worker is not None and not children(worker) and self.pool() < 24:
            time.sleep(0.05)
        return worker if worker is not None and self.pool() < 24 else None


def play(run: Run, deals: int) -> None:
    """Pyramid deals 1..``deals``, each timed from its all-stock-seen move to its verdict."""
    player = Client(run.base)
    seconds = []
    for deal in range(1, deals + 1):
        view = player.call("POST", "/games", {"game": "pyramid", "deal": deal})
        *before, last = typical_line("pyramid", deal, gaps_moves=0)
        for move in before:
            body = {"version": view["version"], "move": move}
            view = player.call("POST", f"/games/{view['id']}/moves", body)
        asked = time.monotonic()
        body = {"version": view["version"], "move": last}
        view = player.call("POST", f"/games/{view['id']}/moves", body)
        report: Json = {}
        while time.monotonic() - asked < 300:
            report = player.call("GET", f"/games/{view['id']}/analysis")
            if report["state"] in ("done", "timeout", "unavailable"):
                break
            time.sleep(0.01)
        took = time.monotonic() - asked
        seconds.append(took)
        print(
            f"pyramid {deal}: all stock seen -> {report['verdict'] or report['state']} in "
            f"{took:.2f} s ({run.since():.0f} s after start, pool holds {run.pool()} dailies)",
            flush=True,
        )
    print(
        f"move -> verdict: median {statistics.median(seconds):.2f} s, "
        f"max {max(seconds):.2f} s over {len(seconds)} deals",
        flush=True,
    )


def stop_worker(run: Run) -> None:
    """SIGTERM to the background worker mid-proof, timed until it exits."""
    worker = run.proving()
    if worker is None:
        print("background worker: not proving (the pool is full)")
        return
    os.kill(worker, signal.SIGTERM)
    stopped = time.monotonic()
    while alive(worker):
        time.sleep(0.01)
    print(f"background worker: SIGTERM mid-proof -> exited in {time.monotonic() - stopped:.2f} s")


def stop_all(run: Run) -> None:
    """Ctrl-C to ``patience run`` (its replacement background worker mid-proof), timed
    until every process it started is gone."""
    time.sleep(3)  # patience run starts another background worker, which takes the filler
    mid = run.proving() is not None
    everything = {pid: name(pid) for pid in [run.process.pid, *descendants(run.process.pid)]}
    os.killpg(run.process.pid, signal.SIGINT)
    stopped = time.monotonic()
    gone: dict[int, float] = {}
    while len(gone) < len(everything):
        for pid in everything:
            if pid not in gone and not alive(pid):  # our own child: a zombie until reaped
                gone[pid] = time.monotonic() - stopped
        time.sleep(0.01)
    run.process.wait()
    slowest = sorted(gone, key=gone.__getitem__)[-3:]
    print(
        f"patience run: Ctrl-C -> everything gone in {max(gone.values()):.2f} s "
        f"(the background worker {'mid-proof' if mid else 'idle'}); "
        f"last: {', '.join(f'{everything[p]} {gone[p]:.2f} s' for p in slowest)}; "
        f"pool held {run.pool()} dailies after {stopped - run.began:.0f} s",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        run = Run(folder)
        try:
            play(run, args.deals)
            stop_worker(run)
            stop_all(run)
        finally:
            if run.process.poll() is None:  # its Redis is in a session of its own
                for pid in descendants(run.process.pid):
                    os.kill(pid, signal.SIGKILL)
                os.killpg(run.process.pid, signal.SIGKILL)
                run.process.wait()


if __name__ == "__main__":
    main()
