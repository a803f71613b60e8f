"""Hostile input, on SQLite and PostgreSQL: whatever arrives, a 4xx in the one error shape —
never a 5xx — and a refused request changes nothing.

The named cases are the ones an attack found (deep nesting, integers past Python's digit
limit, control characters, odd job ids, odd location strings); Hypothesis then throws JSON
trees, raw bytes and odd strings and numbers at every endpoint of the OpenAPI document.
Framing attacks (chunked bodies) need a real server: ``tests/http``.
"""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience.cli import OPENAPI_FILE
from tests.api.conftest import Api

SHAPE = {"code", "status", "message", "reason", "errors"}
DOCUMENT = json.loads(OPENAPI_FILE.read_text())
ENDPOINTS = [
    (method.upper(), path, op)
    for path, item in DOCUMENT["paths"].items()
    for method, op in item.items()
    if method != "parameters"
]
BODY_ENDPOINTS = [(m, p, op) for m, p, op in ENDPOINTS if "requestBody" in op]
HUGE = "9" * 5000  # past Python's 4,300-digit int/str limit
DEEP = "[" * 990 + "]" * 990


def check_refused(response: Any) -> dict[str, Any]:
    """A 4xx with the documented error shape; its body."""
    assert 400 <= response.status_code < 500, (response.status_code, response.get_data()[:300])
    body: dict[str, Any] = response.json
    assert body is not None and set(body) >= SHAPE, body
    return body


def check_no_5xx(response: Any) -> None:
    assert response.status_code < 500, (response.status_code, response.get_data()[:300])
    if response.status_code >= 400:
        check_refused(response)


