"""Property-based conformance: schemathesis drives the committed OpenAPI document against the
in-process WSGI app. No 5xx, and every response matches its documented schema."""

from __future__ import annotations

import json
from typing import Any

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from patience.cli import OPENAPI_FILE
from tests.api.conftest import Api

DOCUMENT = json.loads(OPENAPI_FILE.read_text())
FREE_TEXT_ONLY = {
    ("/api/v1/jobs/{job_id}", "get"),
    ("/api/v1/games/{game_id}/replay", "get"),
    ("/api/v1/daily/{game}", "get"),
    ("/api/v1/games/{game_id}/record", "get"),
    ("/api/v1/players/me/devices/{device_id}", "delete"),
}
"""Operations whose only inputs are free-text path segments: nothing there to make invalid."""
OPERATIONS = [
    (mode, method, path)
    for path, item in DOCUMENT["paths"].items()
    for method, op in item.items()
    if method != "parameters"
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
    # Negative cases need something to break: a body or a constrained parameter (a free-text
    # path segment such as a job id has no invalid value).
    if mode == GenerationMode.POSITIVE
    or ((path, method) not in FREE_TEXT_ONLY and {"parameters", "requestBody"} & {*op, *item})
]
MAX_EXAMPLES = 30


@pytest.mark.parametrize(
    ("mode", "method", "path"), OPERATIONS, ids=[f"{m.value} {v} {p}" for m, v, p in OPERATIONS]
)
def test_operation_conforms_to_the_document(
    redis_app: Flask, mode: GenerationMode, method: str, path: str
) -> None:
    app = redis_app  # SQLite, with Redis for the job queue and the rate limits
    api = Api(app.test_client())
    headers = api.player("Fuzz")
    game = api.new_game(headers, deal=8153)
    schema = schemathesis.openapi.from_dict(json.loads(json.dumps(DOCUMENT)))
    schema.app = app
    operation = schema[path][method.upper()]
    path_parameters = {"game_id": game["id"]} if "{game_id}" in path else None
    strategy = operation.as_strategy(generation_mode=mode, path_parameters=path_parameters)

    @settings(
        max_examples=MAX_EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def check(case: Any) -> None:
        # Valid-per-schema bodies may still name an unknown game or an illegal move (4xx);
        # invalid ones must be rejected with a documented 4xx.
        response = case.call_and_validate(
            headers=headers, excluded_checks=[positive_data_acceptance]
        )
        assert response.status_code < 500

    check()
