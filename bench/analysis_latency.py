"""Analysis latency benchmark (not a test): from an accepted move to its analysis verdict.

The API runs in this process (SQLite in a temporary folder) and a deployment's solver
workers (``patience worker``, one interactive, one background) in others, all on Redis
database 11 at 127.0.0.1:6379 (flushed before and after). For each game, on a fixed set of
deals, it plays to the first position where the honesty rule allows a verdict, times that
move from the request to a finished analysis — ``GET /games/<id>/analysis`` polled every 10
ms until ``done`` or ``timeout`` — and prints the median and the maximum with the verdicts:

a player who follows the seed pages' tips (the search-free advice) plays each deal until, in
Pyramid and Forty Thieves (classic), no card is unseen any more — the move that shows the last
card is timed — and in Gaps (two redeals) for five moves, the fifth timed (Gaps has no hidden
cards, so every move is analysed; earlier analyses may still occupy the worker, as in play).

    .venv/bin/python bench/analysis_latency.py --deals 10
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections import Counter
from typing import Any

from flask.testing import FlaskClient

from bench import start_deployed_workers, stop_worker
from patience.api import create_app
from patience.games import new_game, quick_hint
from patience.store.migrate import upgrade
from patience.store.redis import connect

REDIS = "redis://127.0.0.1:6379/11"
Json = dict[str, Any]


class Player:
    """One signed-up player on the in-process API."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        token = client.post("/api/v1/players", json={"name": "bench"}).get_json()["token"]
        self.headers = {"Authorization": f"Bearer {token}"}

    def new_game(self, game: str, deal: int) -> Json:
        body = {"game": game, "deal": deal}
        view: Json = self.client.post("/api/v1/games", json=body, headers=self.headers).get_json()
        return view

    def move(self, view: Json, move: Json) -> Json:
        r = self.client.post(
            f"/api/v1/games/{view['id']}/moves",
            json={"version": view["version"], "move": move},
            headers=self.headers,
        )
        assert r.status_code == 200, r.get_json()
        out: Json = r.get_json()
        return out

    def analysis(self, view: Json) -> Json:
        r = self.client.get(f"/api/v1/games/{view['id']}/analysis", headers=self.headers)
        out: Json = r.get_json()
        return out


def typical_line(game: str, deal: int, gaps_moves: int) -> list[Json]:
    """A player following the seed pages' tips (the search-free advice): up to and including
    the move after which nothing is unseen (Gaps: its first ``gaps_moves`` moves)."""
    engine = new_game(game, deal=deal)
    line: list[Json] = []
    been: set[str] = set()
    while engine.status == "playing" and engine.legal_moves():
        advice = quick_hint(engine)
        move = {"type": "draw"} if advice is None or "action" in advice else advice["move"]
        here = json.dumps(engine.position(), sort_keys=True)
        if here in been:  # the advice goes round in circles: draw instead
            move = {"type": "draw"}
        been.add(here)
        engine.play(move)
        line.append(move)
        if (game == "gaps" and len(line) == gaps_moves) or (
            game != "gaps" and not engine.unseen_count()
        ):
            return line
    raise RuntimeError(f"{game} {deal}: the game ended before the analysis applied")


def timed(player: Player, view: Json, move: Json, limit: float) -> tuple[float, str]:
    """Play ``move`` and wait for its analysis; seconds and the final state/verdict."""
    began = time.perf_counter()
    after = player.move(view, move)
    report: Json = {}
    while time.perf_counter() - began < limit:
        report = player.analysis(after)
        if report["state"] in ("done", "timeout", "unavailable"):
            return time.perf_counter() - began, report["verdict"] or report["state"]
        time.sleep(0.01)
    # Gaps with a redeal left reads not_applicable/unseen_shuffle until a win in sight is
    # found, and for good when there is none: the limit passes either way.
    return time.perf_counter() - began, report.get("reason") or "still pending"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10, help="deals 1..N per game")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds to wait per move")
    args = parser.parse_args(argv)
    redis = connect(REDIS)
    redis.flushdb()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.db"
        upgrade(url)
        workers = start_deployed_workers(REDIS, url)
        try:
            limits = {"RATE_LIMIT_ACTIONS": "100000/minute"}
            app = create_app({"DATABASE_URL": url, "REDIS_URL": REDIS} | limits)
            player = Player(app.test_client())
            time.sleep(2)  # the workers register themselves
            for game in ("pyramid", "gaps", "forty-thieves"):
                seconds: list[float] = []
                verdicts: Counter[str] = Counter()
                for deal in range(1, args.deals + 1):
                    view = player.new_game(game, deal)
                    *before, move = typical_line(game, deal, gaps_moves=5)
                    for earlier in before:
                        view = player.move(view, earlier)
                    took, verdict = timed(player, view, move, args.limit)
                    seconds.append(took)
                    verdicts[verdict] += 1
                print(
                    f"{game}: deals 1..{args.deals}, move -> verdict median "
                    f"{statistics.median(seconds):.3f} s, max {max(seconds):.3f} s, "
                    f"verdicts {dict(verdicts)}",
                    flush=True,
                )
        finally:
            for worker in workers:
                stop_worker(worker)
            redis.flushdb()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
