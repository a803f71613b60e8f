"""Analysis under load (not a test): paced players, each move's verdict, the queue's length.

The API runs under gunicorn on a throwaway PostgreSQL database with a private Redis and
``--workers`` interactive solver workers (``patience worker``) and one background worker, as
deployed. ``--players`` people play Gaps (by default
without redeals, ``--redeals``: full information, so every position is analysed; with a redeal
left, the honesty rule allows only a win in sight), pausing before each move
(exponential, mean ``--think`` seconds) and, while they pause, polling the analysis of the
position they look at every 200 ms, as the client does; after a share of their moves
(``--wait-share``) they wait for the verdict instead (up to a minute), as a player who wants
to know whether the game can still be won. For each move this records the time
from the move's request to a verdict (``done`` or ``timeout``), or that the player moved on
first. Every half second it samples the analysis queue (queued and running jobs).

Two populations (``--population``): ``random`` plays random moves on any deal;
``followers`` play winnable deals only (the catalogue's), each move the API's hint
(``POST /hint``) except a share (``--random-share``, 0.3) of random moves. Besides the
move→verdict figures, the moves that turn a position the player saw proven winnable into one
proven lost are counted, with their time to "cannot be won" (a follower who strays from a
position seen winnable waits for the verdict, up to a minute).

Then, on an idle server, a seeded sample of the positions that got a verdict is played again
one at a time, and the same move timed to its verdict: the position analysed alone. Printed:
verdicts and their p50/p95 under load, the queue's maximum and p95 against the number of
active games, and, on the sample, p95 under load over p95 alone (target: at most 2).

    .venv/bin/python bench/analysis_load.py --players 64 --seconds 60 --think 1
    .venv/bin/python bench/analysis_load.py --population followers --sample 0
"""

from __future__ import annotations

import argparse
import contextlib
import random
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from redis import Redis
from rq import Worker

from bench import start_deployed_workers, stop_worker
from bench.api_load import Client, percentile, server
from patience.catalogue import cached
from patience.devserver import start_redis
from patience.jobs.lines import LINE
from patience.jobs.queues import ANALYSIS_QUEUE
from patience.jobs.results import RESULT
from tests.databases import postgres_database

Json = dict[str, Any]
POLL_SECONDS = 0.2
VERDICT_WAIT = 60.0
TERMINAL = ("done", "timeout")


@dataclass
class Record:
    """What the players saw, merged under a lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    moves: int = 0
    verdicts: list[tuple[float, int, list[Json]]] = field(default_factory=list)
    losing: list[float] = field(default_factory=list)
    """Times to "cannot be won" after moves from a position seen proven winnable."""
    losing_unknown: int = 0
    """Moves from a position seen proven winnable whose own verdict never came."""
    moved_on: int = 0
    unavailable: int = 0
    errors: list[str] = field(default_factory=list)


class Player:
    """One person at the table, on a keep-alive connection."""

    def __init__(self, base: str, seed: int, options: Json) -> None:
        self.client, self.rng, self.options = Client(base), random.Random(seed), options
        status, body = self.client.call("POST", "/api/v1/players", {"name": f"bot {seed}"})
        assert status == 201, body
        self.client.headers["Authorization"] = f"Bearer {body['token']}"

    def new_game(self, deal: int | None = None) -> Json:
        body: Json = {"game": "gaps", "options": self.options}
        body |= {} if deal is None else {"deal": deal}
        status, view = self.client.call("POST", "/api/v1/games", body)
        assert status == 201, view
        return dict(view)

    def move(self, view: Json, move: Json) -> Json:
        body = {"version": view["version"], "move": move}
        status, after = self.client.call("POST", f"/api/v1/games/{view['id']}/moves", body)
        assert status == 200, after
        return dict(after)

    def analysis(self, view: Json) -> Json:
        status, report = self.client.call("GET", f"/api/v1/games/{view['id']}/analysis")
        assert status == 200, report
        return dict(report)

    def hint(self, view: Json) -> tuple[Json | None, Json]:
        """The API's hint for ``view`` (``None``: none) and the game after asking."""
        body = {"version": view["version"]}
        status, answer = self.client.call("POST", f"/api/v1/games/{view['id']}/hint", body)
        assert status == 200, answer
        advice = answer["hint"]
        move = None if advice is None else advice.get("move", {"type": "draw"})
        return move, dict(answer["game"])

    def choose(self, view: Json) -> Json | None:
        moves = view["legal_moves"]
        plays = [m for m in moves if m["type"] != "redeal"]
        return self.rng.choice(plays or moves) if moves else None


