"""The OpenAPI document is exact: schemathesis — every check, every phase (examples,
coverage, fuzzing, stateful) — against a fresh service (gunicorn on a new PostgreSQL
database, a Redis of its own, no worker) finds nothing. What a schema cannot say is written
down, with the reasons, in ``schemathesis.toml`` beside this file.

The operations that end the token's life (deleting the player, signing a device out) run
after all the others, with a token of their own: in the same run they would sign the
player out early and leave every later operation answering 401, untested."""

from __future__ import annotations

import json
import re
import subprocess
import urllib.request
from pathlib import Path

from tests.databases import postgres_available, postgres_database
from tests.servers import BIN, gunicorn, private_redis, require

HERE = Path(__file__).parent
EXAMPLES = 30
"""Examples per operation and phase: about 50 s for the whole run on the 2-core machine."""
SEED = 20261201
PHASES = "examples,coverage,fuzzing"
SIGNING_OUT = ("DELETE /api/v1/players/me", "DELETE /api/v1/players/me/devices/{device_id}")


def test_schemathesis_finds_nothing_against_a_fresh_service(tmp_path: Path) -> None:
    require(postgres_available(), "PostgreSQL")
    from patience.store.migrate import upgrade

    with postgres_database() as url, private_redis() as redis:
        upgrade(url)
        limits = {"RATE_LIMIT_ACTIONS": "off", "RATE_LIMIT_PLAYERS": "off"}
        with gunicorn(url, REDIS_URL=redis.url, **limits) as server:
            base = f"http://127.0.0.1:{server.port}"
            others = [f"--exclude-name={name}" for name in SIGNING_OUT]
            runs = [_schemathesis(base, [*others, f"--phases={PHASES},stateful"], tmp_path)]
            # (no links between the last two: no stateful phase)
            last = [f"--include-name={name}" for name in SIGNING_OUT]
            runs.append(_schemathesis(base, [*last, f"--phases={PHASES}"], tmp_path))
    for run in runs:
        assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    summary = runs[0].stdout[runs[0].stdout.find("SUMMARY") :]
    assert "Authentication failed" not in runs[0].stdout, summary  # the token lived throughout
    phases = re.findall(r"(✅|❌|⏭️?) (Examples|Coverage|Fuzzing|Stateful)", summary)
    assert [name for mark, name in phases if mark == "✅"] == [
        "Examples",
        "Coverage",
        "Fuzzing",
        "Stateful",
    ], summary


def _schemathesis(base: str, options: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """One schemathesis run with ``options`` (operations, phases), as a new player."""
    command = [
        str(BIN / "st"),
        "--config-file",
        str(HERE / "schemathesis.toml"),
        "run",
        f"{base}/api/v1/openapi.json",
        *options,
        "--checks=all",
        f"--max-examples={EXAMPLES}",
        f"--seed={SEED}",
        "--workers=1",
        "--no-color",
        "--header",
        f"Authorization: Bearer {_sign_up(base)}",
    ]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd)


def _sign_up(base: str) -> str:
    request = urllib.request.Request(
        f"{base}/api/v1/players",
        data=b"{}",
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=20) as response:
        token: str = json.load(response)["token"]
        return token
