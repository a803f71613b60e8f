"""One error shape for every error, and the operations endpoints."""

from __future__ import annotations

import logging

import pytest
from flask import Flask

from tests.api.conftest import Api

SHAPE = {"code", "status", "message", "reason", "errors"}


def test_malformed_json_is_400_invalid_json(api: Api) -> None:
    headers = api.player()
    for body in ("{", "[1,", '{"game": }', "\xff"):
        r = api.client.post(
            "/api/v1/games", data=body, content_type="application/json", headers=headers
        )
        assert r.status_code == 400
        assert r.json is not None and set(r.json) == SHAPE and r.json["reason"] == "invalid_json"


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", ""])
def test_a_body_that_is_not_json_is_415(api: Api, content_type: str) -> None:
    headers = api.player()
    r = api.client.post(
        "/api/v1/games", data='{"game": "pyramid"}', content_type=content_type, headers=headers
    )
    assert r.status_code == 415
    assert r.json is not None and r.json["reason"] == "unsupported_media_type"
    r = api.client.post("/api/v1/players", data="name=x", content_type=content_type)
    assert r.status_code == 415


def test_a_body_over_one_mib_is_413(api: Api) -> None:
    headers = api.player()
    big = '{"game": "pyramid", "x": "' + "a" * (1024 * 1024) + '"}'
    for path in ("/api/v1/games", "/api/v1/players"):
        r = api.client.post(path, data=big, content_type="application/json", headers=headers)
        assert r.status_code == 413
        assert r.json is not None and set(r.json) == SHAPE
        assert r.json["reason"] == "body_too_large"


def test_unknown_route_and_method(api: Api) -> None:
    r = api.client.get("/api/v1/nothing")
    assert r.status_code == 404 and r.json is not None and set(r.json) == SHAPE
    r = api.client.delete("/api/v1/games/catalog")
    assert r.status_code == 405 and r.json is not None and r.json["reason"] == "method_not_allowed"
    assert "GET" in r.headers["Allow"]


def test_unexpected_errors_are_500_in_the_same_shape(
    app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    from patience.api.errors import handle_unexpected

    with app.test_request_context(), caplog.at_level(logging.ERROR):
        response, code, _ = handle_unexpected(RuntimeError("boom"))
    assert code == 500
    assert response.json is not None and set(response.json) == SHAPE
    assert response.json["reason"] == "internal_error" and "boom" not in response.json["message"]
    assert "unhandled error" in caplog.text


def test_health_and_readiness(api: Api, ranked_pool: Flask) -> None:
    assert api.client.get("/healthz").json == {"status": "ok"}
    r = api.client.get("/readyz")  # (today's dailies are in the pool, maybe no more: degraded)
    assert r.status_code == 200 and r.json is not None
    low = r.json["ranked_pool"] == "low"
    assert r.json == {
        "status": "degraded" if low else "ok",
        "reasons": ["ranked_pool_low"] if low else [],
        "database": "ok",
        "redis": "not_configured",
        "ranked_pool": r.json["ranked_pool"],
        "ranked_days_ahead": r.json["ranked_days_ahead"],
    }
    assert r.json["ranked_pool"] in ("ok", "low") and r.json["ranked_days_ahead"] >= 0


def test_readiness_reports_an_unreachable_database(tmp_path) -> None:
    from patience.api import create_app

    app = create_app(
        {"DATABASE_URL": "postgresql+psycopg://nobody@127.0.0.1:1/none", "REDIS_URL": None}
    )
    r = app.test_client().get("/readyz")
    assert r.status_code == 503
    assert r.json == {
        "status": "unavailable",
        "reasons": [],
        "database": "unavailable",
        "redis": "not_configured",
    }


def test_openapi_and_docs_are_served(api: Api) -> None:
    r = api.client.get("/api/v1/openapi.json")
    assert r.status_code == 200 and r.json is not None
    assert r.json["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"
    r = api.client.get("/api/v1/docs")
    assert r.status_code == 200 and b"swagger" in r.data.lower()