def play(
    base: str,
    seed: int,
    options: Json,
    deadline: float,
    think: float,
    wait_share: float,
    record: Record,
    deals: list[int] | None = None,
    random_share: float = 1.0,
) -> None:
    """One paced player until ``deadline`` (see the module docstring): random moves on any
    deal, or (``deals``) on those deals, hints but for ``random_share`` of random moves."""
    player = Player(base, seed, options)
    time.sleep(player.rng.uniform(0, 2 * think))  # arrivals spread out

    def new_game() -> Json:
        return player.new_game(None if deals is None else player.rng.choice(deals))

    view = new_game()
    line: list[Json] = []
    known = "winnable" if deals is not None else None  # the last verdict seen, this position
    while time.time() < deadline:
        move = player.choose(view)
        at_random = player.rng.random() < random_share
        if move is not None and not at_random:
            move, view = player.hint(view)
        if move is None or view["status"] != "playing":
            view, line, known = new_game(), [], "winnable" if deals is not None else None
            continue
        moved_at = time.monotonic()
        view = player.move(view, move)
        line = [*line, move]
        with record.lock:
            record.moves += 1
        pause_until = time.monotonic() + player.rng.expovariate(1 / think)
        if player.rng.random() < wait_share:  # this time, wait to know if it can be won
            pause_until = time.monotonic() + VERDICT_WAIT
        elif deals is not None and at_random and known == "winnable":
            pause_until = time.monotonic() + VERDICT_WAIT  # a follower strays: still winnable?
        outcome, verdict = watch(player, view, moved_at, pause_until)
        with record.lock:
            if isinstance(outcome, float):
                record.verdicts.append((outcome, view["deal"], line))
                if known == "winnable" and verdict == "unwinnable":
                    record.losing.append(outcome)
            elif outcome == "unavailable":
                record.unavailable += 1
            else:
                record.moved_on += 1
                record.losing_unknown += known == "winnable"
        known = verdict
        time.sleep(max(0.0, pause_until - time.monotonic()))


def watch(
    player: Player, view: Json, moved_at: float, until: float
) -> tuple[float | str, str | None]:
    """Poll the analysis until a verdict (its latency, and the verdict) or ``until``
    (``"moved_on"``)."""
    while time.monotonic() < until:
        report = player.analysis(view)
        if report["state"] in TERMINAL:
            return time.monotonic() - moved_at, report.get("verdict")
        if report["state"] == "unavailable":
            return "unavailable", None
        # not_applicable (Gaps, a redeal left) stays so unless a win in sight is found: the
        # player moves on first.
        time.sleep(POLL_SECONDS)
    return "moved_on", None


def forget_analyses(redis: Redis) -> None:
    """Drop every analysis result, so that a position is searched again, not looked up."""
    for pattern in ("rq:job:analysis-*", RESULT + "analysis-*", LINE + "*"):
        for key in redis.scan_iter(pattern):
            redis.delete(key)


def alone(
    base: str, redis: Redis, options: Json, deal: int, line: list[Json], limit: float = 60
) -> float:
    """On an idle server: the line's last move timed to its verdict."""
    forget_analyses(redis)
    player = Player(base, 10**6 + deal, options)
    view = player.new_game(deal)
    for move in line[:-1]:
        view = player.move(view, move)
    moved_at = time.monotonic()
    view = player.move(view, line[-1])
    outcome, _ = watch(player, view, moved_at, moved_at + limit)
    return outcome if isinstance(outcome, float) else limit


def winnable_deals(options: Json) -> list[int]:
    """The catalogue's winnable Gaps deals for ``options``."""
    catalogue = cached("gaps", f"redeals-{options['redeals']}")
    assert catalogue is not None, options
    return sorted(catalogue.winnable)


def sample_queue(redis: Redis, stop: threading.Event, lengths: list[int]) -> None:
    queued = f"rq:queue:{ANALYSIS_QUEUE}"
    running = f"rq:wip:{ANALYSIS_QUEUE}"
    while not stop.wait(0.5):
        lengths.append(int(redis.llen(queued)) + int(redis.zcard(running)))


@contextlib.contextmanager
def private_redis() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"redis://127.0.0.1:{port}/0"
    process = start_redis(url)
    try:
        yield url
    finally:
        process.terminate()
        process.wait(10)


