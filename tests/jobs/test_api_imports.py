"""The API process enqueues by name: serving every kind of request, it never imports the job
functions, the worker, nor the searches only a worker runs (measured by the same code as
``bench/api_footprint.py``, in a fresh process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from redis import Redis

from tests.databases import redis_test_url

REPO = Path(__file__).resolve().parents[2]


def test_the_api_imports_no_job_function(redis: Redis) -> None:
    env = os.environ | {"PYTHONPATH": os.pathsep.join([str(REPO / "backend"), str(REPO)])}
    command = [sys.executable, "-m", "bench.api_footprint", "--child", redis_test_url()]
    out = subprocess.run(command, env=env, cwd=REPO, capture_output=True, text=True, check=True)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["job_modules"] == []
