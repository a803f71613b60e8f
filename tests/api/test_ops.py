"""Operations: request ids and JSON logs, security headers, CORS, rate limits on Redis,
readiness with and without Redis, and 503 when the database cannot be reached."""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from patience.api import create_app
from patience.api.middleware import DOCS_CSP, SPA_CSP, Limit, get_redis
from patience.api.resources.ops.routes import LONG_QUEUE
from patience.jobs.queues import ROLES, beat, queue_key
from patience.logs import JsonFormatter
from patience.store import utcnow
from tests.api.conftest import Api, limited_app
from tests.databases import redis_available
from tests.ranked import fill_pool

SHAPE = {"code", "status", "message", "reason", "errors"}
DOWN_REDIS = "redis://127.0.0.1:1/0"


def _require_redis() -> None:
    if not redis_available():
        if os.environ.get("CI"):
            pytest.fail("Redis is not reachable at 127.0.0.1:6379")
        pytest.skip("Redis is not reachable")


@pytest.fixture
def redis_app(sqlite_url: str) -> Iterator[Flask]:
    """An app on SQLite with Redis, low limits and its own key prefix."""
    _require_redis()
    limits = {"RATE_LIMIT_PLAYERS": "3/minute", "RATE_LIMIT_ACTIONS": "4/minute"}
    with limited_app(sqlite_url, **limits) as app:
        yield app


def test_request_ids_are_echoed_or_made(api: Api) -> None:
    made = api.client.get("/healthz").headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", made)
    given = api.client.get("/healthz", headers={"X-Request-ID": "edge-42.a:b"})
    assert given.headers["X-Request-ID"] == "edge-42.a:b"
    for bad in ("has space", "x" * 129, "semi;colon"):
        replaced = api.client.get("/healthz", headers={"X-Request-ID": bad})
        assert replaced.headers["X-Request-ID"] != bad


def test_one_json_access_line_per_request(api: Api, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="patience.access"):
        api.client.get("/api/v1/games/catalog", headers={"X-Request-ID": "req-1"})
    [record] = [r for r in caplog.records if r.name == "patience.access"]
    line = json.loads(JsonFormatter().format(record))
    assert {"time", "level", "message", "duration_ms"} <= set(line)
    assert line["request_id"] == "req-1" and line["method"] == "GET"
    assert line["path"] == "/api/v1/games/catalog" and line["status"] == 200


def test_security_headers(api: Api) -> None:
    r = api.client.get("/api/v1/games/catalog")
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["X-Frame-Options"] == "DENY"
    assert r.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert r.headers["Content-Security-Policy"] == SPA_CSP
    assert "frame-ancestors 'none'" in SPA_CSP


def test_the_docs_page_works_under_its_policy(tmp_path: Path) -> None:
    client = create_app({"DATABASE_URL": "sqlite://", "WEB_DIST": str(tmp_path)}).test_client()
    page = client.get("/api/v1/docs")
    assert page.headers["Content-Security-Policy"] == DOCS_CSP
    html = page.get_data(as_text=True)
    # Every script is same-origin or inline (allowed on this page only), every style too.
    for src in re.findall(r'<script src="([^"]+)"', html) + re.findall(r'href="([^"]+)"', html):
        assert src.startswith("/api/v1/docs/assets/"), src
        assert client.get(src).status_code == 200
    assert "<script>" in html and "'unsafe-inline'" in DOCS_CSP.split("script-src")[1]
    assert "connect-src 'self'" in DOCS_CSP  # the UI fetches /api/v1/openapi.json
    assert client.get("/api/v1/openapi.json").status_code == 200


