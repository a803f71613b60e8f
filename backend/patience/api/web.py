"""Static files served beside the API: the Swagger UI assets of ``/api/v1/docs`` (shipped by
the ``swagger-ui-bundle`` package, so the docs work offline), the documentation site at
``/docs/`` when it has been built (``make docs`` writes ``site/``; unbuilt, a 404 says how to
build it), and the built web client
(``frontend/dist``), with a single-page-app fallback so ``/play/<deal-id>`` survives a reload.

The client's build writes each text file also pre-compressed (``<file>.br``, ``<file>.gz``):
a browser that accepts one gets it as it is, with its ``Content-Encoding`` (``Vary:
Accept-Encoding``). Hashed assets (``/assets/``) are immutable; everything else is revalidated.

Neither is part of the OpenAPI document: they are not API endpoints.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    redirect,
    request,
    send_from_directory,
)
from swagger_ui_bundle import swagger_ui_path
from werkzeug.routing import PathConverter
from werkzeug.security import safe_join
from werkzeug.wrappers import Response as BaseResponse

from patience.api.errors import ApiError
from patience.api.middleware import DOCS_CSP
from patience.store.db import REPO_ROOT

DOCS_ASSETS = "/api/v1/docs/assets/"
DEFAULT_WEB_DIST = REPO_ROOT / "frontend" / "dist"
DEFAULT_DOCS_SITE = REPO_ROOT / "site"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))
"""The encodings the build writes, the better first."""

mimetypes.add_type("application/manifest+json", ".webmanifest")

web = Blueprint("web", __name__)


class ClientPath(PathConverter):
    """A path of the client: anything outside ``/api/`` (so the fallback never matches an API
    path, and an API path's ``Allow`` lists exactly its own methods)."""

    regex = r"(?!api(?:/|$))[^/].*?"


@web.get(f"{DOCS_ASSETS}<path:filename>")
def docs_asset(filename: str) -> Response:
    """A Swagger UI file."""
    return send_from_directory(swagger_ui_path, filename)


@web.get("/docs/", defaults={"path": ""})
@web.get("/docs/<path:path>")
def documentation(path: str) -> BaseResponse:
    """A page or file of the built documentation site; a directory's ``index.html`` (the site
    links pages as directories, relative to a URL that ends in a slash)."""
    site = Path(current_app.config["DOCS_SITE"])
    if not (site / "index.html").is_file():
        raise ApiError(
            404,
            "docs_not_built",
            "the documentation site is not built: `make docs` builds it into site/ "
            "(`make run` and `patience run` build it too)",
        )
    found = safe_join(str(site), path)
    if found is None:
        abort(404)
    if Path(found).is_dir():
        if path and not path.endswith("/"):
            return redirect(f"{request.path}/", code=308)
        path = f"{path}index.html"
    elif not Path(found).is_file():
        abort(404)
    response = _send(site, path, REVALIDATE)
    # The theme starts from small inline scripts (its colour scheme, the search's scope).
    response.headers["Content-Security-Policy"] = DOCS_CSP
    return response


@web.get("/", defaults={"path": ""})
@web.get("/<client_path:path>")
def client(path: str) -> Response:
    """A file of the built client, or its ``index.html`` for any client-side route."""
    dist = Path(current_app.config["WEB_DIST"])
    if not (dist / "index.html").is_file():
        abort(404)
    if path and (dist / path).is_file():
        return _send(dist, path, IMMUTABLE if path.startswith("assets/") else REVALIDATE)
    return _send(dist, "index.html", REVALIDATE)


def _send(dist: Path, path: str, cache_control: str) -> Response:
    """``path`` of the build, pre-compressed when the browser accepts how it was compressed."""
    mimetype = mimetypes.guess_type(path)[0] or "application/octet-stream"
    accepted = request.accept_encodings
    for encoding, suffix in PRECOMPRESSED:
        if accepted[encoding] and (dist / f"{path}{suffix}").is_file():
            response = send_from_directory(dist, f"{path}{suffix}", mimetype=mimetype)
            response.headers["Content-Encoding"] = encoding
            break
    else:
        response = send_from_directory(dist, path, mimetype=mimetype)
    response.vary.add("Accept-Encoding")
    response.headers["Cache-Control"] = cache_control
    return response


def init_web(app: Flask) -> None:
    """Register the static routes (after the API, so API routes always win)."""
    app.config.setdefault("WEB_DIST", str(DEFAULT_WEB_DIST))
    app.config.setdefault("DOCS_SITE", str(DEFAULT_DOCS_SITE))
    app.url_map.converters["client_path"] = ClientPath
    app.register_blueprint(web)
