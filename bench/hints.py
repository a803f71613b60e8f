"""The hint-follower through the API (not a test): press Hint, play what it says, repeat.

The API runs in this process (Flask's test client of ``create_app``, on a throwaway SQLite
database) with Redis at ``--redis`` (flushed first: give it a database of its own) and one
real solver worker (``patience worker``, a subprocess), so every hint takes the path a
player's does: a kept winning line, else the worker's searched hint if it answers within
the API's wait (``HINT_WAIT_SECONDS``), else the search-free advice; every move starts the
position's analysis as in play. Deals: the first ``--deals`` winnable deals of each
ruleset's catalogue.

A game ends won, stuck (no hint: no move leads anywhere new) or at ``--max-moves``. It
*cycled* if the board the player sees ever came back (the public board of the GameView,
compared as JSON). Printed per ruleset: win rate, share of games that cycled, hint latency
p50/p95 (request to answer), the share of hints that were searched, and beside them the
search-free advice's win rate on the same deals (played in this process with
:func:`~patience.solver.hints.quick_hint`, the API's fallback).

    nice -n 10 .venv/bin/python -m bench.hints --deals 10 --rulesets pyramid,gaps-2

With ``--calibrate N``, no API: the searched hint itself, in this process, on ``N`` seeded
positions per ruleset (a deal and a few random moves), each asked twice with no cut-off
(its calibrated nodes alone): per ruleset the hint's time p50/p95 (wall and CPU), its nodes'
budget, and how many positions got a different hint the second time (0: hints are a
function of the position). The budgets (each game's ``NODES``) are calibrated so that the
p95 stays within the cut-off (``HINT_SECONDS``) on a quiet machine.

    nice -n 10 .venv/bin/python -m bench.hints --calibrate 20
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from redis import Redis

from bench import start_worker, stop_worker
from patience.api import create_app
from patience.catalogue import cached
from patience.engine import Game
from patience.engine.deal import SplitMix64
from patience.games import get, new_game, quick_hint
from patience.games.solving import searched_hint
from patience.jobs.queues import live_workers
from patience.solver import native
from patience.solver.hints import HINT_SECONDS, Effort, Hint, hint_move
from patience.store.migrate import upgrade

Json = dict[str, Any]
API = "/api/v1"

RULESETS: dict[str, tuple[str, Json, str]] = {
    "pyramid": ("pyramid", {}, "standard"),
    "gaps-0": ("gaps", {"redeals": 0}, "redeals-0"),
    "gaps-1": ("gaps", {"redeals": 1}, "redeals-1"),
    "gaps-2": ("gaps", {"redeals": 2}, "redeals-2"),
    "gaps-unlimited": ("gaps", {"redeals": "unlimited"}, "redeals-unlimited"),
    "ft-classic": ("forty-thieves", {"rules": "classic"}, "classic"),
    "ft-relaxed": ("forty-thieves", {"rules": "relaxed"}, "relaxed"),
}


@dataclass
class Tally:
    """One ruleset's games."""

    games: int = 0
    wins: int = 0
    cycled: int = 0
    stuck: int = 0
    latencies: list[float] = field(default_factory=list)
    searched: int = 0
    quick_wins: int = 0
    quick_cycled: int = 0

    def line(self, name: str) -> str:
        lat = sorted(self.latencies)
        hints = len(lat)
        return (
            f"{name:15} deals {self.games:3}  wins {pct(self.wins, self.games):>6}"
            f"  cycled {pct(self.cycled, self.games):>6}  stuck {self.stuck:2}"
            f"  hints {hints:6}  p50 {quantile(lat, 0.5):5.3f} s  p95 {quantile(lat, 0.95):5.3f} s"
            f"  searched {pct(self.searched, hints):>6}"
            f"  | search-free advice: wins {pct(self.quick_wins, self.games):>6}"
            f"  cycled {pct(self.quick_cycled, self.games):>6}"
        )


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def quantile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


class Follower:
    """A player who follows hints, through the API's test client."""

    def __init__(self, client: Any) -> None:
        self.client = client
        r = client.post(f"{API}/players", json={"name": "follower"})
        assert r.status_code == 201, r.json
        self.headers = {"Authorization": f"Bearer {r.json['token']}"}

    def play(self, game: str, options: Json, deal: int, max_moves: int, tally: Tally) -> str:
        r = self.client.post(
            f"{API}/games",
            json={"game": game, "deal": deal, "options": options},
            headers=self.headers,
        )
        assert r.status_code == 201, r.json
        view = r.json
        boards = {json.dumps(view["board"], sort_keys=True)}
        cycled = False
        while view["status"] == "playing" and view["moves"] < max_moves:
            began = time.perf_counter()
            r = self.client.post(
                f"{API}/games/{view['id']}/hint",
                json={"version": view["version"]},
                headers=self.headers,
            )
            tally.latencies.append(time.perf_counter() - began)
            assert r.status_code == 200, r.json
            advice, view = r.json["hint"], r.json["game"]
            if advice is None:
                tally.stuck += 1
                break
            tally.searched += bool(advice["searched"])
            body = {"version": view["version"], "move": hint_move(advice)}
            r = self.client.post(f"{API}/games/{view['id']}/moves", json=body, headers=self.headers)
            assert r.status_code == 200, r.json
            view = r.json
            board = json.dumps(view["board"], sort_keys=True)
            cycled = cycled or board in boards
            boards.add(board)
        tally.cycled += cycled
        return "won" if view["status"] == "won" else f"lost after {view['moves']} moves"


