"""``/metrics``: hidden without its token, and after real traffic (a move, a refused move, an
analysis run by a real worker) its counters have moved; under gunicorn, the figures of every
worker process add up."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from prometheus_client.parser import text_string_to_metric_families

from patience.jobs.queues import beat
from patience.store.redis import connect
from tests.api.conftest import Api, work
from tests.api.test_analysis import data_of, draw_through_the_stock
from tests.databases import redis_test_url
from tests.servers import gunicorn

TOKEN = "scrape-me"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of a scrape: (name, labels) → value."""
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(figures: dict[Any, float], name: str, **labels: str) -> float:
    return figures.get((name, frozenset(labels.items())), 0.0)


@pytest.fixture
def scraped(queue_app: Flask) -> Iterator[Flask]:
    queue_app.config["METRICS_TOKEN"] = TOKEN
    yield queue_app
    queue_app.config["METRICS_TOKEN"] = ""


def test_metrics_are_hidden_without_the_token(scraped: Flask) -> None:
    client = scraped.test_client()
    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 404
    assert client.get("/metrics", headers=AUTH).status_code == 200
    scraped.config["METRICS_TOKEN"] = ""
    assert client.get("/metrics", headers={"Authorization": "Bearer "}).status_code == 404


def test_counters_move_with_real_traffic(scraped: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    # The worker's analysis job, counted: not the API's glance, which would decide it at once.
    monkeypatch.setitem(scraped.config, "ANALYSIS_GLANCE_NODES", 0)
    api = Api(scraped.test_client())
    before = samples(api.client.get("/metrics", headers=AUTH).get_data(as_text=True))
    headers = api.player()
    dealt = api.new_game(headers, game="pyramid", deal=3)  # deal 3 cannot be won
    beat(connect(redis_test_url()), "a-worker")  # so the last draw queues its analysis
    game = draw_through_the_stock(api, headers, dealt)
    refused = api.move(headers, game, {"type": "draw"})  # the stock is empty
    assert refused.status_code == 422, data_of(refused)
    reason = data_of(refused)["reason"]
    work(scraped)  # a real worker runs the analysis (and the rewind it starts)
    url = f"/api/v1/games/{game['id']}/analysis"
    assert data_of(api.client.get(url, headers=headers))["verdict"] == "unwinnable"
    after = samples(api.client.get("/metrics", headers=AUTH).get_data(as_text=True))

    def moved(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    draws = game["version"] - dealt["version"]
    assert moved("patience_moves_total", outcome="accepted", reason="") == draws
    assert moved("patience_moves_total", outcome="rejected", reason=reason) == 1
    route = "/api/v1/games/<game_id:game_id>/moves"
    ok = {"route": route, "method": "POST", "status": "200"}
    assert moved("patience_http_request_duration_seconds_count", **ok) == draws
    assert moved("patience_http_request_duration_seconds_bucket", **ok, le="+Inf") == draws
    assert moved("patience_jobs_total", kind="analyse", outcome="ok") == 1
    for histogram in ("patience_job_queue_wait_seconds", "patience_job_run_seconds"):
        assert moved(f"{histogram}_count", kind="analyse") == 1
    assert moved("patience_move_verdict_seconds_count") == 1
    for role in ("interactive", "background"):
        assert ("patience_workers_live", frozenset({("role", role)})) in after
        assert ("patience_queue_jobs", frozenset({("role", role)})) in after
    assert ("patience_ranked_pool_days_ahead", frozenset()) in after
    assert ("patience_fair_play_pending", frozenset()) in after


def test_nginx_never_routes_metrics() -> None:
    """Only what nginx proxies reaches the API through it; /metrics is not among it."""
    conf = (Path(__file__).parents[2] / "docker" / "nginx.conf").read_text()
    blocks = re.findall(r"location (~|=)? ?(\S+) \{([^}]*)\}", conf)
    proxied = [pattern for kind, pattern, body in blocks if kind == "~" and "proxy_pass" in body]
    assert proxied and all(re.search(p, "/api/v1/games") for p in proxied)
    assert not any(re.search(p, "/metrics") for p in proxied), proxied
    assert ("=", "/metrics") in [(kind, pattern) for kind, pattern, _ in blocks]
    (answer,) = [body for kind, pattern, body in blocks if (kind, pattern) == ("=", "/metrics")]
    assert "return 404" in answer and "proxy_pass" not in answer


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_gunicorn_workers_add_up(request: pytest.FixtureRequest, backend: str) -> None:
    """Several gunicorn processes (multiprocess mode): every request lands in one sum."""
    url = request.getfixturevalue(f"{backend}_url")
    env = {"METRICS_TOKEN": TOKEN, "WEB_CONCURRENCY": "2", "GUNICORN_THREADS": "2"}
    with gunicorn(url, **env) as server:
        client = server.client()
        assert client.call("GET", "/metrics")[0] == 404
        for _ in range(20):  # new connections: spread over both processes
            assert server.client().call("GET", "/healthz")[0] == 200
        client.headers |= AUTH
        client.conn.request("GET", "/metrics", headers=client.headers)
        response = client.conn.getresponse()
        figures = samples(response.read().decode())
    assert response.status == 200
    labels = {"route": "/healthz", "method": "GET", "status": "200"}
    assert value(figures, "patience_http_request_duration_seconds_count", **labels) >= 20
