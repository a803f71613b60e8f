"""The committed OpenAPI document matches the code, and documents every operation fully."""

from __future__ import annotations

import json

from patience.api import openapi_document
from patience.cli import OPENAPI_FILE, main


def test_committed_openapi_matches_the_code() -> None:
    assert OPENAPI_FILE.read_text() == openapi_document(), (
        "backend/openapi.json is out of date: run `patience openapi`"
    )


def test_every_operation_documents_errors_and_auth() -> None:
    spec = json.loads(openapi_document())
    public = {
        ("get", "/healthz"),
        ("get", "/readyz"),
        ("get", "/api/v1/games/catalog"),
        ("post", "/api/v1/players"),
        ("get", "/api/v1/deals/{game}/{number}"),
        ("get", "/api/v1/deals/{game}/{number}/leaderboard"),
        ("get", "/api/v1/daily/{game}/{date}/deal"),
        ("post", "/api/v1/players/link"),
        ("post", "/api/v1/records/verify"),
    }
    # A token says more (the player's own result), or lets a player see their own game of
    # an open ranked day (its replay, steps, record, board link), which no one else may.
    token_welcome = {
        ("get", "/api/v1/daily"),
        ("get", "/api/v1/daily/{game}"),
        ("get", "/api/v1/daily/{game}/{date}/leaderboard"),
        ("get", "/api/v1/games/{game_id}/replay"),
        ("get", "/api/v1/games/{game_id}/replay/{step}"),
        ("get", "/api/v1/games/{game_id}/record"),
    }
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method == "parameters":
                continue
            assert op.get("summary"), (method, path)
            assert "default" in op["responses"], (method, path)
            if (method, path) in token_welcome:
                assert op["security"] == [{}, {"bearerAuth": []}], (method, path)
            elif (method, path) not in public:
                assert op["security"] == [{"bearerAuth": []}], (method, path)
                assert "401" in op["responses"], (method, path)
    assert set(spec["components"]["schemas"]["Error"]["required"]) == {
        "code",
        "status",
        "message",
        "reason",
        "errors",
    }


def test_cli_writes_the_document(tmp_path) -> None:
    out = tmp_path / "openapi.json"
    assert main(["openapi", "--output", str(out)]) == 0
    assert out.read_text() == openapi_document()
