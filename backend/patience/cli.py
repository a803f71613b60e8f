"""The ``patience`` command: ``serve``, ``db upgrade`` and ``openapi``.

>>> build_parser().parse_args(["openapi", "--output", "x.json"]).output
'x.json'
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from patience.store.db import REPO_ROOT

OPENAPI_FILE = REPO_ROOT / "backend" / "openapi.json"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(prog="patience", description="Patience solitaire service")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run migrations, then the API under gunicorn")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=3)

    db = sub.add_parser("db", help="database commands")
    db_sub = db.add_subparsers(dest="db_command", required=True)
    db_sub.add_parser("upgrade", help="apply every Alembic migration (DATABASE_URL)")

    openapi = sub.add_parser("openapi", help="write the OpenAPI document")
    openapi.add_argument("--output", default=str(OPENAPI_FILE), help="file, or - for stdout")
    return parser


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


def _serve(host: str, port: int, workers: int) -> None:
    _upgrade()
    gunicorn = Path(sys.executable).with_name("gunicorn")
    args = [str(gunicorn), "--bind", f"{host}:{port}", "--workers", str(workers)]
    args += ["--access-logfile", "-", "patience.api:create_app()"]
    os.execv(args[0], args)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``patience`` console script."""
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        _serve(args.host, args.port, args.workers)
    elif args.command == "db":
        _upgrade()
    elif args.command == "openapi":
        _openapi(args.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
