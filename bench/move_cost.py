"""What one accepted move costs the server (not a test): an in-process timing loop on
PostgreSQL, old code and new side by side.

One round plays ``--games`` games of each kind through the Flask test client (the whole
request path: auth, rate limit, validation, the engine, the database write, the analysis
hand-off, serialisation) with a private Redis and no solver worker, choosing moves from the
GameView's ``legal_moves`` with a seeded generator, and times every accepted move.

With ``--against REF`` each round runs twice, in fresh processes, interleaved: once on this
checkout and once on a checkout of ``REF`` (a ``git worktree`` in a temporary folder, its
``backend/`` put first on ``PYTHONPATH``), so the two are measured under the same load; the
ratio of the medians is printed.

    .venv/bin/python -m bench.move_cost --against 5cfc7a0 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GAMES = ("pyramid", "gaps", "forty-thieves")
DRAWS = frozenset({"draw", "recycle", "redeal"})


def measure(games: int, moves: int, redis_url: str) -> dict[str, list[float]]:
    """Milliseconds per accepted move, by game, and (under ``cpu:<game>``) the CPU
    milliseconds this process spent on it (runs in the child process)."""
    from patience.api import create_app
    from patience.store.migrate import upgrade
    from tests.databases import postgres_database

    timings: dict[str, list[float]] = {key: [] for name in GAMES for key in (name, f"cpu:{name}")}
    with postgres_database() as url:
        upgrade(url)
        limits = {"RATE_LIMIT_ACTIONS": "1000000/minute", "RATE_LIMIT_PLAYERS": "off"}
        app = create_app({"DATABASE_URL": url, "REDIS_URL": redis_url} | limits)
        client = app.test_client()
        token = client.post("/api/v1/players", json={}).get_json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        rng = random.Random(0)
        for name in GAMES:
            for deal in range(1, games + 1):
                view = client.post(
                    "/api/v1/games", json={"game": name, "deal": deal}, headers=headers
                ).get_json()
                for _ in range(moves):
                    if view["status"] != "playing" or not view["legal_moves"]:
                        break
                    plays = [m for m in view["legal_moves"] if m["type"] not in DRAWS]
                    move = rng.choice(plays or view["legal_moves"])
                    body = {"version": view["version"], "move": move}
                    began, cpu = time.perf_counter(), time.process_time()
                    r = client.post(f"/api/v1/games/{view['id']}/moves", json=body, headers=headers)
                    timings[name].append((time.perf_counter() - began) * 1000)
                    timings[f"cpu:{name}"].append((time.process_time() - cpu) * 1000)
                    assert r.status_code == 200, r.get_json()
                    view = r.get_json()
        app.extensions["patience.db"].kw["bind"].dispose()
    return timings


def child(args: argparse.Namespace) -> int:
    print(json.dumps(measure(args.games, args.moves, args.redis)))
    return 0


def run_tree(tree: Path, args: argparse.Namespace, redis: str) -> dict[str, list[float]]:
    env = os.environ | {"PYTHONPATH": str(tree / "backend"), "CI": "", "LOG_LEVEL": "error"}
    command = [sys.executable, str(REPO / "bench" / "move_cost.py"), "--child"]
    command += ["--games", str(args.games), "--moves", str(args.moves), "--redis", redis]
    out = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=True)
    result: dict[str, list[float]] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games of each kind per round")
    parser.add_argument("--moves", type=int, default=60, help="moves per game at most")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", help="a git ref to measure side by side")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--redis", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args)
    from bench.analysis_load import private_redis

    with tempfile.TemporaryDirectory() as folder, private_redis() as redis:
        trees = {"this": REPO}
        if args.against:
            other = Path(folder) / "other"
            subprocess.run(
                ["git", "worktree", "add", "-q", "--detach", str(other), args.against],
                cwd=REPO,
                check=True,
            )
            trees[args.against] = other
        try:
            totals: dict[str, dict[str, list[float]]] = {t: {} for t in trees}
            for _ in range(args.rounds):
                for label, tree in trees.items():
                    for name, values in run_tree(tree, args, redis).items():
                        totals[label].setdefault(name, []).extend(values)
            report(totals)
        finally:
            if args.against:
                subprocess.run(
                    ["git", "worktree", "remove", "--force", str(trees[args.against])],
                    cwd=REPO,
                    check=True,
                )
    return 0


def report(totals: dict[str, dict[str, list[float]]]) -> None:
    """Per tree: the median wall and CPU milliseconds per move, by game; then the ratios."""
    medians: dict[str, tuple[float, float]] = {}
    for label, by_key in totals.items():
        wall = [v for key, values in by_key.items() if ":" not in key for v in values]
        cpu = [v for key, values in by_key.items() if key.startswith("cpu:") for v in values]
        medians[label] = statistics.median(wall), statistics.median(cpu)
        parts = ", ".join(
            f"{g} {statistics.median(by_key[g]):.2f}/{statistics.median(by_key['cpu:' + g]):.2f}"
            for g in GAMES
            if by_key.get(g)
        )
        print(
            f"{label}: {len(wall)} moves, median {medians[label][0]:.2f} ms wall, "
            f"{medians[label][1]:.2f} ms CPU (wall/CPU by game: {parts})"
        )
    if len(medians) == 2:
        (this_wall, this_cpu), (other_wall, other_cpu) = medians.values()
        other = list(medians)[1]
        print(
            f"ratio this/{other}: wall {this_wall / other_wall:.2f}, CPU {this_cpu / other_cpu:.2f}"
        )


if __name__ == "__main__":
    sys.path.insert(0, str(REPO))
    raise SystemExit(main())
