"""Redis connections, without Flask (the API's rate limits and readiness, and the worker).

Redis is optional: ``REDIS_URL`` unset means "not configured", and every caller degrades open.

>>> redis_url({}) is None
True
>>> connect("redis://127.0.0.1:6379/0").connection_pool.connection_kwargs["socket_timeout"]
0.5
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from redis import Redis
from redis.backoff import NoBackoff
from redis.retry import Retry

TIMEOUT_SECONDS = 0.5
"""Connect and command timeout: a slow or vanished Redis must not stall a request."""


def redis_url(environ: Mapping[str, str] | None = None) -> str | None:
    """``REDIS_URL`` from the environment, or ``None`` when Redis is not configured."""
    env = os.environ if environ is None else environ
    return env.get("REDIS_URL") or None


def connect(url: str) -> Redis:
    """A client for ``url`` with short timeouts and no retries (connections are made lazily):
    when Redis is down, a caller learns it at once and degrades."""
    return Redis.from_url(
        url,
        socket_connect_timeout=TIMEOUT_SECONDS,
        socket_timeout=TIMEOUT_SECONDS,
        retry=Retry(NoBackoff(), 0),
    )