@contextlib.contextmanager
def solver_workers(url: str, database_url: str, count: int) -> Iterator[None]:
    """``count`` interactive solver workers on the Redis at ``url``, and one background worker
    (writing par to ``database_url``), as deployed."""
    workers = start_deployed_workers(url, database_url, count)
    try:
        time.sleep(2)  # they register
        yield
    finally:
        for worker in workers:
            stop_worker(worker)


def run(args: argparse.Namespace, base: str, redis: Redis) -> None:
    record, lengths, stop = Record(), list[int](), threading.Event()
    sampler = threading.Thread(target=sample_queue, args=(redis, stop, lengths))
    sampler.start()
    deadline = time.time() + args.seconds
    followers = args.population == "followers"
    deals = winnable_deals(args.options) if followers else None
    share = args.random_share if followers else 1.0
    players = [
        threading.Thread(
            target=play,
            args=(base, seed, args.options, deadline, args.think, args.wait_share, record),
            kwargs={"deals": deals, "random_share": share},
        )
        for seed in range(args.players)
    ]
    for thread in players:
        thread.start()
    for thread in players:
        thread.join()
    stop.set()
    sampler.join()
    latencies = [v[0] for v in record.verdicts]
    workers = Worker.all(connection=redis)
    ran = sum(w.successful_job_count for w in workers)
    busy = sum(w.total_working_time for w in workers)
    print(f"workers ran {ran} jobs, busy {busy:.0f} s of {args.seconds:g} s")
    print(
        f"{args.population}: {args.players} players, think {args.think:g} s, {args.seconds:g} s, "
        f"{args.workers} worker(s): {record.moves} moves, {len(latencies)} verdicts, "
        f"{record.moved_on} moved on first, {record.unavailable} unavailable"
    )
    print(
        f"move -> verdict under load: p50 {percentile(latencies, 0.5):.2f} s, "
        f"p95 {percentile(latencies, 0.95):.2f} s"
    )
    print(
        f"queue (queued + running analyses): max {max(lengths, default=0)}, "
        f"p95 {percentile([float(x) for x in lengths], 0.95):.0f}, "
        f"active games {args.players}"
    )
    print(
        f"winnable -> lost: {len(record.losing)} moves, time to 'cannot be won' "
        f"p50 {percentile(record.losing, 0.5):.2f} s, p95 {percentile(record.losing, 0.95):.2f} s;"
        f" {record.losing_unknown} moves from a winnable position without a verdict in time"
    )
    sample = random.Random(0).sample(record.verdicts, min(args.sample, len(record.verdicts)))
    loaded = [latency for latency, _, _ in sample]
    idle = [alone(base, redis, args.options, deal, line) for _, deal, line in sample]
    ratio = percentile(loaded, 0.95) / max(percentile(idle, 0.95), 1e-9)
    print(
        f"sample of {len(sample)} positions: p95 under load {percentile(loaded, 0.95):.2f} s, "
        f"alone {percentile(idle, 0.95):.2f} s (p50 {percentile(idle, 0.5):.2f} s); "
        f"ratio {ratio:.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=1.0, help="mean pause before a move (s)")
    parser.add_argument("--workers", type=int, default=1, help="solver workers")
    parser.add_argument(
        "--wait-share",
        type=float,
        default=0.1,
        help="share of moves after which the player waits for the verdict (up to 60 s)",
    )
    parser.add_argument("--sample", type=int, default=30, help="positions analysed alone")
    parser.add_argument("--threads", type=int, default=8, help="gunicorn threads per worker")
    parser.add_argument("--redeals", default="0", help="Gaps redeals: 0, 1, 2 or unlimited")
    parser.add_argument("--population", choices=("random", "followers"), default="random")
    parser.add_argument("--random-share", type=float, default=0.3, help="followers' random moves")
    args = parser.parse_args(argv)
    args.options = {"redeals": args.redeals if args.redeals == "unlimited" else int(args.redeals)}
    args.url = None
    gunicorn = argparse.Namespace(workers=2, threads=args.threads)
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(private_redis())
        database = stack.enter_context(postgres_database())
        stack.enter_context(solver_workers(url, database, args.workers))
        base = stack.enter_context(server(gunicorn, redis_url=url, database_url=database))
        run(args, base, Redis.from_url(url))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
