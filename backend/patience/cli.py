"""The ``patience`` command: ``serve``, ``run``, ``worker``, ``db upgrade``, ``openapi``,
``solve``, ``catalogue``, ``record`` and ``ranked fill``.

``serve`` runs gunicorn with :mod:`patience.gunicorn_conf` (workers, timeouts, JSON logs from
the environment); ``--workers`` overrides ``WEB_CONCURRENCY``.

>>> build_parser().parse_args(["openapi", "--output", "x.json"]).output
'x.json'
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from patience.jobs.queues import ALL_ROLES, ROLES
from patience.store.db import REPO_ROOT, database_url

if TYPE_CHECKING:
    from patience.catalogue.build import Batches

OPENAPI_FILE = REPO_ROOT / "backend" / "openapi.json"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(prog="patience", description="Patience solitaire service")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run migrations, then the API under gunicorn")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, help="worker processes (default: WEB_CONCURRENCY)")
    serve.add_argument(
        "--no-migrate", action="store_true", help="skip migrations (a separate step runs them)"
    )

    db = sub.add_parser("db", help="database commands")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    upgrade = db_sub.add_parser("upgrade", help="apply every Alembic migration (DATABASE_URL)")
    upgrade.add_argument(
        "--fill-today",
        action="store_true",
        help="then prove today's ranked dailies (DEAL_SECRET): the API is ready at once",
    )

    openapi = sub.add_parser("openapi", help="write the OpenAPI document")
    openapi.add_argument("--output", default=str(OPENAPI_FILE), help="file, or - for stdout")

    sub.add_parser("games", help="list the games: names, rulesets and what each is about")
    _add_solve(sub)
    run = sub.add_parser(
        "run", help="everything on this machine: Redis if none answers, a worker, and the API"
    )
    run.add_argument("--host", default="127.0.0.1")
    run.add_argument("--port", type=int, default=8000)
    _add_catalogue(sub)
    _add_record(sub)
    ranked = sub.add_parser("ranked", help="the pool of ranked (daily) deals")
    ranked_sub = ranked.add_subparsers(dest="ranked_command", required=True)
    fill = ranked_sub.add_parser(
        "fill", help="prove and store the missing dailies now (DEAL_SECRET, DATABASE_URL)"
    )
    fill.add_argument("--days", type=int, default=None, help="days ahead (default 7)")
    fill.add_argument("--seconds", type=float, default=None, help="budget per candidate")
    sub.add_parser(
        "fair-play", help="weigh every win still pending for its fair-play mark (DATABASE_URL)"
    )
    worker = sub.add_parser("worker", help="run an RQ worker for the solver jobs (REDIS_URL)")
    worker.add_argument("--burst", action="store_true", help="stop when the queue is empty")
    worker.add_argument(
        "--role",
        choices=[*ROLES, ALL_ROLES],
        default=ALL_ROLES,
        help="interactive: what players wait for; background: pool, par, fair play, "
        "catalogue; all (default): every queue",
    )
    worker.add_argument(
        "--abandoned-after",
        type=int,
        default=None,
        help="seconds past a missed beat before a running job is retried (default 8)",
    )
    return parser


def _add_solve(sub: Any) -> None:
    solve = sub.add_parser("solve", help="print the solver's JSON verdict for a deal or position")
    what = solve.add_mutually_exclusive_group(required=True)
    what.add_argument("--deal", type=int, help="deal number (with --game)")
    what.add_argument("--position", help="a full-information position JSON file")
    solve.add_argument("--game", help="a game of `patience games`, e.g. pyramid")
    solve.add_argument("--rules", help="Forty Thieves ruleset: classic | relaxed")
    solve.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=JSON",
        help="a game option, e.g. --option redeals=1 --option aces_shuffled=true",
    )
    solve.add_argument("--time-limit", type=float, default=60.0, help="seconds (default 60)")
    solve.add_argument("--nodes", type=int, help="node budget (default: none)")


def _add_catalogue(sub: Any) -> None:
    catalogue = sub.add_parser("catalogue", help="the proven-winnable deal catalogue")
    catalogue_sub = catalogue.add_subparsers(dest="catalogue_command", required=True)
    for name, text in (
        ("build", "examine deals until COUNT are proven winnable (resumes)"),
        ("show", "sizes, grades and the difficulty distribution"),
        ("rescore", "measure the winnable deals' difficulty again (verdicts stay)"),
    ):
        cmd = catalogue_sub.add_parser(name, help=text)
        cmd.add_argument("--game", required=True)
        cmd.add_argument("--rules", help="Forty Thieves ruleset: classic | relaxed")
        cmd.add_argument("--option", action="append", default=[], metavar="NAME=JSON")
    build = catalogue_sub.choices["build"]
    build.add_argument("--count", type=int, default=500, help="winnable deals wanted")
    build.add_argument("--workers", type=int, help="processes (default: every core)")
    build.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal")
    build.add_argument(
        "--nodes", type=int, help="search nodes per deal (a budget that does not depend on load)"
    )
    build.add_argument("--max-deals", type=int, default=100_000, help="stop after this deal")
    build.add_argument(
        "--distributed",
        action="store_true",
        help="queue the deals on REDIS_URL for `patience worker` processes anywhere",
    )
    build.add_argument("--batch", type=int, default=10, help="deals per job (distributed)")


def _add_record(sub: Any) -> None:
    record = sub.add_parser("record", help="Patience records (docs/record.md)")
    record_sub = record.add_subparsers(dest="record_command", required=True)
    export = record_sub.add_parser("export", help="print a finished game's record (DATABASE_URL)")
    export.add_argument("game_id")
    verify = record_sub.add_parser(
        "verify", help="replay a record through the engine: exit 0 valid, 1 not, 2 unreadable"
    )
    verify.add_argument("file", help="a record file, or - for standard input")


def _record(args: argparse.Namespace) -> int:
    import json

    from patience.record import RecordError
    from patience.service.errors import NotFound
    from patience.service.records import Records, verified
    from patience.store import make_engine, session_factory, utcnow

    engine = make_engine(database_url())
    if args.record_command == "verify":
        name = "<stdin>" if args.file == "-" else args.file
        try:
            data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
            # A ranked deal's record is checked against the pool in DATABASE_URL.
            with session_factory(engine)() as session:
                verdict = verified(data, session, utcnow())
        except (OSError, RecordError) as exc:
            print(f"{name}:{exc}", file=sys.stderr)
            return 2
        finally:
            engine.dispose()
        print(json.dumps(verdict))
        return 0 if verdict["valid"] else 1
    try:
        with session_factory(engine)() as session:
            text, _ = Records(session, utcnow()).of_game(args.game_id, None)
    except NotFound as exc:
        print(f"patience record export: {exc.message}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    sys.stdout.write(text)
    return 0


def _games() -> int:
    """One line per registered game: its name, rulesets and aim (from the registry)."""
    from patience.api.rulesets import game_catalog

    for entry in game_catalog():
        rulesets = ", ".join(entry["rulesets"])
        print(f"{entry['game']:<14} {entry['title']} ({rulesets}): {entry['summary']}")
    return 0


def _upgrade() -> None:
    from patience.store.migrate import upgrade

    upgrade()


def _openapi(output: str) -> None:
    from patience.api import openapi_document

    text = openapi_document()
    if output == "-":
        sys.stdout.write(text)
    else:
        Path(output).write_text(text)


def gunicorn_args(host: str, port: int, workers: int | None) -> list[str]:
    """The gunicorn command line of ``patience serve``.

    >>> gunicorn_args("0.0.0.0", 8000, 4)[1:]
    ['--config', 'python:patience.gunicorn_conf', '--bind', '0.0.0.0:8000', '--workers', '4']
    """
    gunicorn = Path(sys.executable).with_name("gunicorn")
    args = [str(gunicorn), "--config", "python:patience.gunicorn_conf", "--bind", f"{host}:{port}"]
    return args + ([] if workers is None else ["--workers", str(workers)])


def _serve(args: argparse.Namespace) -> None:
    if not args.no_migrate:
        _upgrade()
    command = gunicorn_args(args.host, args.port, args.workers)
    os.execv(command[0], command)


def _solve(args: argparse.Namespace) -> int:
    import json

    from patience.engine import EngineError
    from patience.games import load_position, new_game
    from patience.games.solving import solve_game
    from patience.solver import Budget

    try:
        options = _options(args)
        if args.position:
            game = load_position(json.loads(Path(args.position).read_text()), options)
        elif args.game:
            game = new_game(args.game, deal=args.deal, options=options)
        else:
            raise SystemExit("patience solve: --deal needs --game")
        result = solve_game(game, Budget(nodes=args.nodes, seconds=args.time_limit))
    except (EngineError, ValueError, OSError, NotImplementedError) as exc:
        print(f"patience solve: {exc}", file=sys.stderr)
        return 2
    print(json.dumps({"game": game.name, "ruleset": game.ruleset, **result.to_json()}))
    return 0


def _options(args: argparse.Namespace) -> dict[str, object]:
    """``--option NAME=JSON`` (and ``--rules``) as an options object."""
    import json

    options: dict[str, object] = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = json.loads(value)
    if args.rules:
        options["rules"] = args.rules
    return options


def _catalogue(args: argparse.Namespace) -> int:
    from patience.catalogue import Catalogue, ruleset_of
    from patience.catalogue.build import build, show
    from patience.catalogue.measure import rescore

    options = _options(args)
    if args.catalogue_command == "build":
        try:
            catalogue = build(
                args.game,
                options,
                args.count,
                workers=args.workers,
                time_limit=args.time_limit,
                node_limit=args.nodes,
                max_deals=args.max_deals,
                batches=_on_workers(args.batch) if args.distributed else None,
            )
        except KeyboardInterrupt:
            print(
                "\nstopped; what was examined is saved (run the build again to resume)",
                file=sys.stderr,
            )
            return 130
    else:
        found = Catalogue.load(args.game, ruleset_of(args.game, options))
        if found is None:
            print("no catalogue for that game and ruleset yet", file=sys.stderr)
            return 1
        catalogue = found
        if args.catalogue_command == "rescore":
            rescore(catalogue).save()
    print(show(catalogue))
    return 0


def _on_workers(batch: int) -> Batches:
    from redis import Redis

    from patience.jobs.catalogue_batches import on_workers
    from patience.store.redis import redis_url

    url = redis_url()
    if url is None:
        raise SystemExit("patience catalogue build --distributed: set REDIS_URL")
    return on_workers(Redis.from_url(url), batch)


def _ranked_fill(days: int | None, seconds: float | None) -> int:
    """Prove the missing dailies now; SIGINT or SIGTERM stops the proof in flight at once
    (the next fill goes on from it)."""
    import signal

    from patience.catalogue.pool import fill, missing
    from patience.catalogue.ranked_deals import (
        DAYS_AHEAD,
        PROOF_SECONDS,
        MissingSecret,
        require_secret,
    )
    from patience.jobs import stopping
    from patience.store import make_engine, session_factory, utcnow

    try:
        secret = require_secret(os.environ)
    except MissingSecret as exc:
        print(f"patience ranked fill: {exc}", file=sys.stderr)
        return 2
    signal.signal(signal.SIGINT, stopping.ask)
    signal.signal(signal.SIGTERM, stopping.ask)
    days = DAYS_AHEAD if days is None else days
    today = utcnow().date()
    with session_factory(make_engine(database_url()))() as session:
        stored = fill(
            session,
            secret,
            today,
            days=days,
            seconds=PROOF_SECONDS if seconds is None else seconds,
            cancelled=stopping.asked,
        )
        left = missing(session, today, days)
    for game, day in stored:
        print(f"stored {game} {day.isoformat()}")
    if stopping.asked():
        print("patience ranked fill: stopped (the next fill goes on from here)", file=sys.stderr)
        return 1
    if left:
        print(f"patience ranked fill: {len(left)} dailies not proven yet", file=sys.stderr)
        return 1
    return 0


def _worker(role: str, burst: bool, abandoned_after: int | None) -> int:
    from patience.jobs.queues import ABANDONED_AFTER
    from patience.jobs.worker import BACKGROUND_NICE, run
    from patience.logs import configure_logging
    from patience.store.redis import redis_url

    url = redis_url()
    if url is None:
        print("patience worker: set REDIS_URL (e.g. redis://127.0.0.1:6379/0)", file=sys.stderr)
        return 2
    configure_logging(os.environ.get("LOG_LEVEL", "info"))
    if role == "background":
        os.nice(BACKGROUND_NICE)
    run(url, role=role, burst=burst, abandoned_after=abandoned_after or ABANDONED_AFTER)
    return 0


def _fair_play() -> int:
    """Weigh, here and now, every win left ``pending`` (its job was never queued, e.g. Redis
    was down when it was won, or dropped after a day queued; the workers sweep these too,
    every few minutes): one line per win."""
    from patience.jobs.tasks import database_session, pending_wins, weigh

    with database_session() as session:
        for game_id in pending_wins(session):
            print(game_id, weigh(session, game_id), flush=True)
            session.commit()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``patience`` console script."""
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        _serve(args)
    elif args.command == "db":
        _upgrade()
        if args.fill_today:
            return _ranked_fill(0, None)
    elif args.command == "openapi":
        _openapi(args.output)
    elif args.command == "games":
        return _games()
    elif args.command == "solve":
        return _solve(args)
    elif args.command == "run":
        from patience.devserver import run_all

        return run_all(args.host, args.port)
    elif args.command == "catalogue":
        return _catalogue(args)
    elif args.command == "worker":
        return _worker(args.role, args.burst, args.abandoned_after)
    elif args.command == "record":
        return _record(args)
    elif args.command == "ranked":
        return _ranked_fill(args.days, args.seconds)
    elif args.command == "fair-play":
        return _fair_play()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
