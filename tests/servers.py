"""Real servers for tests that need more than the Flask test client: the API under gunicorn,
a private Redis, ``patience worker`` processes, and a TCP proxy in front of PostgreSQL that
can hang (a stopped server whose sockets stay open) or cut every connection (a restart).

The proxy and the private Redis let fault tests break *their* PostgreSQL link and *their*
Redis without touching the machine's shared services.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url

from patience.devserver import THROWAWAY_REDIS
from patience.store import utcnow
from tests.ranked import DEAL_SECRET, fill_pool

BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def require(ok: bool, what: str) -> None:
    """Skip when ``what`` is missing; in CI, fail instead (CI must run every test)."""
    if not ok:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is not available")
        pytest.skip(f"{what} is not available")


def wait_for(what: str, ok: Callable[[], object], seconds: float) -> None:
    """Wait until ``ok()`` is true; ``seconds`` is a limit only a real failure reaches."""
    deadline = time.monotonic() + seconds
    while not ok():
        assert time.monotonic() < deadline, f"{what}: not within {seconds} s"
        time.sleep(0.1)


# -- HTTP ---------------------------------------------------------------------------------------


@dataclass
class Client:
    """One keep-alive HTTP connection speaking JSON to the server under test."""

    port: int
    headers: dict[str, str] = field(default_factory=lambda: {"Content-Type": "application/json"})
    timeout: float = 20

    def __post_init__(self) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)

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

    def client(self, timeout: float = 20) -> Client:
        return Client(self.port, timeout=timeout)

    def wait_ready(self, seconds: float = 120) -> dict[str, Any]:
        """Poll ``/readyz`` until it answers 200; its body."""
        deadline = time.monotonic() + seconds
        body: Any = None
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError, http.client.HTTPException):
                status, body = self.client(timeout=5).call("GET", "/readyz")
                if status == 200:
                    return dict(body)
            time.sleep(0.2)
        raise AssertionError(f"not ready after {seconds} s: {body}")


@contextlib.contextmanager
def gunicorn(database_url: str, **env: str) -> Iterator[Server]:
    """The API under gunicorn (``patience.gunicorn_conf``) on ``database_url``; ``env`` adds
    settings (``REDIS_URL``, rate limits, workers, ...)."""
    port = free_port()
    settings = {"DATABASE_URL": database_url, "LOG_LEVEL": "error", "REDIS_URL": ""}
    settings |= {"DEAL_SECRET": DEAL_SECRET} | env
    fill_pool(database_url, utcnow().date())  # today's dailies: else not ready
    command = [str(BIN / "gunicorn"), "--config", "python:patience.gunicorn_conf"]
    proc = subprocess.Popen([*command, "--bind", f"127.0.0.1:{port}"], env=os.environ | settings)
    try:
        running = Server(port, database_url)
        running.wait_ready()
        yield running
    finally:
        proc.terminate()
        proc.wait(timeout=30)


# -- Redis --------------------------------------------------------------------------------------


@dataclass
class PrivateRedis:
    """A ``redis-server`` of the test's own on a free port, that the test may stop and start."""

    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), *THROWAWAY_REDIS]
        command += ["--loglevel", "warning"]
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port)):
                return
            time.sleep(0.05)
        raise AssertionError("the private redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=10)
            self.proc = None

    def pause(self) -> None:
        """Hung, as a stopped process (SIGSTOP): its socket accepts, nothing answers."""
        if self.proc is not None:
            self.proc.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGCONT)


@contextlib.contextmanager
def private_redis() -> Iterator[PrivateRedis]:
    require(shutil.which("redis-server") is not None, "redis-server")
    redis = PrivateRedis()
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()


# -- workers ------------------------------------------------------------------------------------


def start_worker(redis_url: str, *args: str, **env: str) -> subprocess.Popen[bytes]:
    """A ``patience worker`` process (its own process group, so a test can signal it), with
    ``args`` (``--role``, …)."""
    return _worker(redis_url, args, env, subprocess.PIPE)


def start_logged_worker(
    log: Path, redis_url: str, *args: str, **env: str
) -> subprocess.Popen[bytes]:
    """:func:`start_worker`, its log (at ``info`` unless ``LOG_LEVEL`` says) appended to
    ``log``."""
    return _worker(redis_url, args, {"LOG_LEVEL": "info"} | env, log.open("ab"))


def _worker(
    redis_url: str, args: tuple[str, ...], env: dict[str, str], stderr: Any
) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [str(BIN / "patience"), "worker", *args],
        env=os.environ | {"REDIS_URL": redis_url, "LOG_LEVEL": "warning"} | env,
        start_new_session=True,
        stderr=stderr,
    )


def children(pid: int) -> list[int]:
    """The pids whose parent is ``pid`` (a worker's work horse)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{entry}/stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry))
    return found


def kill_hard(*pids: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


# -- a TCP proxy in front of PostgreSQL ---------------------------------------------------------


class FaultyLink:
    """A TCP proxy to ``upstream``: forwards, or hangs (accepts and holds every byte, as a
    stopped server whose sockets stay open does), or cuts (closes every connection and
    refuses new ones for a while, as a restart does)."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.flowing = threading.Event()
        self.flowing.set()
        self.refusing = False
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def url_for(self, database_url: str) -> str:
        """``database_url`` pointed at this proxy."""
        url = make_url(database_url).set(host="127.0.0.1", port=self.port)
        return url.render_as_string(hide_password=False)

    def hang(self) -> None:
        self.flowing.clear()

    def resume(self) -> None:
        self.flowing.set()

    def cut(self) -> None:
        """Close every connection and refuse new ones until :meth:`restore`."""
        self.refusing = True
        with self._lock:
            for sock in self._open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._open.clear()

    def restore(self) -> None:
        self.refusing = False

    def close(self) -> None:
        self._closed = True
        self.cut()
        self.listener.close()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.refusing:
                client.close()
                continue
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        self.flowing.wait()
        try:
            server = socket.create_connection(self.upstream)
        except OSError:
            client.close()
            return
        with self._lock:
            self._open |= {client, server}
        pair = {client: server, server: client}
        try:
            while True:
                self.flowing.wait()
                ready, _, _ = select.select(list(pair), [], [], 0.1)
                for sock in ready:
                    if not self.flowing.is_set():
                        break
                    data = sock.recv(65536)
                    if not data:
                        return
                    pair[sock].sendall(data)
        except (OSError, ValueError):
            return
        finally:
            with self._lock:
                self._open -= {client, server}
            client.close()
            server.close()


@contextlib.contextmanager
def faulty_link(database_url: str) -> Iterator[FaultyLink]:
    url = make_url(database_url)
    link = FaultyLink((url.host or "127.0.0.1", url.port or 5432))
    try:
        yield link
    finally:
        link.close()
