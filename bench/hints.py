"""The hint-follower through the API (not a test): press Hint, play what it says, repeat.

The API runs in this process (Flask's test client of ``create_app``, on a throwaway SQLite
database) with Redis at ``--redis`` (flushed first: give it a database of its own) and the
real solver workers of a deployment (``patience worker``, subprocesses: one interactive, one
background, as ``make run`` starts them), so every hint takes the path a player's does: a
kept winning line, else the worker's searched hint if it answers within the API's wait
(``HINT_WAIT_SECONDS``), else the search-free advice; every move starts the position's
analysis as in play. Deals: the first ``--deals`` winnable deals of each
ruleset's catalogue.

A game ends won, stuck (no hint: no move leads anywhere new), proven lost (the analysis the
hint's answer carries says ``unwinnable``: no move can win it any more) or at
``--max-moves``. It
*cycled* if the board the player sees ever came back (the public board of the GameView,
compared as JSON). Printed per ruleset: win rate, share of games that cycled, hint latency
p50/p95 (request to answer), the share of hints that were searched, and beside them the
search-free advice's win rate on the same deals (played in this process with
:func:`~patience.solver.hints.quick_hint`, the API's fallback), and the deals lost; each
lost game's line says which of its moves the search-free advice chose (the others were
searched hints).

    nice -n 10 .venv/bin/python -m bench.hints --deals 10 --rulesets pyramid,gaps-2

With ``--dailies N``, the ranked dailies instead: ``N`` days from ``--first-day``, each day
every game's daily under its daily ruleset (:func:`~patience.catalogue.daily_rulesets.
daily_rulesets`), started as a player starts one (``{"game", "daily": true}``) with the app's
clock (``CLOCK``) set to that day. The pool is filled first with the filler's own code
(:func:`patience.catalogue.pool.fill`, from ``--secret``: a fixed one by default, so a run
is reproducible) into the app's database, in a child process at nice 19, so that the play
after it is timed at this process's priority. ``--pool FILE`` keeps that database (the fill
resumes where it stopped; the next run plays without filling again) and ``--fill-only`` stops
after the fill. Classic Forty Thieves takes up to 30 CPU s a candidate and some days 16.

    .venv/bin/python -m bench.hints --dailies 10 --pool /tmp/dailies.db --redis redis://127.0.0.1:6379/7

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
import datetime as dt
import json
import multiprocessing
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from flask import Flask
from redis import Redis

from bench import start_deployed_workers, stop_worker
from patience.api import create_app
from patience.catalogue import cached
from patience.catalogue.daily_rulesets import daily_rulesets
from patience.catalogue.pool import fill, missing
from patience.catalogue.ranked_deals import daily_deal_id
from patience.engine import Game
from patience.engine.deal import SplitMix64
from patience.games import game_class, get, new_game, quick_hint, start_game
from patience.games.solving import searched_hint
from patience.jobs.queues import live_workers
from patience.solver import native
from patience.solver.hints import HINT_SECONDS, Effort, Hint, hint_move
from patience.store import make_engine, session_factory
from patience.store.migrate import upgrade
from patience.store.ranked_pool import daily_of

Json = dict[str, Any]
API = "/api/v1"
SECRET = "bench-hints-dailies-fixed-secret"
"""The default deal secret of ``--dailies`` (a test one: the same run deals the same days)."""
FIRST_DAY = dt.date(2026, 12, 1)

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
    lost: list[str] = field(default_factory=list)

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
            f"  | lost: {', '.join(self.lost) or 'none'}"
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

    def play(self, start: Json, max_moves: int, tally: Tally) -> str:
        """Start a game with ``start`` (the body of ``POST /games``) and follow the hints."""
        r = self.client.post(f"{API}/games", json=start, headers=self.headers)
        assert r.status_code == 201, r.json
        view = r.json
        boards = {json.dumps(view["board"], sort_keys=True)}
        cycled = False
        advised: list[int] = []  # the moves (counted from 1) the search-free advice chose
        proven_lost = False
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
            if r.json["analysis"].get("verdict") == "unwinnable":
                proven_lost = True  # no move can win it any more
                break
            tally.searched += bool(advice["searched"])
            if not advice["searched"]:
                advised.append(view["moves"] + 1)
            body = {"version": view["version"], "move": hint_move(advice)}
            r = self.client.post(f"{API}/games/{view['id']}/moves", json=body, headers=self.headers)
            assert r.status_code == 200, r.json
            view = r.json
            board = json.dumps(view["board"], sort_keys=True)
            cycled = cycled or board in boards
            boards.add(board)
        tally.cycled += cycled
        if view["status"] == "won":
            return "won"
        how = "proven lost" if proven_lost else "lost"
        return f"{how} after {view['moves']} moves, advice at {spans(advised) or 'none'}"


def spans(numbers: list[int]) -> str:
    """Ascending numbers as runs: ``[3, 4, 5, 9]`` → ``"3-5, 9"``."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else f"{r[0]}" for r in runs)


