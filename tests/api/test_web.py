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
