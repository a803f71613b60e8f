"""One error shape for every error: ``{"code", "status", "message", "reason", "errors"}``.

The engine's and the game service's errors are translated here, at the edge, and nowhere
else; anything unexpected is logged and answered 500 in the same shape.
"""

from __future__ import annotations

import http
import logging
from typing import Any

from flask import Flask, Response, jsonify
from sqlalchemy.exc import DataError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException, InternalServerError

from patience.engine import (
    CardError,
    EngineError,
    IllegalMove,
    InvalidDeal,
    InvalidMove,
    InvalidOptions,
    UnknownGame,
)
from patience.record import DealNotRevealed, RecordError
from patience.service.daily import InvalidDate
from patience.service.errors import (
    InvalidCode,
    NotConfirmed,
    NotDaily,
    NotFound,
    PlayerGone,
    ServiceError,
    TooManyAttempts,
    TooManyJobs,
    Unavailable,
    VersionConflict,
)

log = logging.getLogger(__name__)

REASONS = {
    400: "bad_request",
    401: "unauthorized",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "body_too_large",
    415: "unsupported_media_type",
    422: "unprocessable",
    429: "rate_limited",
    500: "internal_error",
    503: "service_unavailable",
}
"""The default ``reason`` per status, when the error names none."""


class ApiError(HTTPException):
    """An HTTP error with a stable ``reason``, per-field ``errors`` and extra top-level fields.

    >>> e = ApiError(404, "game_not_found", "no such game")
    >>> e.code, e.name, e.reason
    (404, 'Not Found', 'game_not_found')
    """

    def __init__(
        self,
        code: int,
        reason: str,
        message: str,
        errors: dict[str, Any] | None = None,
        *,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(description=message)
        self.headers = headers or {}
        self.code = code
        self.reason = reason
        self.message = message
        self.errors = errors or {}
        self.extra = extra

    def get_headers(self, *args: Any, **kwargs: Any) -> list[tuple[str, str]]:
        return [*super().get_headers(*args, **kwargs), *self.headers.items()]


ENGINE_STATUS: tuple[tuple[type[EngineError], int], ...] = (
    (InvalidMove, 400),
    (IllegalMove, 422),
    (InvalidOptions, 400),
    (UnknownGame, 400),
    (InvalidDeal, 400),
    (CardError, 400),
    (EngineError, 400),
)
"""HTTP status by engine error class, most specific first."""


ENGINE_FIELD: tuple[tuple[type[EngineError], str], ...] = (
    (InvalidMove, "move"),
    (InvalidOptions, "options"),
    (UnknownGame, "game"),
    (InvalidDeal, "deal"),
)
"""The request field an engine input error is about, for per-field ``errors``."""


def from_engine(exc: EngineError) -> ApiError:
    """The API error for an engine error: its reason and message, per-field ``errors`` for
    bad input, and other details (``max`` of ``too_many_cards``) as top-level fields.

    >>> e = from_engine(IllegalMove("at most 2 cards", reason="too_many_cards", max=2))
    >>> e.code, e.reason, e.errors, e.extra
    (422, 'too_many_cards', {}, {'max': 2})
    >>> from_engine(InvalidOptions("bad redeals", field="redeals")).errors
    {'options': {'redeals': ['bad redeals']}}
    """
    code = next(status for cls, status in ENGINE_STATUS if isinstance(exc, cls))
    details = dict(exc.details)
    field = details.pop("field", None)
    where = next((name for cls, name in ENGINE_FIELD if isinstance(exc, cls)), None)
    errors: dict[str, Any] = {}
    if where is not None:
        errors[where] = {str(field): [exc.message]} if field is not None else [exc.message]
    return ApiError(code, exc.reason, exc.message, errors, **details)


def error_payload(error: HTTPException) -> dict[str, Any]:
    """The JSON body for any HTTP error."""
    code = error.code or 500
    if isinstance(error, ApiError):
        reason, message, errors, extra = error.reason, error.message, error.errors, error.extra
    else:
        data = getattr(error, "data", None) or {}
        reason = REASONS.get(code) or http.HTTPStatus(code).phrase.lower().replace(" ", "_")
        message = data.get("message") or error.description or http.HTTPStatus(code).phrase
        errors, extra = data.get("errors") or data.get("messages") or {}, {}
    return {
        "code": code,
        "status": http.HTTPStatus(code).phrase,
        "message": message,
        "reason": reason,
        "errors": errors,
        **extra,
    }


def handle_http_error(error: HTTPException) -> tuple[Response, int, dict[str, str]]:
    """Flask handler: any HTTP error in the one shape (keeping headers such as ``Allow``)."""
    headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
    return jsonify(error_payload(error)), error.code or 500, headers


def handle_engine_error(error: EngineError) -> tuple[Response, int, dict[str, str]]:
    """Flask handler: an engine error that escaped a route."""
    return handle_http_error(from_engine(error))


def handle_unexpected(error: Exception) -> tuple[Response, int, dict[str, str]]:
    """Flask handler: log anything unexpected and answer 500 in the same shape."""
    log.exception("unhandled error", exc_info=error)
    return handle_http_error(
        ApiError(500, "internal_error", "the server hit an unexpected error")
        if not isinstance(error, InternalServerError)
        else error
    )


DATABASE_DOWN = (OperationalError, InterfaceError, PoolTimeout)
"""Errors that mean the database cannot be reached (not that a query is wrong)."""


def handle_database_unavailable(error: Exception) -> tuple[Response, int, dict[str, str]]:
    """Flask handler: the database is down or restarting; 503 ``database_unavailable``.

    Retrying is safe: an action whose commit did get through is answered from its stored
    result, not applied twice.
    """
    log.warning("database unavailable: %s", error)
    return handle_http_error(
        ApiError(
            503,
            "database_unavailable",
            "the database is unavailable; try again shortly",
            headers={"Retry-After": "1"},
        )
    )


def handle_bad_data(error: Exception) -> tuple[Response, int, dict[str, str]]:
    """Flask handler: the database refused a value as data (text it cannot store or compare,
    a number out of a column's range). Input checks should catch these first; this is the
    net under them, so bad input stays a 400, never a 500."""
    log.warning("database refused a value: %s", error)
    return handle_http_error(
        ApiError(400, "invalid_request", "the request holds a value that is not accepted")
    )


SERVICE_STATUS: tuple[tuple[type[ServiceError], int], ...] = (
    (PlayerGone, 401),
    (NotFound, 404),
    (VersionConflict, 409),
    (NotDaily, 422),
    (InvalidDate, 400),
    (InvalidCode, 400),
    (NotConfirmed, 422),
    (TooManyAttempts, 429),
    (TooManyJobs, 429),
    (Unavailable, 503),
    (ServiceError, 409),
)
"""HTTP status by service error class, most specific first."""


def handle_service_error(error: ServiceError) -> tuple[Response, int, dict[str, str]]:
    """Flask handler: a refusal of the game service (its reason, message and details)."""
    code = next(status for cls, status in SERVICE_STATUS if isinstance(error, cls))
    wait = {} if error.retry_after is None else {"Retry-After": str(error.retry_after)}
    return handle_http_error(
        ApiError(code, error.reason, error.message, headers=wait, **error.details)
    )


def handle_record_error(error: RecordError) -> tuple[Response, int, dict[str, str]]:
    """Flask handler: a record that cannot be read (400) or replayed (422 for a ranked deal
    not yet revealed), with its line and column."""
    code = 422 if isinstance(error, DealNotRevealed) else 400
    errors = {"record": [str(error)]}
    return handle_http_error(
        ApiError(code, error.reason, error.message, errors, line=error.line, column=error.column)
    )


def register_error_handlers(app: Flask) -> None:
    """Install the handlers (called by the Api subclass)."""
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(EngineError, handle_engine_error)
    app.register_error_handler(ServiceError, handle_service_error)
    app.register_error_handler(RecordError, handle_record_error)
    for error in DATABASE_DOWN:
        app.register_error_handler(error, handle_database_unavailable)
    app.register_error_handler(DataError, handle_bad_data)
    app.register_error_handler(Exception, handle_unexpected)