def quick_game(game: str, options: Json, deal: int, max_moves: int) -> tuple[bool, bool]:
    """The search-free advice followed in this process: (won, cycled)."""
    g = new_game(game, deal=deal, options=options)
    cycled = follow(g, quick_hint, max_moves)
    return g.status == "won", cycled


def follow(g: Game[Any, Any], advise: Callable[[Game[Any, Any]], Hint], max_moves: int) -> bool:
    """Play ``advise``'s hint on ``g`` in this process, move after move, until the game ends,
    no hint comes or ``max_moves``; whether the board the player sees ever came back."""
    boards = {json.dumps(g.board(), sort_keys=True)}
    cycled = False
    while g.status == "playing" and len(g.moves) < max_moves:
        advice = advise(g)
        if advice is None:
            break
        g.play(hint_move(advice))
        board = json.dumps(g.board(), sort_keys=True)
        cycled = cycled or board in boards
        boards.add(board)
    return cycled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--skip", type=int, default=0, help="start after this many deals")
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/10")
    parser.add_argument("--max-moves", type=int, default=1500)
    parser.add_argument("--calibrate", type=int, default=0, metavar="N")
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.rulesets.split(","), args.calibrate)
        return
    redis = Redis.from_url(args.redis)
    redis.flushdb()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        upgrade(url)
        # The worker writes durable results (pars) to the API's database, and starts the
        # rewind searches of the games it reads there: it needs the same DATABASE_URL.
        worker = start_worker(args.redis, url)
        try:
            app = create_app(
                {
                    "DATABASE_URL": url,
                    "REDIS_URL": args.redis,
                    "TESTING": True,
                    "RATE_LIMIT_ACTIONS": "off",
                    "RATE_LIMIT_PLAYERS": "off",
                }
            )
            deadline = time.monotonic() + 30
            while not live_workers(redis) and time.monotonic() < deadline:
                time.sleep(0.2)
            follower = Follower(app.test_client())
            lines = [run_ruleset(follower, name, args) for name in args.rulesets.split(",")]
        finally:
            stop_worker(worker)
    print(f"\nhint-follower through the API, one worker, first {args.deals} catalogue deals")
    for line in lines:
        print(line)


def run_ruleset(follower: Follower, name: str, args: argparse.Namespace) -> str:
    game, options, ruleset = RULESETS[name]
    catalogue = cached(game, ruleset)
    assert catalogue is not None, ruleset
    deals = sorted(catalogue.winnable)[args.skip : args.skip + args.deals]
    tally = Tally()
    for deal in deals:
        began = time.monotonic()
        outcome = follower.play(game, options, deal, args.max_moves, tally)
        won, cycled = quick_game(game, options, deal, args.max_moves)
        tally.games += 1
        tally.wins += outcome == "won"
        tally.quick_wins += won
        tally.quick_cycled += cycled
        print(
            f"{name} deal {deal}: {outcome} ({time.monotonic() - began:.0f} s);"
            f" advice alone {'won' if won else 'lost'}",
            flush=True,
        )
    print(tally.line(name), flush=True)  # at once, so an interrupted run keeps it
    return tally.line(name)


def seeded_position(game: str, options: Json, seed: int) -> Game[Any, Any]:
    """A deal and up to 40 random legal moves, both drawn from ``seed``."""
    rng = SplitMix64(seed)
    g = new_game(game, deal=1 + rng.below(10_000), options=options)
    for _ in range(rng.below(41)):
        moves = g.legal_moves()
        if g.status != "playing" or not moves:
            break
        g.play(moves[rng.below(len(moves))])
    return g


def calibrate(names: list[str], count: int) -> None:
    """The searched hint's time and reproducibility per ruleset (see the module docstring)."""
    print(f"searched hints, {native.MODE} core, {count} positions per ruleset, each asked twice")
    for name in names:
        game, options, _ = RULESETS[name]
        walls: list[float] = []
        cpus: list[float] = []
        changed = 0
        for n in range(count):
            position = seeded_position(game, options, 1_000 * n + 7)
            answers = []
            for _ in range(2):
                wall, cpu = time.perf_counter(), time.process_time()
                answers.append(searched_hint(position, Effort(seconds=None))[0])
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
            changed += answers[0] != answers[1]
        walls.sort()
        cpus.sort()
        print(
            f"{name:15} nodes {get(game).hints.NODES:>8,}"
            f"  wall p50 {quantile(walls, 0.5):5.3f} s p95 {quantile(walls, 0.95):5.3f} s"
            f"  cpu p50 {quantile(cpus, 0.5):5.3f} s p95 {quantile(cpus, 0.95):5.3f} s"
            f"  max {cpus[-1]:5.3f} s  changed {changed}/{count}"
            f"  (cut-off {HINT_SECONDS} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
