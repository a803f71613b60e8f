"""docker-compose.yml, checked without Docker: services, builds, commands against the CLI,
health checks, start order, volumes, the files it names, and the documented configuration.
``docker-compose config`` validates it too when the binary is installed."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
from typing import Any

import pytest
import yaml

from patience.cli import build_parser
from patience.store.db import REPO_ROOT

COMPOSE_FILE = REPO_ROOT / "docker-compose.yml"
SERVICES = {"migrate", "api", "worker", "db", "redis", "web"}
ONE_SHOT = {"migrate"}
"""Services that run to completion: no health check, no restart."""


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(COMPOSE_FILE.read_text())
    return data


@pytest.fixture(scope="module")
def services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = compose["services"]
    return found


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(actions[0].choices) if actions else {}


def _parses(command: list[str]) -> bool:
    """Whether ``patience <args>`` is accepted by the CLI's parser."""
    assert command[0] == "patience", command
    try:
        build_parser().parse_args(command[1:])
    except SystemExit:
        return False
    return True


def compose_env(services: dict[str, dict[str, Any]]) -> dict[str, str]:
    env: dict[str, str] = services["worker"]["environment"]
    return env


def test_the_services(services: dict[str, dict[str, Any]]) -> None:
    assert set(services) == SERVICES
    for name in ("api", "worker", "migrate"):
        assert services[name]["build"]["dockerfile"] == "docker/api.Dockerfile"
    assert services["web"]["build"]["dockerfile"] == "docker/web.Dockerfile"
    assert services["db"]["image"].startswith("postgres:")
    assert services["redis"]["image"].startswith("redis:")


def test_redis_memory_is_bounded_and_evicts_only_what_expires(
    services: dict[str, dict[str, Any]],
) -> None:
    command = services["redis"]["command"]
    assert command[0] == "redis-server"
    assert command[command.index("--maxmemory") + 1].startswith("${REDIS_MAXMEMORY:-")
    # Not allkeys-*: RQ's queues and registries have no expiry and must never be evicted.
    assert command[command.index("--maxmemory-policy") + 1] == "volatile-lru"


def test_referenced_files_exist(services: dict[str, dict[str, Any]]) -> None:
    for service in services.values():
        if "build" in service:
            context = REPO_ROOT / service["build"]["context"]
            assert (context / service["build"]["dockerfile"]).is_file()
    web = (REPO_ROOT / "docker" / "web.Dockerfile").read_text()
    assert "COPY docker/nginx.conf" in web and (REPO_ROOT / "docker" / "nginx.conf").is_file()
    for dockerfile in ("api.Dockerfile", "web.Dockerfile"):
        text = (REPO_ROOT / "docker" / dockerfile).read_text()
        assert len(re.findall(r"^FROM ", text, re.M)) >= 2, f"{dockerfile}: multi-stage"
        for source in re.findall(r"^COPY (?!--from)(?:--\S+ )*(\S+) ", text, re.M):
            assert (REPO_ROOT / source).exists(), f"{dockerfile} copies missing {source}"


def test_images_run_as_non_root() -> None:
    api = (REPO_ROOT / "docker" / "api.Dockerfile").read_text()
    final_stage = api.rsplit("\nFROM ", 1)[1]
    assert re.search(r"^USER (?!root)\S+", final_stage, re.M)
    web = (REPO_ROOT / "docker" / "web.Dockerfile").read_text()
    assert web.rsplit("\nFROM ", 1)[1].startswith("nginxinc/nginx-unprivileged")


