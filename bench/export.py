"""What ``GET /players/me/export`` holds in memory for a player with many games (not a test).

One player gets ``--games`` finished and unfinished games of all three kinds (random legal
lines of 10 to 300 moves, inserted straight into a throwaway database), then the export is
streamed through the Flask test client, chunk by chunk, under ``tracemalloc``; in the same
process, the same lines are then built the way a non-streaming export would (every game read
at once, every line kept) as the baseline. Peak traced memory of each, and their ratio:

    .venv/bin/python -m bench.export --games 10000            # SQLite
    .venv/bin/python -m bench.export --games 10000 --postgres
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import tempfile
import time
import tracemalloc
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

GAMES = ("pyramid", "gaps", "forty-thieves")


def random_lines(count: int, seed: int) -> list[tuple[str, int, dict[str, Any], list[Any]]]:
    """``count`` random legal lines (game, deal, options, moves) to deal the games from."""
    from patience.games import new_game

    rng = random.Random(seed)
    lines = []
    for i in range(count):
        name = GAMES[i % len(GAMES)]
        game = new_game(name, deal=rng.randrange(1, 2**32))
        for _ in range(rng.randrange(10, 300)):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
        lines.append((name, game.deal or 1, dict(game.options), game.moves))
    return lines


def fill(url: str, games: int, name: str = "Exporter") -> str:
    """A player with ``games`` games; the player's bearer token."""
    from sqlalchemy import insert

    from patience.store import GameRecord, make_engine, session_factory
    from patience.store.queries import new_player

    engine = make_engine(url)
    start = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    lines = random_lines(60, seed=1)
    with session_factory(engine)() as session:
        player, token = new_player(session, name, "bench", start)
        rows = []
        for i in range(games):
            name, deal, options, line = lines[i % len(lines)]
            when = start + dt.timedelta(minutes=i)
            status = ("won", "resigned", "playing")[i % 3]
            rows.append(
                {
                    "id": uuid.uuid4().hex,
                    "player_id": player.id,
                    "game": name,
                    "ruleset": "standard"
                    if name == "pyramid"
                    else "redeals-2"
                    if name == "gaps"
                    else "classic",
                    "options": options,
                    "deal": deal,
                    "version": len(line),
                    "line": line,
                    "seen": [],
                    "moves_made": len(line),
                    "undos": 0,
                    "hints": 0,
                    "pauses": 0,
                    "elapsed_ms": 60_000,
                    "running_since": None,
                    "status": status,
                    "result": {"solver_assisted": False} if status != "playing" else None,
                    "created_at": when,
                    "updated_at": when,
                    "finished_at": when if status != "playing" else None,
                    "daily": None,
                }
            )
            if len(rows) == 1000:
                session.execute(insert(GameRecord), rows)
                rows = []
        if rows:
            session.execute(insert(GameRecord), rows)
        session.commit()
    engine.dispose()
    return token


def streamed(app: Any, token: str) -> tuple[int, int, float]:
    """Bytes and lines of the streamed export, and its seconds (memory traced by the
    caller)."""
    client = app.test_client()
    began = time.perf_counter()
    response = client.get(
        "/api/v1/players/me/export", headers={"Authorization": f"Bearer {token}"}, buffered=False
    )
    size = lines = 0
    for chunk in response.response:
        size += len(chunk)
        lines += chunk.count(b"\n")
    response.close()
    return size, lines, time.perf_counter() - began


def all_at_once(app: Any, token: str) -> tuple[int, int, float]:
    """The same export built without streaming: every game read at once, every line kept."""
    from sqlalchemy import select

    from patience.api.db import sessions
    from patience.service.export import _game, ndjson
    from patience.store import GameRecord, Player

    began = time.perf_counter()
    with app.app_context(), sessions(app)() as session:
        player = session.scalars(select(Player).where(Player.name == "Exporter")).one()
        games = session.scalars(
            select(GameRecord)
            .where(GameRecord.player_id == player.id)
            .order_by(GameRecord.created_at, GameRecord.id)
        ).all()
        body = b"".join(
            [ndjson(_game(game, player.name, dt.datetime.now(dt.UTC))) for game in games]
        )
    return len(body), body.count(b"\n"), time.perf_counter() - began


def traced(run: Any, *args: Any) -> tuple[Any, float]:
    """``run(*args)`` and the peak of memory traced meanwhile (MiB)."""
    tracemalloc.start()
    try:
        result = run(*args)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return result, peak / 2**20


@contextmanager
def database(postgres: bool) -> Iterator[str]:
    from patience.store.migrate import upgrade
    from tests.databases import postgres_database

    if postgres:
        with postgres_database() as url:
            upgrade(url)
            yield url
        return
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'export.db'}"
        upgrade(url)
        yield url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL database")
    args = parser.parse_args()

    from patience.api import create_app

    with database(args.postgres) as url:
        token = fill(url, args.games)
        app = create_app({"DATABASE_URL": url, "REDIS_URL": None})
        streamed(app, fill(url, 3, "Warm-up"))  # the first request's imports are not the export's
        backend = "PostgreSQL" if args.postgres else "SQLite"
        untraced = streamed(app, token)[2]  # tracing slows Python down several times
        (size, lines, seconds), peak = traced(streamed, app, token)
        print(
            f"{backend}, {args.games} games: streamed {size / 2**20:.1f} MiB in {lines} lines, "
            f"{untraced:.1f} s ({seconds:.1f} s traced), peak traced memory {peak:.1f} MiB"
        )
        (size, lines, seconds), whole = traced(all_at_once, app, token)
        print(
            f"all at once: {size / 2**20:.1f} MiB in {lines} lines, {seconds:.1f} s, "
            f"peak traced memory {whole:.1f} MiB; ratio streamed/all {peak / whole:.3f}"
        )


if __name__ == "__main__":
    main()
