"""Fault tests against real services: the API under gunicorn (over HTTP, on 127.0.0.1) on a
throwaway PostgreSQL database, with the local Redis; PostgreSQL and Redis are restarted or
stopped by the tests themselves (and always brought back)."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from patience.store.migrate import upgrade
from patience.store.testing import postgres_available, postgres_database, redis_available

GUNICORN = Path(sys.executable).with_name("gunicorn")
REDIS_START = [
    "redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port", "6379",
    "--save", "", "--appendonly", "no", "--dir", "/tmp", "--logfile", "/tmp/patience-redis.log",
]  # fmt: skip


@dataclass
class Client:
    """One keep-alive HTTP connection speaking JSON to the server under test."""

    port: int
    headers: dict[str, str] = field(default_factory=lambda: {"Content-Type": "application/json"})

    def __post_init__(self) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """One request; the status and the decoded JSON body."""
        self.conn.request(method, path, None if body is None else json.dumps(body), self.headers)
        response = self.conn.getresponse()
        raw = response.read()
        return response.status, json.loads(raw) if raw else None

    def sign_up(self) -> None:
        status, body = self.call("POST", "/api/v1/players", {})
        assert status == 201, body
        self.headers["Authorization"] = f"Bearer {body['token']}"


@dataclass
class Server:
    """The API under gunicorn: its port and its database URL."""

    port: int
    database_url: str

    def client(self) -> Client:
        return Client(self.port)

    def wait_ready(self, seconds: float = 20) -> dict[str, Any]:
        """Poll ``/readyz`` until it answers 200; its body."""
        deadline = time.monotonic() + seconds
        body: Any = None
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError, http.client.HTTPException):
                status, body = self.client().call("GET", "/readyz")
                if status == 200:
                    return dict(body)
            time.sleep(0.2)
        raise AssertionError(f"not ready after {seconds} s: {body}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _require(ok: bool, what: str) -> None:
    if not ok:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is not available")
        pytest.skip(f"{what} is not available")


@pytest.fixture(scope="package")
def server() -> Iterator[Server]:
    """gunicorn (3 workers × 4 threads) on a fresh PostgreSQL database, with Redis."""
    _require(postgres_available(), "PostgreSQL at 127.0.0.1:5432")
    _require(redis_available(), "Redis at 127.0.0.1:6379")
    with postgres_database() as url:
        upgrade(url)
        port = _free_port()
        env = os.environ | {
            "DATABASE_URL": url,
            "REDIS_URL": "redis://127.0.0.1:6379/0",
            "REDIS_PREFIX": f"faults-{uuid.uuid4().hex}:",
            "WEB_CONCURRENCY": "3",
            "GUNICORN_THREADS": "4",
            "LOG_LEVEL": "error",
            # The players here play back to back, faster than a person's 600 actions a minute;
            # rate limits have their own tests.
            "RATE_LIMIT_ACTIONS": "100000/minute",
        }
        command = [str(GUNICORN), "--config", "python:patience.gunicorn_conf"]
        proc = subprocess.Popen([*command, "--bind", f"127.0.0.1:{port}"], env=env)
        try:
            running = Server(port, url)
            running.wait_ready()
            yield running
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def restart_postgres() -> None:
    """Restart the local PostgreSQL cluster (fast shutdown: open connections are cut)."""
    _require(shutil.which("pg_ctlcluster") is not None, "pg_ctlcluster")
    version = sorted(os.listdir("/etc/postgresql"))[0]
    command = ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "restart"]
    subprocess.run(command, check=True, timeout=60, capture_output=True)


@contextlib.contextmanager
def redis_stopped() -> Iterator[None]:
    """Stop the local Redis; always start it again afterwards."""
    _require(shutil.which("redis-server") is not None, "redis-server")
    subprocess.run(["redis-cli", "-p", "6379", "shutdown", "nosave"], timeout=10)
    try:
        yield
    finally:
        subprocess.run(REDIS_START, check=True, timeout=30)
        deadline = time.monotonic() + 10
        while not redis_available() and time.monotonic() < deadline:
            time.sleep(0.1)
