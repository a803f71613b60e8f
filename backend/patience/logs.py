"""Structured logs: one JSON object per line (time, level, logger, message and any of
``request_id``, ``method``, ``path``, ``status``, ``duration_ms`` given as ``extra``).

Inside a Flask request, every record also carries that request's id.

>>> import logging
>>> record = logging.LogRecord("x", logging.INFO, __file__, 1, "hi %s", ("there",), None)
>>> record.status = 200
>>> line = json.loads(JsonFormatter().format(record))
>>> line["level"], line["message"], line["status"]
('info', 'hi there', 200)
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import logging.config
from typing import Any

FIELDS = ("request_id", "method", "path", "status", "duration_ms", "remote_addr")
"""Record attributes copied into the JSON line when present."""


def _request_id() -> str | None:
    """The current Flask request's id, outside a request ``None``."""
    try:
        from flask import g, has_request_context
    except ImportError:  # pragma: no cover - Flask is a dependency
        return None
    return g.get("request_id") if has_request_context() else None


class JsonFormatter(logging.Formatter):
    """Format a record as one JSON line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(
                timespec="milliseconds"
            ),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for field in FIELDS:
            value = getattr(record, field, None)
            if value is not None:
                line[field] = value
        if "request_id" not in line and (request_id := _request_id()) is not None:
            line["request_id"] = request_id
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str)


def logging_config(level: str = "INFO") -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for JSON lines on stderr (also gunicorn's loggers)."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    gunicorn = {"level": level.upper(), "handlers": ["stderr"], "propagate": False}
    # The app logs each request itself (with its id): gunicorn's access lines would repeat it.
    access = gunicorn | {"level": "WARNING"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {"stderr": handler},
        "root": {"level": level.upper(), "handlers": ["stderr"]},
        "loggers": {"gunicorn.error": gunicorn, "gunicorn.access": access},
    }


def configure_logging(level: str = "INFO") -> None:
    """Send every log record to stderr as JSON lines."""
    logging.config.dictConfig(logging_config(level))
