"""What an API worker process costs before it serves anyone (not a test): the time to import
the app and build it, its resident memory once it has served a few requests of every kind,
and which parts of the package it loaded.

Each round starts fresh Python processes (one per tree with ``--against REF``, interleaved,
on the same private Redis and a throwaway SQLite database in memory-backed scratch space)
that import :func:`patience.api.create_app`, build the app, then play a game of each kind
through the test client — a move, a hint (no worker: ordinary advice), the analysis read
and asked for, the deal — and report: seconds to import and build, ``VmRSS`` after the
requests, and how many ``patience.solver`` modules and which job modules are loaded.

    .venv/bin/python -m bench.api_footprint --against main --rounds 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.trees import REPO, child_env, python, trees

Json = dict[str, Any]
WORKER_ONLY = (
    "patience.jobs.tasks",
    "patience.jobs.worker",
    "patience.solver.rewind",
    "patience.catalogue.build",
    "patience.jobs.catalogue_batches",
)
"""Modules only a worker (or the CLI) needs: the job functions, the searches only they run."""


def resident_mb() -> float:
    """This process's resident memory now (``VmRSS``), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def measure(redis_url: str) -> Json:
    """One fresh process's figures (runs in the child)."""
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as d:
        database = f"sqlite:///{Path(d) / 'footprint.db'}"
        began = time.perf_counter()
        from patience.api import create_app

        app = create_app({"DATABASE_URL": database, "REDIS_URL": redis_url, "TESTING": True})
        built = time.perf_counter() - began
        from patience.store.migrate import upgrade

        upgrade(database)
        client = app.test_client()
        token = client.post("/api/v1/players", json={}).get_json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        for name in ("pyramid", "gaps", "forty-thieves"):
            view = client.post("/api/v1/games", json={"game": name, "deal": 7}, headers=auth)
            game = view.get_json()
            move = {"version": 0, "move": game["legal_moves"][0]}
            client.post(f"/api/v1/games/{game['id']}/moves", json=move, headers=auth)
            client.post(f"/api/v1/games/{game['id']}/hint", json={"version": 1}, headers=auth)
            client.get(f"/api/v1/games/{game['id']}/analysis", headers=auth)
            client.post(f"/api/v1/games/{game['id']}/analysis", headers=auth)
            client.get(f"/api/v1/deals/{name}/7")
        memory = resident_mb()
        app.extensions["patience.db"].kw["bind"].dispose()
    return {
        "seconds": built,
        "rss_mb": memory,
        "solver_modules": len([m for m in sys.modules if m.startswith("patience.solver")]),
        "job_modules": [m for m in WORKER_ONLY if m in sys.modules],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--against", help="a git ref to measure side by side")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(args.child)))
        return 0
    from bench.analysis_load import private_redis

    with trees(args.against) as found, private_redis() as url:
        runs: dict[str, list[Json]] = {label: [] for label in found}
        for _ in range(args.rounds):
            for label, tree in found.items():
                command = [python(), "-m", "bench.api_footprint", "--child", url]
                env = child_env(tree)
                out = subprocess.run(
                    command, env=env, cwd=REPO, check=True, capture_output=True, text=True
                )
                runs[label].append(json.loads(out.stdout.strip().splitlines()[-1]))
    medians = {}
    for label, results in runs.items():
        seconds = statistics.median(r["seconds"] for r in results)
        memory = statistics.median(r["rss_mb"] for r in results)
        medians[label] = seconds, memory
        last = results[-1]
        jobs = last["job_modules"] or "none"
        print(
            f"{label}: import + create_app {seconds:.3f} s, VmRSS after requests "
            f"{memory:.1f} MB (median of {len(results)}); patience.solver modules "
            f"{last['solver_modules']}, job modules {jobs}"
        )
    if len(medians) == 2:
        (this_s, this_m), (other_s, other_m) = medians.values()
        other = list(medians)[1]
        print(f"ratio this/{other}: import {this_s / other_s:.2f}, memory {this_m / other_m:.2f}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    raise SystemExit(main())