class Scene:
    """A player with one game of each kind, each moved once (so version 0 is stale)."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.headers = api.player("Target")
        self.games: dict[str, dict[str, Any]] = {}
        for name in ("pyramid", "gaps", "forty-thieves"):
            view = api.new_game(self.headers, game=name, deal=1)
            move = view["legal_moves"][0]
            r = api.move(self.headers, view, move)
            assert r.status_code == 200, r.json
            self.games[name] = r.json

    def url(self, path: str, game: str = "pyramid") -> str:
        return path.replace("{game_id}", self.games[game]["id"])

    def post_raw(self, path: str, body: str | bytes, **kwargs: Any) -> Any:
        return self.api.client.post(
            path, data=body, content_type="application/json", headers=self.headers, **kwargs
        )

    def assert_unchanged(self) -> None:
        for name, before in self.games.items():
            now = self.api.client.get(f"/api/v1/games/{before['id']}", headers=self.headers).json
            assert now is not None
            assert (now["version"], now["moves"], now["status"]) == (
                before["version"],
                before["moves"],
                before["status"],
            ), name


@pytest.fixture
def scene(queue_app: Flask) -> Scene:
    return Scene(Api(queue_app.test_client()))


@pytest.mark.parametrize(("method", "path", "op"), BODY_ENDPOINTS, ids=lambda v: str(v)[:40])
def test_deeply_nested_json_is_400(scene: Scene, method: str, path: str, op: Any) -> None:
    for body in (DEEP, '{"a":' * 990 + "1" + "}" * 990, '{"move": ' + DEEP + "}"):
        r = scene.api.client.open(
            scene.url(path),
            method=method,
            data=body,
            content_type="application/json",
            headers=scene.headers,
        )
        assert check_refused(r)["reason"] == "invalid_json"
    scene.assert_unchanged()


@pytest.mark.parametrize(
    "body",
    [
        '{"name": ' + HUGE + "}",
        '{"game": "pyramid", "deal": ' + HUGE + "}",
        '{"game": "pyramid", "deal": -' + HUGE + "}",
        '{"game": "pyramid", "deal": 1e999}',
        '{"game": "pyramid", "deal": NaN}',
        '{"game": "pyramid", "options": {"winnable_only": Infinity}}',
        '{"game": "gaps", "options": {"redeals": ' + HUGE + "}}",
    ],
)
def test_huge_and_odd_numbers_are_400(scene: Scene, body: str) -> None:
    for path in ("/api/v1/players", "/api/v1/games"):
        r = scene.post_raw(path, body)
        check_refused(r)
    r = scene.post_raw("/api/v1/games", body)
    assert r.status_code == 400


@pytest.mark.parametrize(
    ("game", "move"),
    [
        ("pyramid", {"type": "king", "at": "p" + HUGE}),
        ("pyramid", {"type": "king", "at": "p²"}),
        ("pyramid", {"type": "pair", "a": "p٣", "b": "p-1"}),
        ("pyramid", {"type": "pair", "a": "p\x00", "b": "waste"}),
        ("forty-thieves", {"type": "move", "from": "t" + HUGE, "to": "foundation"}),
        ("forty-thieves", {"type": "move", "from": "t1", "to": "f" + HUGE}),
        ("forty-thieves", {"type": "move", "from": "t０", "to": "t2"}),
        ("gaps", {"type": "move", "card": "6H", "to": "r1c" + HUGE}),
        ("gaps", {"type": "move", "card": "1" + HUGE + "H", "to": "r1c5"}),
    ],
)
def test_odd_locations_and_cards_are_400_invalid_move(
    scene: Scene, game: str, move: dict[str, Any]
) -> None:
    view = scene.games[game]
    r = scene.api.move(scene.headers, view, move)
    assert check_refused(r)["reason"] == "invalid_move"
    for version in (HUGE, "-" + HUGE, "1e999"):
        body = '{"version": ' + version + ', "move": {"type": "draw"}}'
        check_refused(scene.post_raw(f"/api/v1/games/{view['id']}/moves", body))
    scene.assert_unchanged()


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/games/x%00y",
        "/api/v1/games/x%00y/analysis",
        "/api/v1/games/%01/moves",
        "/api/v1/players/me/bests?game=%00",
        "/api/v1/players/me/bests?page=1%00",
        "/api/v1/deals/pyramid/1?ruleset=%00",
        "/api/v1/deals/pyramid%00/1/leaderboard",
        "/api/v1/deals/pyramid/1/leaderboard?limit=" + HUGE,
        "/api/v1/deals/pyramid/" + HUGE,
        "/api/v1/games/" + "a" * 5000,
        "/api/v1/jobs/x%7f",
    ],
)
def test_control_characters_and_odd_paths_are_4xx(scene: Scene, path: str) -> None:
    for method in ("GET", "POST"):
        r = scene.api.client.open(path, method=method, headers=scene.headers, json={})
        check_refused(r)
    scene.assert_unchanged()


@pytest.mark.parametrize(
    "job_id", ["solve-a.b", "solve-" + "0" * 40 + ":x", "a" * 3000, "..", "solve-", "%2e%2e"]
)
def test_job_ids_of_any_shape_are_404(scene: Scene, job_id: str) -> None:
    r = scene.api.client.get(f"/api/v1/jobs/{job_id}", headers=scene.headers)
    assert r.status_code == 404 and check_refused(r)["reason"] == "job_not_found"


# -- generated ----------------------------------------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=2**63),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
    st.sampled_from(["p21", "t0", "r0c0", "waste", "stock", "foundation", "AS", "10D", "\x00"]),
)
json_trees = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=25,
)
odd_numbers = st.sampled_from([HUGE, "-" + HUGE, "1e999", "-1e999", "NaN", "Infinity", "1" * 300])
odd_text = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=st.characters(max_codepoint=0x1F), max_size=20),
    st.sampled_from(["p²", "٣", HUGE, "x" * 10_000, "../..", "%00", " "]),
)


def _fields(op: Any) -> list[str]:
    """The property names of an operation's JSON body schema (resolving ``$ref``)."""
    schema = op["requestBody"]["content"]["application/json"]["schema"]
    if "$ref" in schema:
        schema = DOCUMENT["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return list(schema.get("properties", {}))


@st.composite
def bodies(draw: st.DrawFn, fields: list[str]) -> bytes:
    """A body: a JSON tree, the endpoint's own fields with odd values (so validation deeper
    in is reached), a number past every limit spliced in as text, or raw bytes."""
    kind = draw(st.sampled_from(["tree", "fields", "number", "bytes"]))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "tree":
        return json.dumps(draw(json_trees)).encode()
    names = draw(st.lists(st.sampled_from([*fields, "move", "x"]), min_size=1, max_size=4))
    if kind == "fields":
        return json.dumps({name: draw(json_trees) for name in names}).encode()
    return ("{" + f'"{names[0]}": ' + draw(odd_numbers) + "}").encode()


def _settings() -> settings:
    return settings(
        max_examples=25, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )


@pytest.mark.parametrize(("method", "path", "op"), BODY_ENDPOINTS, ids=lambda v: str(v)[:40])
def test_generated_bodies_never_get_a_5xx(scene: Scene, method: str, path: str, op: Any) -> None:
    fields = _fields(op)

    @_settings()
    @given(body=bodies(fields), game=st.sampled_from(sorted(scene.games)))
    def check(body: bytes, game: str) -> None:
        r = scene.api.client.open(
            scene.url(path, game),
            method=method,
            data=body,
            content_type="application/json",
            headers=scene.headers,
        )
        check_no_5xx(r)

    check()


@pytest.mark.parametrize(("method", "path", "op"), ENDPOINTS, ids=lambda v: str(v)[:40])
def test_generated_paths_and_queries_never_get_a_5xx(
    scene: Scene, method: str, path: str, op: Any
) -> None:
    names = [p["name"] for p in op.get("parameters", []) if p["in"] == "query"]

    @_settings()
    @given(
        segment=odd_text,
        query=st.dictionaries(st.sampled_from([*names, "x"]), odd_text, max_size=3),
        token=st.sampled_from([None, "good", "Bearer \x01", "Bearer " + "z" * 500]),
    )
    def check(segment: str, query: dict[str, str], token: str | None) -> None:
        quoted = urllib.parse.quote(segment, safe="")
        url = path
        for name in (
            "{game_id}",
            "{job_id}",
            "{game}",
            "{number}",
            "{step}",
            "{date}",
            "{device_id}",
        ):
            url = url.replace(name, quoted or "x")
        headers = (
            scene.headers if token == "good" else {} if token is None else {"Authorization": token}
        )
        r = scene.api.client.open(
            url,
            method=method,
            query_string=query,
            headers=headers,
            json={} if method != "GET" else None,
        )
        check_no_5xx(r)

    check()
    scene.assert_unchanged()
