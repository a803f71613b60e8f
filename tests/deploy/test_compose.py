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

from patience.api.middleware import DOCS_CSP, SPA_CSP
from patience.cli import build_parser
from patience.store.db import REPO_ROOT

COMPOSE_FILE = REPO_ROOT / "docker-compose.yml"
STAND_INS_FILE = REPO_ROOT / "docker" / "compose.stand-ins.yml"
SERVICES = {"migrate", "api", "worker", "worker-background", "db", "redis", "web"}
WORKERS = {"worker": "interactive", "worker-background": "background"}
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
    for name in ("api", "migrate", *WORKERS):
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
    stand_ins = yaml.safe_load(STAND_INS_FILE.read_text())["services"]
    for service in [*services.values(), *stand_ins.values()]:
        if "dockerfile" in service.get("build", {}):
            context = REPO_ROOT / service["build"]["context"]
            assert (context / service["build"]["dockerfile"]).is_file()
    web = (REPO_ROOT / "docker" / "web.Dockerfile").read_text()
    assert "COPY docker/nginx.conf" in web and (REPO_ROOT / "docker" / "nginx.conf").is_file()
    for dockerfile in ("api.Dockerfile", "web.Dockerfile"):
        text = (REPO_ROOT / "docker" / dockerfile).read_text()
        assert len(re.findall(r"^FROM ", text, re.M)) >= 2, f"{dockerfile}: multi-stage"
    for path in (REPO_ROOT / "docker").glob("**/*.Dockerfile"):
        text = path.read_text()
        for source in re.findall(r"^COPY (?!--from)(?:--\S+ )*(\S+) ", text, re.M):
            assert (REPO_ROOT / source).exists(), f"{path.name} copies missing {source}"


def _base_images(dockerfile: str) -> dict[str, str]:
    """The build arguments a Dockerfile's stages start FROM, with their defaults."""
    text = (REPO_ROOT / "docker" / dockerfile).read_text()
    defaults = dict(re.findall(r"^ARG (\w+)=(\S+)$", text, re.M))
    used = re.findall(r"^FROM \$\{(\w+)\}", text, re.M)
    assert used and len(used) == len(re.findall(r"^FROM ", text, re.M)), dockerfile
    return {name: defaults[name] for name in used}


def test_base_images_are_build_arguments_defaulting_to_official_images() -> None:
    assert _base_images("api.Dockerfile") == {"PYTHON_IMAGE": "python:3.11-slim"}
    assert _base_images("web.Dockerfile") == {
        "NODE_IMAGE": "node:20-alpine",
        "PYTHON_IMAGE": "python:3.11-slim",  # the documentation site's build
        "NGINX_IMAGE": "nginxinc/nginx-unprivileged:1.27-alpine",
    }
    # The stand-ins replace every one of them, and the official db and redis images.
    stand_ins = yaml.safe_load(STAND_INS_FILE.read_text())["services"]
    for service in ("migrate", "api", *WORKERS):
        assert set(stand_ins[service]["build"]["args"]) == {"PYTHON_IMAGE"}
    assert set(stand_ins["web"]["build"]["args"]) == {"NODE_IMAGE", "PYTHON_IMAGE", "NGINX_IMAGE"}
    for service in ("db", "redis"):
        assert stand_ins[service]["build"]["dockerfile"].startswith("docker/stand-ins/")


def test_images_run_as_non_root() -> None:
    api = (REPO_ROOT / "docker" / "api.Dockerfile").read_text()
    final_stage = api.rsplit("\nFROM ", 1)[1]
    assert re.search(r"^USER (?!root)\S+", final_stage, re.M)
    assert _base_images("web.Dockerfile")["NGINX_IMAGE"].startswith("nginxinc/nginx-unprivileged")
    nginx_stand_in = (REPO_ROOT / "docker" / "stand-ins" / "nginx.Dockerfile").read_text()
    assert re.search(r"^USER (?!root)\S+", nginx_stand_in, re.M)


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
    roles = "--role" in _subcommands(build_parser())["worker"].format_usage()
    for name, service in services.items():
        command = service.get("command")
        if name in WORKERS and not roles:
            continue  # `patience worker --role` lands with the worker roles
        if command and command[0] == "patience":
            assert _parses(command), f"{name}: {command}"