def test_api_runs_gunicorn_after_the_migrations(services: dict[str, dict[str, Any]]) -> None:
    api, migrate = services["api"], services["migrate"]
    assert migrate["command"] == ["patience", "db", "upgrade", "--fill-today"]
    assert _parses(migrate["command"])
    # No default: production refuses to start without the ranked deals' secret.
    assert compose_env(services)["DEAL_SECRET"].startswith("${DEAL_SECRET:?")
    assert api["command"][:2] == ["patience", "serve"] and "--no-migrate" in api["command"]
    assert api["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert api["depends_on"]["db"]["condition"] == "service_healthy"
    assert api["depends_on"]["redis"]["condition"] == "service_healthy"
    assert int(api["environment"]["WEB_CONCURRENCY"].split(":-")[1].rstrip("}")) > 1
    assert services["web"]["depends_on"]["api"]["condition"] == "service_healthy"


def test_commands_exist_in_the_cli(services: dict[str, dict[str, Any]]) -> None:
    for name, service in services.items():
        command = service.get("command")
        if command and command[0] == "patience":
            assert _parses(command), f"{name}: {command}"


def test_worker_runs_patience_worker_and_scales(services: dict[str, dict[str, Any]]) -> None:
    worker = services["worker"]
    assert worker["command"] == ["patience", "worker"]
    # --scale worker=N needs no fixed name and no published ports.
    assert "container_name" not in worker and "ports" not in worker


def test_every_service_has_a_health_check(services: dict[str, dict[str, Any]]) -> None:
    for name, service in services.items():
        if name in ONE_SHOT:
            assert service["restart"] == "no"
            continue
        check = service["healthcheck"]
        assert not check.get("disable") and check["test"][0] in ("CMD", "CMD-SHELL"), name


def test_database_keeps_its_data_in_a_named_volume(compose: dict[str, Any]) -> None:
    volumes = compose["services"]["db"]["volumes"]
    assert any(v.split(":")[0] in compose["volumes"] for v in volumes)


def test_nginx_proxies_the_api_and_the_health_checks() -> None:
    conf = (REPO_ROOT / "docker" / "nginx.conf").read_text()
    assert "server api:8000" in conf
    assert "location ~ ^/(api/|healthz$|readyz$)" in conf and "proxy_pass http://" in conf
    assert "try_files $uri /index.html" in conf
    # The client's build writes <file>.gz beside each text file: nginx sends those as they are.
    assert "gzip_static on;" in conf


def test_every_variable_is_documented() -> None:
    documented = set(
        re.findall(r"^#?\s?([A-Z][A-Z0-9_]+)=", (REPO_ROOT / ".env.example").read_text(), re.M)
    )
    used = set(re.findall(r"\$\{([A-Z][A-Z0-9_]+)", COMPOSE_FILE.read_text()))
    assert used <= documented, used - documented
    from patience.api import ENVIRONMENT

    assert {*ENVIRONMENT, "DATABASE_URL", "REDIS_URL", "WEB_CONCURRENCY"} <= documented


@pytest.mark.skipif(shutil.which("docker-compose") is None, reason="docker-compose not installed")
def test_docker_compose_config_validates() -> None:
    def config(**env: str) -> subprocess.CompletedProcess[str]:
        without = {k: v for k, v in os.environ.items() if k != "DEAL_SECRET"}
        return subprocess.run(
            ["docker-compose", "-f", str(COMPOSE_FILE), "config", "-q"],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            env=without | env,
        )

    result = config(DEAL_SECRET="0" * 64)
    assert result.returncode == 0, result.stderr
    refused = config()  # no secret: compose itself refuses, naming it
    assert refused.returncode != 0 and "DEAL_SECRET" in refused.stderr


def test_gunicorn_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    import patience.gunicorn_conf as conf

    monkeypatch.setenv("WEB_CONCURRENCY", "7")
    monkeypatch.setenv("GUNICORN_GRACEFUL_TIMEOUT", "11")
    reloaded = importlib.reload(conf)
    assert reloaded.workers == 7 and reloaded.graceful_timeout == 11
    assert reloaded.logconfig_dict["formatters"]["json"]["()"].__name__ == "JsonFormatter"
    monkeypatch.undo()
    importlib.reload(conf)