def quick_game(g: Game[Any, Any], max_moves: int) -> tuple[bool, bool]:
    """The search-free advice followed in this process from ``g``: (won, cycled)."""
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
    args = arguments()
    if args.calibrate:
        calibrate(args.rulesets.split(","), args.calibrate)
        return
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{args.pool or f'{tmp}/bench.db'}"
        upgrade(url)
        if args.dailies:
            fill_dailies(url, args.secret.encode(), args.first_day, args.dailies)
            if args.fill_only:
                return
        with api_follower(args.redis, url) as (app, follower):
            if args.dailies:
                lines = play_dailies(app, follower, url, args)
                what = f"{args.dailies} days' ranked dailies from {args.first_day}"
            else:
                lines = [run_ruleset(follower, name, args) for name in args.rulesets.split(",")]
                what = f"first {args.deals} catalogue deals"
    workers = "a deployment's workers (one interactive, one background)"
    print(f"\nhint-follower through the API, {workers}, {what}")
    for line in lines:
        print(line)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--skip", type=int, default=0, help="start after this many deals")
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/10")
    parser.add_argument("--max-moves", type=int, default=1500)
    parser.add_argument("--calibrate", type=int, default=0, metavar="N")
    parser.add_argument("--dailies", type=int, default=0, metavar="N", help="N days' dailies")
    parser.add_argument("--first-day", type=dt.date.fromisoformat, default=FIRST_DAY)
    parser.add_argument("--secret", default=SECRET, help="DEAL_SECRET of the dailies' fill")
    parser.add_argument("--pool", metavar="FILE", help="keep the SQLite database (and pool) here")
    parser.add_argument("--fill-only", action="store_true", help="--dailies: fill, do not play")
    return parser.parse_args()