def test_each_worker_role_runs_and_scales(services: dict[str, dict[str, Any]]) -> None:
    for name, role in WORKERS.items():
        worker = services[name]
        assert worker["command"] == ["patience", "worker", "--role", role]
        # --scale worker=N needs no fixed name and no published ports.
        assert "container_name" not in worker and "ports" not in worker
        # Healthy while a worker of the container beats in the register of live workers.
        assert worker["healthcheck"]["test"] == [
            "CMD",
            "python",
            "/app/docker/worker_healthcheck.py",
        ]


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
    # Resolved per request (a restarted api container may change address), not once.
    assert "set $patience_api http://api:8000;" in conf and "proxy_pass $patience_api;" in conf
    assert "resolver 127.0.0.11" in conf and not re.search(r"^upstream ", conf, re.M)
    assert "location ~ ^/(api/|healthz$|readyz$)" in conf
    assert "try_files $uri /index.html" in conf
    # The API's /metrics is never served to the outside.
    assert re.search(r"location = /metrics \{\s*return 404;", conf)
    # The client's build writes <file>.gz beside each text file: nginx sends those as they are.
    assert "gzip_static on;" in conf


def _block(conf: str, opening: str) -> str:
    """The text of the block that ``opening`` (say ``location /docs/``) opens, nested blocks
    included, up to its closing brace."""
    start = conf.index(opening + " {") + len(opening) + 2
    depth = 1
    for end in range(start, len(conf)):
        depth += {"{": 1, "}": -1}.get(conf[end], 0)
        if depth == 0:
            return conf[start:end]
    raise AssertionError(f"{opening}: no closing brace")


def test_nginx_serves_the_documentation_site_at_docs() -> None:
    """The client's "Full rules" links (``/docs/playing/<game>/``) answer in the image: the site
    is built in it and served from ``/docs/``, a page by its directory, a missing one 404 (not
    the client's fallback), under the client's headers with the documentation's policy."""
    conf = (REPO_ROOT / "docker" / "nginx.conf").read_text()
    client = _block(conf, "location /")
    docs = _block(client, "location /docs/")
    assert "try_files $uri $uri/ =404;" in docs and "index index.html;" in docs
    # Nested, it keeps the client's headers and pre-compressed files (it sets no headers).
    assert "add_header" not in docs and "gzip_static on;" in client
    assert "add_header Content-Security-Policy $patience_csp always;" in client
    assert re.search(r"location = /docs \{\s*return 301 /docs/;", conf)
    # The published port is not nginx's: a page's redirect to its slash names neither.
    assert "absolute_redirect off;" in _block(conf, "server")
    # The same policies as the API's development server: the client's, and under /docs/ the
    # documentation's (its theme starts from inline scripts).
    csp = _block(conf, "map $uri $patience_csp")
    policies = dict(re.findall(r'^\s+(default|"~\^/docs/") "([^"]+)";', csp, re.M))
    assert policies == {"default": SPA_CSP, '"~^/docs/"': DOCS_CSP}
    web = (REPO_ROOT / "docker" / "web.Dockerfile").read_text()
    assert "mkdocs build --strict --site-dir /site" in web
    assert "COPY --from=docs /site /usr/share/nginx/html/docs" in web


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
    def config(*files: str, **env: str) -> subprocess.CompletedProcess[str]:
        without = {k: v for k, v in os.environ.items() if k != "DEAL_SECRET"}
        return subprocess.run(
            ["docker-compose", "-f", str(COMPOSE_FILE), *files, "config", "-q"],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            env=without | env,
        )

    result = config(DEAL_SECRET="0" * 64)
    assert result.returncode == 0, result.stderr
    stand_ins = config("-f", str(STAND_INS_FILE), DEAL_SECRET="0" * 64, STAND_INS_TAG="t")
    assert stand_ins.returncode == 0, stand_ins.stderr
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