def test_cors_preflight_and_exposed_headers(sqlite_url: str) -> None:
    app = create_app({"DATABASE_URL": sqlite_url, "CORS_ORIGINS": "https://play.example"})
    client = app.test_client()
    preflight = client.options(
        "/api/v1/games/abc/moves",
        headers={
            "Origin": "https://play.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type, if-match",
        },
    )
    assert preflight.status_code == 204
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://play.example"
    allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
    assert {"authorization", "content-type", "if-match"} <= set(allowed.split(", "))
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    api = Api(client)
    headers = api.player() | {"Origin": "https://play.example"}
    r = client.post("/api/v1/games", json={"game": "pyramid", "deal": 1}, headers=headers)
    assert r.status_code == 201 and "ETag" in r.headers["Access-Control-Expose-Headers"]
    assert r.headers["Vary"] == "Origin"
    other = client.get("/healthz", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_no_cors_headers_by_default(api: Api) -> None:
    r = api.client.get("/healthz", headers={"Origin": "https://play.example"})
    assert "Access-Control-Allow-Origin" not in r.headers


def _rate_limited(r: Any) -> None:
    assert r.status_code == 429, r.json
    assert set(r.json) == SHAPE and r.json["reason"] == "rate_limited"
    assert 1 <= int(r.headers["Retry-After"]) <= 60


def test_sign_ups_are_rate_limited_per_address(redis_app: Flask) -> None:
    client = redis_app.test_client()
    for _ in range(3):
        assert client.post("/api/v1/players", json={}).status_code == 201
    _rate_limited(client.post("/api/v1/players", json={}))
    other = client.post("/api/v1/players", json={}, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201


def test_actions_are_rate_limited_per_player(redis_app: Flask) -> None:
    api = Api(redis_app.test_client())
    ann, bob = api.player(), api.player()
    game = api.new_game(ann, deal=8153)  # 1 action
    for _ in range(3):
        r = api.move(ann, game, {"type": "draw"})
        assert r.status_code == 200
        game = r.json
    _rate_limited(api.move(ann, game, {"type": "draw"}))
    assert api.client.get(f"/api/v1/games/{game['id']}", headers=ann).status_code == 200
    assert api.new_game(bob)["version"] == 0  # another player is not limited


def test_a_down_redis_limits_nothing_and_fails_nothing(sqlite_url: str) -> None:
    app = create_app(
        {"DATABASE_URL": sqlite_url, "REDIS_URL": DOWN_REDIS, "RATE_LIMIT_PLAYERS": "1/minute"}
    )
    api = Api(app.test_client())
    headers = [api.player() for _ in range(3)]
    game = api.new_game(headers[0], deal=8153)
    assert api.move(headers[0], game, {"type": "draw"}).status_code == 200
    r = api.client.get("/readyz")
    assert r.status_code == 503 and r.json is not None
    checks = {name: r.json[name] for name in ("status", "database", "redis")}
    assert checks == {"status": "unavailable", "database": "ok", "redis": "unavailable"}


def test_readiness_with_redis(redis_app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    """Play can be served: 200 whatever the workers and queues do; what a feature lacks is
    ``degraded`` with its reasons, logged and counted in the metrics."""
    fill_pool(redis_app.config["DATABASE_URL"], utcnow().date())  # today's dailies are there
    client = redis_app.test_client()
    redis = get_redis(redis_app)
    assert redis is not None
    with caplog.at_level(logging.WARNING):
        r = client.get("/readyz")
    assert r.status_code == 200 and r.json is not None
    assert r.json["redis"] == "ok" and r.json["database"] == "ok"
    assert r.json["ranked_pool"] in ("ok", "low") and r.json["status"] == "degraded"
    assert {"no_interactive_worker", "no_background_worker"} <= set(r.json["reasons"])
    assert r.json["workers"] == 0 and set(r.json["roles"]) == set(ROLES)
    assert "readiness degraded" in caplog.text and "no_interactive_worker" in caplog.text
    beat(redis, "a-worker")
    redis.rpush(queue_key(ROLES["interactive"][0]), *range(LONG_QUEUE["interactive"] + 1))
    r = client.get("/readyz")
    assert r.status_code == 200 and r.json is not None
    assert r.json["roles"]["interactive"]["workers"] == 1
    assert "interactive_queue_long" in r.json["reasons"]
    assert not {"no_interactive_worker", "no_background_worker"} & set(r.json["reasons"])
    redis_app.config["METRICS_TOKEN"] = "t"
    try:
        text = client.get("/metrics", headers={"Authorization": "Bearer t"}).get_data(True)
    finally:
        redis_app.config["METRICS_TOKEN"] = ""
    assert 'patience_readiness_degraded_total{reason="interactive_queue_long"}' in text


def test_an_unreachable_database_is_503_in_the_error_shape() -> None:
    app = create_app(
        {"DATABASE_URL": "postgresql+psycopg://nobody@127.0.0.1:1/none", "REDIS_URL": None}
    )
    client = app.test_client()
    for r in (
        client.post("/api/v1/players", json={}),
        client.get("/api/v1/players/me", headers={"Authorization": "Bearer x"}),
    ):
        assert r.status_code == 503 and r.json is not None and set(r.json) == SHAPE
        assert r.json["reason"] == "database_unavailable" and r.headers["Retry-After"] == "1"


def test_limits_parse() -> None:
    assert Limit.parse("10/hour") == Limit(10, 3600)
    with pytest.raises(ValueError):
        Limit.parse("ten a minute")
