"""Input hygiene at the edge: whatever arrives, a 4xx in the one error shape, never a 5xx.

- **Bodies** are read in full by :class:`BodyLimit`, a WSGI middleware, before the app sees
  them: at most ``MAX_CONTENT_LENGTH`` bytes *read* (a chunked or otherwise streamed body is
  counted as it arrives, not trusted by its ``Content-Length``), so a longer body is 413
  ``body_too_large`` and a broken one (bad chunk framing, a connection cut mid-body) is 400
  ``malformed_body``.
- **JSON** is parsed by :func:`parse_json` with bounds: no nesting deeper than
  :data:`MAX_DEPTH`, no integer past Python's digit limit, no ``NaN``/``Infinity``.
- **Paths and query strings** with control characters (NUL included) are refused before any
  route runs (:func:`refuse_control_characters`): no such text is a valid id, name or
  option, and PostgreSQL cannot even compare it.

>>> parse_json(b'{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> try:
...     parse_json(b"[" * 100 + b"]" * 100)
... except ApiError as error:
...     print(error.code, error.reason, error.message)
400 invalid_json the JSON body is nested too deeply (at most 32 levels)
"""

from __future__ import annotations

import datetime as dt
import io
import json
import math
import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import request

from patience.api.errors import ApiError

MAX_DEPTH = 32
"""Deepest JSON nesting accepted: far beyond any real body (a move is two levels deep)."""

BODY_ERROR = "patience.body_error"
"""WSGI environ key: the error :class:`BodyLimit` found while reading the body."""

READ_SIZE = 64 * 1024

CONTROL = re.compile(r"[\x00-\x1f\x7f]")

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
WsgiApp = Callable[[Environ, StartResponse], Iterable[bytes]]


class BodyLimit:
    """WSGI middleware: read the request body within ``max_bytes``, or record why not.

    The app then sees a body of known length in memory; a body that was too long or broken
    is replaced by an empty one and the error is raised by :func:`raise_body_error` in the
    app, so the answer has the usual shape, headers and log line.
    """

    def __init__(self, app: WsgiApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        if _has_body(environ):
            body, error = self._read(environ)
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            environ["wsgi.input_terminated"] = True
            if error is not None:
                environ[BODY_ERROR] = error
        return self.app(environ, start_response)

    def _read(self, environ: Environ) -> tuple[bytes, tuple[int, str, str] | None]:
        declared = environ.get("CONTENT_LENGTH") or ""
        if declared.isdigit() and len(declared) < 20 and int(declared) > self.max_bytes:
            return b"", _too_large(self.max_bytes)
        stream = environ["wsgi.input"]
        chunks: list[bytes] = []
        size = 0
        try:
            while size <= self.max_bytes:
                chunk = stream.read(min(READ_SIZE, self.max_bytes + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        except Exception:  # the server's framing errors (bad chunk size, cut connection, ...)
            return b"", (400, "malformed_body", "the request body could not be read")
        if size > self.max_bytes:
            return b"", _too_large(self.max_bytes)
        if declared.isdigit() and size < int(declared):  # the connection ended mid-body
            return b"", (400, "malformed_body", "the request body ended early")
        return b"".join(chunks), None


def _has_body(environ: Environ) -> bool:
    declared = environ.get("CONTENT_LENGTH") or ""
    chunked = "chunked" in str(environ.get("HTTP_TRANSFER_ENCODING", "")).lower()
    return chunked or (declared not in ("", "0")) or bool(environ.get("wsgi.input_terminated"))


def _too_large(max_bytes: int) -> tuple[int, str, str]:
    return 413, "body_too_large", f"the body is over {max_bytes // 1024} KiB"


def raise_body_error() -> None:
    """``before_request``: raise the error :class:`BodyLimit` recorded, if any."""
    error = request.environ.get(BODY_ERROR)
    if error is not None:
        code, reason, message = error
        raise ApiError(code, reason, message)


def refuse_control_characters() -> None:
    """``before_request``: 400 for control characters in the path or the query string."""
    if CONTROL.search(request.path) or any(
        CONTROL.search(key) or CONTROL.search(value)
        for key, values in request.args.lists()
        for value in values
    ):
        raise ApiError(
            400, "invalid_request", "control characters are not allowed in paths or queries"
        )


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("number out of range")
    return value


def _no_constants(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")


def parse_json(body: bytes) -> Any:
    """Decode a JSON body within bounds; 400 ``invalid_json`` otherwise (see the module)."""
    try:
        data = json.loads(body, parse_float=_finite, parse_constant=_no_constants)
    except RecursionError:
        data = None
        deep = True
    except ValueError as exc:  # malformed, undecodable, an integer past the digit limit
        raise ApiError(400, "invalid_json", "the body is not valid JSON") from exc
    else:
        deep = depth(data) > MAX_DEPTH
    if deep:
        raise ApiError(
            400,
            "invalid_json",
            f"the JSON body is nested too deeply (at most {MAX_DEPTH} levels)",
        )
    return data


def depth(data: Any) -> int:
    """How deeply ``data`` nests lists and objects, found without recursion.

    >>> depth(1), depth([]), depth({"a": [[1], {"b": {}}]})
    (0, 1, 4)
    """
    deepest = 0
    stack = [(data, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in item)
    return deepest


DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_date(text: str) -> dt.date:
    """A ``YYYY-MM-DD`` date of a request (400 ``invalid_date`` otherwise)."""
    try:
        if not DATE.fullmatch(text):
            raise ValueError(text)
        return dt.date.fromisoformat(text)
    except ValueError as exc:
        raise ApiError(400, "invalid_date", "dates are YYYY-MM-DD", {"date": [text[:40]]}) from exc
