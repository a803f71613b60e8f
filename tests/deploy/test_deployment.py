"""docker-compose.yml for real: built, started and played through nginx's published port.

Every image is built here (the machine reaches Debian's and the language registries, no
container registry): the official base images are swapped for stand-ins built from Debian's
packages (docker/compose.stand-ins.yml) on a Debian base made with debootstrap once and kept
(``patience-base:bookworm``). Then, talking only to 127.0.0.1: a player wins a numbered
Pyramid deal with the line ``/solve`` returns and finds it on the deal's leaderboard, starts
today's daily of each game; a worker killed mid-analysis costs the analysis nothing; a
restarted API loses no acknowledged move; ``down`` then ``up`` keeps players, games and bests.
Everything the run made is removed, but the base.

Runs when a Docker daemon answers (``make deploy-test``; ``.ci/run`` starts one when
``dockerd`` is installed); skipped otherwise. Build times and the time from ``up`` to every
health check passing are printed (``-s``).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import secrets
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from patience.catalogue import cached
from patience.games import game_class
from patience.store.db import REPO_ROOT
from tests.servers import Client, free_port

BASE_IMAGE = "patience-base:bookworm"
"""The Debian base every stand-in is built on: made once with debootstrap, then kept."""
STAND_IN_BASES = ("stand-in-python", "stand-in-node", "stand-in-nginx")
"""The override's services that are only base images of the others (built first)."""
WORKERS = ("worker", "worker-background")
HEALTHY_WITHIN = 20 * 60
"""Generous limits: only a real failure, not a slow shared machine, reaches them."""
DONE_WITHIN = 10 * 60


def _docker_answers() -> bool:
    if shutil.which("docker") is None or shutil.which("docker-compose") is None:
        return False
    found = subprocess.run(["docker", "info"], capture_output=True, timeout=60, check=False)
    return found.returncode == 0


pytestmark = [
    pytest.mark.deploy,
    pytest.mark.skipif(not _docker_answers(), reason="no Docker daemon (make deploy-test)"),
]


def docker(*args: str, check: bool = True, timeout: float = 600) -> str:
    done = subprocess.run(
        ["docker", *args], capture_output=True, text=True, timeout=timeout, check=False
    )
    if check and done.returncode != 0:
        raise AssertionError(f"docker {' '.join(args)}: {done.stderr[-4000:]}")
    return done.stdout


def wait_for(what: str, found: Callable[[], Any], within: float = DONE_WITHIN) -> Any:
    """Poll ``found`` until it returns something true (errors count as not yet)."""
    deadline = time.monotonic() + within
    last: Any = None
    while time.monotonic() < deadline:
        try:
            last = found()
        except (OSError, http.client.HTTPException, ValueError, AssertionError) as exc:
            last = exc
        else:
            if last:
                return last
        time.sleep(0.5)
    raise AssertionError(f"{what}: not within {within} s (last: {last!r})")


def ensure_base_image() -> None:
    """``patience-base:bookworm``, made with debootstrap unless it exists. It trusts the CAs
    this machine adds to the system's (an egress proxy's, say), so builds on it reach the
    registries this machine reaches."""
    if subprocess.run(["docker", "image", "inspect", BASE_IMAGE], capture_output=True).returncode:
        assert shutil.which("debootstrap"), "the stand-ins' base needs debootstrap"
        with tempfile.TemporaryDirectory(prefix="patience-base-") as root:
            subprocess.run(
                ["debootstrap", "--variant=minbase", "bookworm", root], check=True, timeout=1800
            )
            shutil.rmtree(Path(root, "var/cache/apt/archives"), ignore_errors=True)
            cas = Path(root, "usr/local/share/ca-certificates")
            cas.mkdir(parents=True, exist_ok=True)
            for ca in Path("/usr/local/share/ca-certificates").glob("*.crt"):
                shutil.copy(ca, cas)
            tar = subprocess.Popen(["tar", "-C", root, "-c", "."], stdout=subprocess.PIPE)
            subprocess.run(["docker", "import", "-", BASE_IMAGE], stdin=tar.stdout, check=True)
            assert tar.wait() == 0


