"""Request framing against gunicorn: streamed (chunked) bodies are counted as they are read,
broken framing is a 400, and the answers keep the one error shape."""

from __future__ import annotations

import http.client
import json
import socket
from typing import Any

from tests.servers import Server

SHAPE = {"code", "status", "message", "reason", "errors"}


def raw(server: Server, request: bytes, *, half_close: bool = False) -> tuple[int, Any, Any]:
    """Send raw bytes; the status, headers and JSON body of the answer."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock:
        sock.sendall(request)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        response = http.client.HTTPResponse(sock)
        response.begin()
        body = response.read()
        return response.status, response.headers, json.loads(body) if body else None


def chunked(path: str, chunks: list[bytes], *, size_line: bytes | None = None) -> bytes:
    head = (
        f"POST {path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    ).encode()
    body = b"".join(
        (size_line if size_line is not None else b"%x" % len(c)) + b"\r\n" + c + b"\r\n"
        for c in chunks
    )
    return head + body + b"0\r\n\r\n"


def test_a_chunked_body_is_read_whole(server: Server) -> None:
    status, _, body = raw(server, chunked("/api/v1/players", [b'{"name"', b': "Chunky"}']))
    assert status == 201 and body["name"] == "Chunky"


def test_a_streamed_body_over_one_mib_is_413_whatever_its_chunks(server: Server) -> None:
    payload = b'{"name": "' + b"a" * (1024 * 1024 + 10) + b'"}'
    pieces = [payload[i : i + 100_000] for i in range(0, len(payload), 100_000)]
    status, _, body = raw(server, chunked("/api/v1/players", pieces))
    assert status == 413, body
    assert set(body) == SHAPE and body["reason"] == "body_too_large"


def test_a_body_just_under_the_limit_is_read_and_judged(server: Server) -> None:
    payload = b'{"name": "' + b"a" * (1024 * 1024 - 100) + b'"}'
    status, _, body = raw(server, chunked("/api/v1/players", [payload]))
    assert status == 400 and body["reason"] == "invalid_request"  # a name of 24 at most


def test_broken_chunk_framing_is_400(server: Server) -> None:
    for request in (
        chunked("/api/v1/players", [b"{}"], size_line=b"zz"),
        chunked("/api/v1/players", [b"{}"], size_line=b"-1"),
        chunked("/api/v1/players", [b"{}"], size_line=b"9" * 40),
    ):
        status, _, body = raw(server, request, half_close=True)  # the rest never comes
        assert status == 400, body
        assert set(body) == SHAPE


def test_a_body_cut_short_is_400(server: Server) -> None:
    request = (
        b"POST /api/v1/players HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"name": '
    )
    status, _, body = raw(server, request, half_close=True)
    assert status == 400 and body["reason"] == "malformed_body"


def test_headers_name_no_server_software_and_tokens_are_not_cached(server: Server) -> None:
    client = server.client()
    client.conn.request("POST", "/api/v1/players", b"{}", {"Content-Type": "application/json"})
    response = client.conn.getresponse()
    response.read()
    assert response.status == 201
    assert "gunicorn" not in (response.getheader("Server") or "").lower()
    assert response.getheader("Cache-Control") == "no-store"