@contextmanager
def api_follower(redis_url: str, database_url: str) -> Iterator[tuple[Flask, Follower]]:
    """The app on ``database_url`` and Redis at ``redis_url`` (flushed first), a deployment's
    real workers beside it (one interactive, one background), and a follower signed up to
    it."""
    redis = Redis.from_url(redis_url)
    redis.flushdb()
    # The worker writes durable results (pars) to the API's database, and starts the
    # rewind searches of the games it reads there: it needs the same DATABASE_URL.
    workers = start_deployed_workers(redis_url, database_url)
    try:
        app = create_app(
            {
                "DATABASE_URL": database_url,
                "REDIS_URL": redis_url,
                "TESTING": True,
                "RATE_LIMIT_ACTIONS": "off",
                "RATE_LIMIT_PLAYERS": "off",
            }
        )
        deadline = time.monotonic() + 30
        while live_workers(redis) < len(workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        yield app, Follower(app.test_client())
    finally:
        for worker in workers:
            stop_worker(worker)


def fill_dailies(url: str, secret: bytes, first: dt.date, days: int) -> None:
    """Prove and store every game's dailies of ``days`` days from ``first`` that the pool at
    ``url`` lacks, in a child process at nice 19 (this process's priority cannot be raised
    back after: the play is timed at it)."""
    began = time.monotonic()
    child = multiprocessing.get_context("fork").Process(
        target=fill_niced, args=(url, secret, first, days)
    )
    child.start()
    child.join()
    if child.exitcode != 0:
        raise SystemExit(f"the pool's fill failed (exit code {child.exitcode})")
    print(f"pool filled in {time.monotonic() - began:.0f} s", flush=True)


def fill_niced(url: str, secret: bytes, first: dt.date, days: int) -> None:
    """The fill of :func:`fill_dailies`, day after day, in the child."""
    os.nice(19)
    engine = make_engine(url)
    with session_factory(engine)() as session:
        for d in range(days):
            day = first + dt.timedelta(days=d)
            began = time.process_time()
            stored = fill(session, secret, day, days=0)
            left = [game for game, _ in missing(session, day, 0)]
            print(
                f"pool {day}: stored {', '.join(game for game, _ in stored) or 'none'}"
                f" ({time.process_time() - began:.0f} CPU s)"
                + (f"; not proven: {', '.join(left)}" if left else ""),
                flush=True,
            )
    engine.dispose()


def play_dailies(app: Flask, follower: Follower, url: str, args: argparse.Namespace) -> list[str]:
    """Every game's daily, day after day, with the app's clock at 10:00 UTC that day."""
    rulesets = daily_rulesets()
    tallies = {game: Tally() for game in rulesets}
    engine = make_engine(url)
    for d in range(args.dailies):
        day = args.first_day + dt.timedelta(days=d)
        app.config["CLOCK"] = partial(dt.datetime.combine, day, dt.time(10), tzinfo=dt.UTC)
        for game, ruleset in rulesets.items():
            name = daily_deal_id(game, day)
            with session_factory(engine)() as session:
                ranked = daily_of(session, game, day)
                layout = None if ranked is None else ranked.layout
            if layout is None:
                print(f"{name}: not in the pool (no candidate proven), not played", flush=True)
                continue
            fresh = start_game(game, layout, game_class(game).ruleset_options()[ruleset])
            start = {"game": game, "daily": True}
            play_one(follower, tallies[game], name, start, fresh, args.max_moves)
    engine.dispose()
    lines = [tally.line(f"{game} {rulesets[game]}") for game, tally in tallies.items()]
    for line in lines:
        print(line, flush=True)
    return lines


def run_ruleset(follower: Follower, name: str, args: argparse.Namespace) -> str:
    game, options, ruleset = RULESETS[name]
    catalogue = cached(game, ruleset)
    assert catalogue is not None, ruleset
    deals = sorted(catalogue.winnable)[args.skip : args.skip + args.deals]
    tally = Tally()
    for deal in deals:
        start = {"game": game, "deal": deal, "options": options}
        fresh = new_game(game, deal=deal, options=options)
        play_one(follower, tally, f"{name} deal {deal}", start, fresh, args.max_moves)
    print(tally.line(name), flush=True)  # at once, so an interrupted run keeps it
    return tally.line(name)


def play_one(
    follower: Follower, tally: Tally, name: str, start: Json, fresh: Game[Any, Any], moves: int
) -> None:
    """One deal through the API (started with ``start``) and by the search-free advice
    alone in this process (from ``fresh``, the same deal), counted in ``tally``."""
    began = time.monotonic()
    outcome = follower.play(start, moves, tally)
    won, cycled = quick_game(fresh, moves)
    tally.games += 1
    tally.wins += outcome == "won"
    tally.quick_wins += won
    tally.quick_cycled += cycled
    if outcome != "won":
        tally.lost.append(name.rsplit(" ", 1)[-1])
    print(
        f"{name}: {outcome} ({time.monotonic() - began:.0f} s);"
        f" advice alone {'won' if won else 'lost'}",
        flush=True,
    )


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