@dataclass
class Deployment:
    """One compose project of this run: its name, environment and published port."""

    project: str = field(default_factory=lambda: f"patience-deploy-{secrets.token_hex(4)}")
    port: int = field(default_factory=free_port)

    def __post_init__(self) -> None:
        self.env = os.environ | {
            "STAND_INS_TAG": self.project,
            "DEAL_SECRET": secrets.token_hex(32),
            "POSTGRES_PASSWORD": secrets.token_hex(12),
            "WEB_HOST": "127.0.0.1",
            "WEB_PORT": str(self.port),
        }

    def compose(self, *args: str, timeout: float = 1800) -> str:
        command = ["docker-compose", "-p", self.project, "-f", "docker-compose.yml"]
        command += ["-f", "docker/compose.stand-ins.yml", *args]
        done = subprocess.run(
            command,
            cwd=REPO_ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if done.returncode != 0:  # a build's step output is on stdout, its verdict on stderr
            raise AssertionError(
                f"docker-compose {' '.join(args)}: {done.stdout[-4000:]}\n{done.stderr[-6000:]}"
            )
        return done.stdout

    def containers(self, service: str | None = None) -> list[str]:
        """Ids of the project's containers (of ``service``), running or not."""
        labels = [f"label=com.docker.compose.project={self.project}"]
        if service:
            labels.append(f"label=com.docker.compose.service={service}")
        filters = [arg for label in labels for arg in ("--filter", label)]
        return docker("ps", "-aq", "--no-trunc", *filters).split()

    def healthy(self) -> bool:
        """Every long-running container healthy, and migrate exited 0."""
        for container in self.containers():
            state = json.loads(docker("inspect", "--format", "{{json .State}}", container))
            service = docker(
                "inspect",
                "--format",
                '{{index .Config.Labels "com.docker.compose.service"}}',
                container,
            ).strip()
            if service == "migrate":
                assert not (state["Status"] == "exited" and state["ExitCode"]), "migrate failed"
                if state["Status"] != "exited":
                    return False
            elif state.get("Health", {}).get("Status") != "healthy":
                return False
        return bool(self.containers())

    def up(self, *args: str) -> float:
        """``up -d`` then every health check passing: the seconds it took."""
        began = time.monotonic()
        self.compose("up", "-d", *args)
        wait_for("every service healthy", self.healthy, HEALTHY_WITHIN)
        return time.monotonic() - began

    def redis(self, *command: str) -> str:
        """A redis-cli command in the project's redis container."""
        return docker("exec", self.containers("redis")[0], "redis-cli", "--raw", *command)

    def client(self, token: str | None = None) -> Client:
        client = Client(self.port, timeout=60)
        if token:
            client.headers["Authorization"] = f"Bearer {token}"
        return client

    def remove(self) -> None:
        """Containers, volumes and the images this run built (the base stays)."""
        with contextlib.suppress(AssertionError, subprocess.TimeoutExpired):
            self.compose("down", "--volumes", "--remove-orphans", "--rmi", "all")
        for container in self.containers():
            docker("rm", "-f", container, check=False)
        tagged = docker("images", "--format", "{{.Repository}}:{{.Tag}}").split()
        for image in tagged:
            if image.endswith(":" + self.project):
                docker("rmi", "-f", image, check=False)


@pytest.fixture(scope="module")
def deployment() -> Iterator[Deployment]:
    dangling_before = set(docker("images", "-qa", "--filter", "dangling=true").split())
    deployment = Deployment()
    try:
        yield deployment
    finally:
        deployment.remove()
        # The build stages a multi-stage build leaves behind, untagged.
        made = set(docker("images", "-qa", "--filter", "dangling=true").split())
        for image in made - dangling_before:
            docker("rmi", "-f", image, check=False)


def play(client: Client, game_id: str, moves: list[Any], version: int) -> int:
    """``moves`` in order from ``version``; the version after them."""
    for move in moves:
        status, body = client.call(
            "POST", f"/api/v1/games/{game_id}/moves", {"version": version, "move": move}
        )
        assert status == 200, body
        version = body["version"]
    return version


def winning_line(client: Client, deal: int) -> list[Any]:
    """The solution ``/solve`` returns for Pyramid deal ``deal``."""
    status, body = client.call("POST", "/api/v1/solve", {"game": "pyramid", "deal": deal})
    assert status == 202, body

    def solved() -> Any:
        status, job = client.call("GET", f"/api/v1/jobs/{body['job']}")
        assert status == 200, job
        assert job["state"] in ("queued", "running", "done"), job
        return job if job["state"] == "done" else None

    job = wait_for(f"/solve of pyramid {deal}", solved)
    assert job["verdict"] == "winnable" and job["solution"], job
    solution: list[Any] = job["solution"]
    return solution


def test_the_compose_deployment(deployment: Deployment) -> None:
    try:
        deploy_and_play(deployment)
    except BaseException:
        if deployment.containers():  # what each service said last
            print(deployment.compose("logs", "--no-color", "--tail", "80", timeout=120))
        raise


def deploy_and_play(deployment: Deployment) -> None:
    ensure_base_image()

    def build() -> float:
        """Every image built (the bases first): the seconds it took. A failed step's container
        is removed too (--force-rm), not only a finished one's."""
        began = time.monotonic()
        deployment.compose("build", "--force-rm", *STAND_IN_BASES)
        deployment.compose("build", "--force-rm")
        return time.monotonic() - began

    cold, warm = build(), build()
    print(f"\nbuild: {cold:.0f} s from the cached base, {warm:.0f} s again (all cached)")
    print(f"up -> healthy: {deployment.up():.0f} s")

    # nginx serves the client and the API, never the API's metrics.
    outside = http.client.HTTPConnection("127.0.0.1", deployment.port, timeout=60)
    outside.request("GET", "/metrics", headers={"Authorization": "Bearer anything"})
    metrics = outside.getresponse()
    metrics.read()
    assert metrics.status == 404
    # The documentation site too, built in the image: the page the client's "Full rules"
    # link opens (frontend/src/model/paths.ts), and a missing page is not the client.
    outside.request("GET", "/docs/playing/pyramid/")
    page = outside.getresponse()
    assert page.status == 200, page.status
    assert "<title>Pyramid - Patience</title>" in page.read().decode()
    assert "'unsafe-inline'" in page.headers["Content-Security-Policy"]
    outside.request("GET", "/docs/playing/pyramid")
    moved = outside.getresponse()
    moved.read()
    assert moved.status == 301 and moved.headers["Location"] == "/docs/playing/pyramid/"
    outside.request("GET", "/docs/nowhere/")
    missing = outside.getresponse()
    missing.read()
    assert missing.status == 404

    # A player wins a numbered deal with the solver's line, and is on its leaderboard.
    first = deployment.client()
    first.sign_up()
    token = first.headers["Authorization"].split()[1]
    deal = cached("pyramid", "standard").ranked()[0]  # type: ignore[union-attr]
    line = winning_line(first, deal)
    status, game = first.call("POST", "/api/v1/games", {"game": "pyramid", "deal": deal})
    assert status == 201, game
    play(first, game["id"], line, game["version"])
    status, won = first.call("GET", f"/api/v1/games/{game['id']}")
    assert won["status"] == "won", won
    status, board = first.call("GET", f"/api/v1/deals/pyramid/{deal}/leaderboard")
    assert game["id"] in [entry["game_id"] for entry in board["entries"]], board

    # Today's daily of every game starts, under the ruleset /daily names.
    status, today = first.call("GET", "/api/v1/daily")
    assert {item["game"] for item in today["items"]} == {"pyramid", "gaps", "forty-thieves"}
    for item in today["items"]:
        options = game_class(item["game"]).ruleset_options()[item["ruleset"]]
        body = {"game": item["game"], "daily": True, "options": options}
        status, daily = first.call("POST", "/api/v1/games", body)
        assert status == 201 and daily["deal"] is None, daily

    kill_a_worker_mid_analysis(deployment, token)
    restart_the_api_mid_play(deployment, token, deal, line)

    # down, then up: the named volume keeps players, games and bests.
    began = time.monotonic()
    deployment.compose("down")
    print(f"down: {time.monotonic() - began:.0f} s")
    print(f"up -> healthy again: {deployment.up():.0f} s")
    again = deployment.client(token)
    status, me = again.call("GET", "/api/v1/players/me")
    assert status == 200 and me["stats"]["pyramid"]["won"] >= 2, me
    status, kept = again.call("GET", f"/api/v1/games/{game['id']}")
    assert status == 200 and kept["status"] == "won", kept
    status, bests = again.call("GET", "/api/v1/players/me/bests?game=pyramid")
    assert f"pyramid-{deal}" in [best["deal_id"] for best in bests["items"]], bests


def kill_a_worker_mid_analysis(deployment: Deployment, token: str) -> None:
    """Two of each worker; the interactive one running an analysis is killed; the analysis
    still ends (its job goes back on its queue, for the other)."""
    deployment.up("--no-recreate", "--scale", "worker=2", "--scale", "worker-background=2")
    for service in WORKERS:
        assert len(deployment.containers(service)) == 2, service
    client = deployment.client(token)
    # A Gaps deal without redeals is seen whole from the start, and its proof can take
    # seconds (up to the analysis budget): caught running, as a rule, at the first deal.
    for deal in range(1, 50):
        options = {"redeals": 0}
        status, game = client.call(
            "POST", "/api/v1/games", {"game": "gaps", "deal": deal, "options": options}
        )
        assert status == 201, game
        path = f"/api/v1/games/{game['id']}/analysis"
        status, analysis = client.call("POST", path)
        assert status == 200, analysis
        running = wait_for("an analysis running", partial(analysing, deployment, client, path), 60)
        if running is not True:
            break
    else:
        raise AssertionError("no analysis ran long enough to be caught running")
    docker("kill", running)
    killed = time.monotonic()

    def finished() -> Any:
        status, analysis = client.call("GET", path)
        assert status == 200, analysis
        assert analysis["state"] != "unavailable", analysis
        return analysis if analysis["state"] in ("done", "timeout") else None

    analysis = wait_for("the analysis", finished)
    print(f"worker killed mid-analysis -> analysis ended: {time.monotonic() - killed:.0f} s")
    print("analysis after a worker was killed:", analysis)


def analysing(deployment: Deployment, client: Client, path: str) -> str | bool | None:
    """The interactive worker container running an analysis now; ``True`` when the analysis
    at ``path`` already ended; ``None`` when neither (yet)."""
    mine = {container[:12]: container for container in deployment.containers("worker")}
    for key in deployment.redis("SMEMBERS", "rq:workers").split():
        hostname, job = deployment.redis("HMGET", key, "hostname", "current_job").split("\n")[:2]
        if hostname in mine and job:
            description = deployment.redis("HGET", f"rq:job:{job}", "description")
            if "analyse" in description:
                return mine[hostname]
    analysis = client.call("GET", path)[1]
    return True if analysis.get("state") in ("done", "timeout") else None


def answered(deployment: Deployment, token: str, method: str, path: str, body: Any) -> Any:
    """The same request, again and again, until the API answers it (through a restart, nginx
    answers 502 and connections drop; a limit answers 429): the body of its 2xx answer."""
    while True:
        try:
            status, answer = deployment.client(token).call(method, path, body)
        except (OSError, http.client.HTTPException, ValueError):  # ValueError: nginx's HTML
            time.sleep(0.2)
            continue
        if status < 300:
            return answer
        assert status in (429, 502, 503, 504), answer
        time.sleep(1 if status == 429 else 0.2)


def restart_the_api_mid_play(
    deployment: Deployment, token: str, deal: int, line: list[Any]
) -> None:
    """Games of ``deal`` played along ``line``, one move after another, while the API
    container restarts: each request is repeated until it is answered (a move repeated for a
    version it already advanced returns the stored result). Every game then holds exactly
    the moves that were acknowledged."""
    stop = threading.Event()
    acknowledged: dict[str, int] = {}  # game id -> the version its last answered move made
    failures: list[BaseException] = []

    def mover() -> None:
        try:
            while not stop.is_set():
                game = answered(
                    deployment, token, "POST", "/api/v1/games", {"game": "pyramid", "deal": deal}
                )
                version = acknowledged[game["id"]] = game["version"]
                for move in line:
                    path = f"/api/v1/games/{game['id']}/moves"
                    answer = answered(
                        deployment, token, "POST", path, {"version": version, "move": move}
                    )
                    assert answer["version"] == version + 1, answer
                    version = acknowledged[game["id"]] = answer["version"]
        except BaseException as exc:
            failures.append(exc)

    def moves() -> int:
        return sum(acknowledged.values())

    thread = threading.Thread(target=mover)
    thread.start()
    try:
        wait_for("moves before the restart", lambda: moves() >= 10, 120)
        before = moves()
        restarted = time.monotonic()
        deployment.compose("restart", "-t", "30", "api")
        back = time.monotonic()
        wait_for("a move after the restart", lambda: failures or moves() > before)
        answering = time.monotonic()
        wait_for("moves after the restart", lambda: failures or moves() >= before + 2 * len(line))
    finally:
        stop.set()
        thread.join(DONE_WITHIN)
    assert not failures, failures
    client = deployment.client(token)
    for game_id, version in acknowledged.items():
        status, game = client.call("GET", f"/api/v1/games/{game_id}")
        assert status == 200 and game["version"] == version, (version, game)
    print(
        f"restart mid-play: {len(acknowledged)} games, {moves()} moves, none lost; "
        f"`restart api` took {back - restarted:.0f} s, moves answered again "
        f"{answering - restarted:.0f} s after it began"
    )
