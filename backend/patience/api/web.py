"""Static files served beside the API: the Swagger UI assets of ``/api/v1/docs`` (shipped by
the ``swagger-ui-bundle`` package, so the docs work offline) and the built web client
(``frontend/dist``), with a single-page-app fallback so ``/play/<deal-id>`` survives a reload.

Neither is part of the OpenAPI document: they are not API endpoints.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, abort, current_app, send_from_directory
from swagger_ui_bundle import swagger_ui_path
from werkzeug.routing import PathConverter

from patience.store.db import REPO_ROOT

DOCS_ASSETS = "/api/v1/docs/assets/"
DEFAULT_WEB_DIST = REPO_ROOT / "frontend" / "dist"

web = Blueprint("web", __name__)


class ClientPath(PathConverter):
    """A path of the client: anything outside ``/api/`` (so the fallback never matches an API
    path, and an API path's ``Allow`` lists exactly its own methods)."""

    regex = r"(?!api(?:/|$))[^/].*?"


@web.get(f"{DOCS_ASSETS}<path:filename>")
def docs_asset(filename: str) -> Response:
    """A Swagger UI file."""
    return send_from_directory(swagger_ui_path, filename)


@web.get("/", defaults={"path": ""})
@web.get("/<client_path:path>")
def client(path: str) -> Response:
    """A file of the built client, or its ``index.html`` for any client-side route."""
    dist = Path(current_app.config["WEB_DIST"])
    if not (dist / "index.html").is_file():
        abort(404)
    if path and (dist / path).is_file():
        return send_from_directory(dist, path)
    response = send_from_directory(dist, "index.html")
    response.headers["Cache-Control"] = "no-cache"
    return response


def init_web(app: Flask) -> None:
    """Register the static routes (after the API, so API routes always win)."""
    app.config.setdefault("WEB_DIST", str(DEFAULT_WEB_DIST))
    app.url_map.converters["client_path"] = ClientPath
    app.register_blueprint(web)
