"""Static files beside the API: offline Swagger UI assets and the single-page client."""

from __future__ import annotations

from pathlib import Path

from patience.api import create_app


def test_docs_page_loads_its_assets_from_this_server(tmp_path: Path) -> None:
    client = create_app({"DATABASE_URL": "sqlite://", "WEB_DIST": str(tmp_path)}).test_client()
    page = client.get("/api/v1/docs")
    assert page.status_code == 200
    assert b"/api/v1/docs/assets/swagger-ui-bundle.js" in page.data
    asset = client.get("/api/v1/docs/assets/swagger-ui-bundle.js")
    assert asset.status_code == 200 and len(asset.data) > 100_000


def test_client_routes_fall_back_to_index(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<title>Patience</title>")
    (tmp_path / "app.js").write_text("console.log(1)")
    client = create_app({"DATABASE_URL": "sqlite://", "WEB_DIST": str(tmp_path)}).test_client()
    assert client.get("/").data == b"<title>Patience</title>"
    assert client.get("/play/pyramid-8153").data == b"<title>Patience</title>"
    assert client.get("/app.js").data == b"console.log(1)"
    missing_api = client.get("/api/v1/nowhere")
    assert missing_api.status_code == 404 and missing_api.json is not None
    assert missing_api.json["reason"] == "not_found"


def test_without_a_built_client_pages_are_404_in_the_error_shape(tmp_path: Path) -> None:
    client = create_app({"DATABASE_URL": "sqlite://", "WEB_DIST": str(tmp_path)}).test_client()
    r = client.get("/play/pyramid-1")
    assert r.status_code == 404 and r.json is not None and r.json["reason"] == "not_found"


def test_the_client_is_sent_pre_compressed_when_the_browser_accepts_it(tmp_path: Path) -> None:
    assets = tmp_path / "assets"
    assets.mkdir()
    (tmp_path / "index.html").write_text("<title>Patience</title>")
    (tmp_path / "index.html.gz").write_bytes(b"gz-index")
    (assets / "app-1.js").write_text("console.log(1)")
    (assets / "app-1.js.br").write_bytes(b"br-app")
    (assets / "app-1.js.gz").write_bytes(b"gz-app")
    client = create_app({"DATABASE_URL": "sqlite://", "WEB_DIST": str(tmp_path)}).test_client()

    brotli = client.get("/assets/app-1.js", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert brotli.data == b"br-app" and brotli.headers["Content-Encoding"] == "br"
    assert brotli.mimetype == "text/javascript"
    assert brotli.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "Accept-Encoding" in brotli.headers["Vary"]
    gzip = client.get("/assets/app-1.js", headers={"Accept-Encoding": "gzip"})
    assert gzip.data == b"gz-app" and gzip.headers["Content-Encoding"] == "gzip"
    plain = client.get("/assets/app-1.js")
    assert plain.data == b"console.log(1)" and "Content-Encoding" not in plain.headers

    # A client route is the page itself, compressed too, and always revalidated.
    page = client.get("/play/gaps-3", headers={"Accept-Encoding": "br, gzip"})
    assert page.data == b"gz-index" and page.headers["Content-Encoding"] == "gzip"
    assert page.mimetype == "text/html" and page.headers["Cache-Control"] == "no-cache"
    refused = client.get("/", headers={"Accept-Encoding": "gzip;q=0"})
    assert refused.data == b"<title>Patience</title>" and "Content-Encoding" not in refused.headers


def test_the_built_documentation_is_served_at_docs(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "api").mkdir(parents=True)
    (site / "index.html").write_text("<title>Patience docs</title>")
    (site / "api" / "index.html").write_text("<title>The HTTP API</title>")
    (site / "search.js").write_text("search()")
    config = {"DATABASE_URL": "sqlite://", "WEB_DIST": str(tmp_path), "DOCS_SITE": str(site)}
    client = create_app(config).test_client()
    home = client.get("/docs/")
    assert home.status_code == 200 and home.data == b"<title>Patience docs</title>"
    assert "'unsafe-inline'" in home.headers["Content-Security-Policy"]
    # A page is a directory: without its slash, relative links would resolve one level up.
    assert client.get("/docs").status_code in (301, 308)
    moved = client.get("/docs/api")
    assert moved.status_code == 308 and moved.headers["Location"].endswith("/docs/api/")
    assert client.get("/docs/api/").data == b"<title>The HTTP API</title>"
    assert client.get("/docs/search.js").data == b"search()"
    for missing in ("/docs/nowhere/", "/docs/../secret", "/docs/%2e%2e/secret"):
        assert client.get(missing).status_code == 404


def test_without_a_built_site_docs_are_404_saying_how_to_build_it(tmp_path: Path) -> None:
    config = {"DATABASE_URL": "sqlite://", "WEB_DIST": str(tmp_path), "DOCS_SITE": str(tmp_path)}
    client = create_app(config).test_client()
    for path in ("/docs/", "/docs/playing/pyramid/"):
        r = client.get(path)
        assert r.status_code == 404 and r.json is not None, path
        assert r.json["reason"] == "docs_not_built" and "make docs" in r.json["message"], r.json
