"""The HTTP API: ``create_app()`` builds the Flask app (config → environment → database →
middleware → Api → blueprints).

>>> app = create_app({"DATABASE_URL": "sqlite://"})
>>> app.config["MAX_CONTENT_LENGTH"]
1048576
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any, ClassVar

from flask import Flask

from patience.api.auth import init_auth
from patience.api.db import init_db
from patience.api.jsonprovider import OrjsonProvider
from patience.api.metrics import init_metrics
from patience.api.middleware import init_middleware
from patience.api.resources import BLUEPRINTS
from patience.api.smorest import Api
from patience.api.web import DOCS_ASSETS, init_web
from patience.catalogue.ranked_deals import require_secret
from patience.store import database_url
from patience.store.redis import redis_url

API_VERSION = "1.0.0"


class DefaultConfig:
    """Defaults; ``DATABASE_URL`` comes from the environment, ``config`` overrides all."""

    API_TITLE = "Patience"
    API_VERSION = API_VERSION
    OPENAPI_VERSION = "3.0.3"
    OPENAPI_URL_PREFIX = "/api/v1"
    OPENAPI_JSON_PATH = "openapi.json"
    OPENAPI_SWAGGER_UI_PATH = "docs"
    OPENAPI_SWAGGER_UI_URL = DOCS_ASSETS
    MAX_CONTENT_LENGTH = 1024 * 1024
    API_SPEC_OPTIONS: ClassVar[dict[str, Any]] = {
        "info": {
            "description": (
                "Pyramid, Gaps and Forty Thieves, played against a server-authoritative API. "
                "Errors share one shape: code, status, message, reason, errors."
            )
        },
    }


ENVIRONMENT = {
    "RATE_LIMIT_PLAYERS": "30/minute",
    "RATE_LIMIT_ACTIONS": "600/minute",
    "RATE_LIMIT_LINK_CODES": "5/hour",
    "RATE_LIMIT_LINK_ATTEMPTS": "10/10m",
    "RATE_LIMIT_RECORDS": "30/minute",
    "RECORDS_AT_ONCE": "2",
    "CORS_ORIGINS": "",
    "TRUSTED_PROXIES": "0",
    "REDIS_PREFIX": "patience:",
    "ANALYSIS_QUEUE_LIMIT": "200",
    "ANALYSIS_GLANCE_NODES": "2000",
    "METRICS_TOKEN": "",
}
"""Settings read from environment variables of the same name, with their defaults
(documented in ``.env.example``)."""


def environment_config(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The settings that come from the environment: ``DATABASE_URL``, ``REDIS_URL`` and
    :data:`ENVIRONMENT`.

    >>> environment_config({"RATE_LIMIT_ACTIONS": "5/second"})["RATE_LIMIT_ACTIONS"]
    '5/second'
    >>> environment_config({})["REDIS_URL"] is None
    True
    """
    env = os.environ if environ is None else environ
    settings: dict[str, Any] = {
        name: env.get(name, default) for name, default in ENVIRONMENT.items()
    }
    return settings | {"DATABASE_URL": database_url(env), "REDIS_URL": redis_url(env)}


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The Flask app: configuration, database, middleware, flask-smorest Api and blueprints."""
    app = Flask("patience")
    app.json = OrjsonProvider(app)
    app.config.from_object(DefaultConfig)
    app.config.update(environment_config())
    app.config.update(config or {})
    init_db(app)
    init_auth(app)
    init_middleware(app)
    init_metrics(app)
    api = Api(app)
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    app.extensions["patience.api"] = api
    init_web(app)
    return app


def production_app() -> Flask:
    """The app gunicorn serves: :func:`create_app`, once the environment has a
    ``DEAL_SECRET`` (else a clear error: ranked deals would have no secret). Tests and the
    OpenAPI build call :func:`create_app` itself."""
    require_secret(os.environ)
    return create_app()


def openapi_document(app: Flask | None = None) -> str:
    """The OpenAPI document as committed in ``backend/openapi.json`` (sorted, indented)."""
    app = app or create_app({"DATABASE_URL": "sqlite://"})
    with app.app_context():
        spec = app.extensions["patience.api"].spec.to_dict()
    return json.dumps(spec, indent=2, sort_keys=True) + "\n"
