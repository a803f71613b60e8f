"""Operational middleware, registered by ``create_app``: request ids and one JSON access-log
line per request, security headers, CORS (flask-cors), and fixed-window rate limits on Redis.

Redis is optional: without ``REDIS_URL``, or while Redis is down, nothing is limited and no
request fails because of it. The limiter is our own, one pipelined ``INCR``/``EXPIRE`` per
request: Flask-Limiter on Redis, measured in its place, cost a move about 10 % more CPU
(``bench/RESULTS.md``).

>>> Limit.parse("30/minute"), Limit.parse("600/min"), Limit.parse("5/10s"), Limit.parse("off")
(Limit(count=30, seconds=60), Limit(count=600, seconds=60), Limit(count=5, seconds=10), None)
>>> sane_request_id("abc-123"), sane_request_id("bad id\\n")
('abc-123', None)
"""

from __future__ import annotations

import logging
import math
import re
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from flask import Flask, Response, current_app, g, request
from flask_cors import CORS
from redis import Redis, RedisError
from werkzeug.middleware.proxy_fix import ProxyFix

from patience.api.errors import ApiError
from patience.api.inputs import BodyLimit, raise_body_error, refuse_control_characters
from patience.store.redis import connect

log = logging.getLogger(__name__)
access_log = logging.getLogger("patience.access")

REDIS = "patience.redis"
LIMITER = "patience.limiter"

REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
"""An incoming ``X-Request-ID`` is honoured when it is such a token, else a new one is made."""

SPA_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
"""The client and the API: same-origin only (inline styles: the client sets style attributes)."""

DOCS_CSP = SPA_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
"""The Swagger UI page, whose template starts the UI from an inline script."""

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
}

CORS_METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE", "OPTIONS"]
CORS_ALLOW_HEADERS = ["Authorization", "Content-Type", "If-Match", "X-Request-ID"]
CORS_EXPOSE_HEADERS = ["ETag", "Location", "Retry-After", "X-Request-ID"]

UNITS = {"s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60, "h": 3600, "hour": 3600}

REDIS_RETRY_SECONDS = 5.0
"""After a Redis error, rate limits are skipped this long (no timeout paid per request)."""


def sane_request_id(value: str | None) -> str | None:
    """``value`` when it is a sane request-id token, else ``None``."""
    return value if value is not None and REQUEST_ID.fullmatch(value) else None


@dataclass(frozen=True)
class Limit:
    """At most ``count`` requests per fixed window of ``seconds``."""

    count: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> Limit | None:
        """``"N/second|minute|hour"`` or ``"N/<k>s"``; ``"off"``, ``"0"`` or ``""`` → no limit."""
        text = text.strip().lower()
        if text in ("", "0", "off", "none"):
            return None
        match = re.fullmatch(r"(\d+)\s*/\s*(\d*)\s*([a-z]+)", text)
        if match is None or match.group(3) not in UNITS:
            raise ValueError(f"bad rate limit {text!r}: use e.g. 30/minute or 5/10s")
        count, factor, unit = match.groups()
        return cls(int(count), int(factor or 1) * UNITS[unit])


class RateLimiter:
    """Fixed-window counters in Redis (``INCR`` + ``EXPIRE``), one per scope, key and window."""

    def __init__(self, redis: Redis | None, limits: Mapping[str, Limit | None], prefix: str):
        self.redis = redis
        self.limits = dict(limits)
        self.prefix = prefix
        self._skip_until = 0.0

    def retry_after(self, scope: str, key: str) -> int | None:
        """Count one request; the seconds until the window ends when over the limit, else
        ``None`` (also when Redis is not configured or fails)."""
        limit = self.limits.get(scope)
        if limit is None or self.redis is None or time.monotonic() < self._skip_until:
            return None
        now = time.time()
        window = int(now // limit.seconds)
        counter = f"{self.prefix}rl:{scope}:{key}:{window}"
        try:
            pipe = self.redis.pipeline(transaction=False)
            pipe.incr(counter)
            pipe.expire(counter, limit.seconds + 1)
            count = int(pipe.execute()[0])
        except RedisError as exc:
            log.warning("rate limits skipped: redis unavailable (%s)", exc)
            self._skip_until = time.monotonic() + REDIS_RETRY_SECONDS
            return None
        if count <= limit.count:
            return None
        return max(1, math.ceil((window + 1) * limit.seconds - now))


def _player_key() -> str:
    from patience.api.auth import current_player_id

    return current_player_id()


def _address_key() -> str:
    return request.remote_addr or "unknown"


SCOPES: dict[str, tuple[str, Callable[[], str]]] = {
    "players": ("RATE_LIMIT_PLAYERS", _address_key),
    "actions": ("RATE_LIMIT_ACTIONS", _player_key),
    "link_codes": ("RATE_LIMIT_LINK_CODES", _player_key),
    "link_attempts": ("RATE_LIMIT_LINK_ATTEMPTS", _address_key),
    "records": ("RATE_LIMIT_RECORDS", _address_key),
}
"""Every limit: its setting and who it counts — sign-ups per client address, game actions
per player, link codes made per player, tries at redeeming a code per address (a guesser's
budget; each code also locks itself after a few wrong tries), records verified per address."""


def enforce_rate_limit(scope: str) -> None:
    """Raise 429 ``rate_limited`` (with ``Retry-After``) when the request is over its limit."""
    limiter: RateLimiter = current_app.extensions[LIMITER]
    wait = limiter.retry_after(scope, SCOPES[scope][1]())
    if wait is not None:
        raise ApiError(
            429,
            "rate_limited",
            f"too many requests; try again in {wait} s",
            headers={"Retry-After": str(wait)},
        )


def get_redis(app: Flask | None = None) -> Redis | None:
    """The app's Redis client, ``None`` when ``REDIS_URL`` is not set."""
    client: Redis | None = (app or current_app).extensions[REDIS]
    return client


def cors_origins(text: str) -> frozenset[str]:
    """``CORS_ORIGINS``: origins separated by commas or spaces (``*`` for any).

    >>> sorted(cors_origins("https://a.example, https://b.example/"))
    ['https://a.example', 'https://b.example']
    """
    return frozenset(o.rstrip("/") for o in re.split(r"[,\s]+", text) if o)


def _start() -> Response | None:
    g.request_id = sane_request_id(request.headers.get("X-Request-ID")) or uuid.uuid4().hex
    g.started = time.perf_counter()
    if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
        return Response(status=204)  # a CORS preflight: flask-cors adds the headers
    return None


def init_cors(app: Flask) -> None:
    """CORS by flask-cors, for the origins ``CORS_ORIGINS`` lists (none: CORS stays off)."""
    origins: frozenset[str] = app.config["CORS_ORIGINS"]
    if origins:
        CORS(
            app,
            origins="*" if "*" in origins else sorted(origins),
            methods=CORS_METHODS,
            allow_headers=CORS_ALLOW_HEADERS,
            expose_headers=CORS_EXPOSE_HEADERS,
            max_age=600,
        )


def _finish(response: Response) -> Response:
    request_id = g.get("request_id") or uuid.uuid4().hex
    response.headers["X-Request-ID"] = request_id
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    docs = request.path == f"{current_app.config['OPENAPI_URL_PREFIX']}/docs"
    response.headers.setdefault("Content-Security-Policy", DOCS_CSP if docs else SPA_CSP)
    if current_app.config["CORS_ORIGINS"]:
        # flask-cors omits it for a single allowed origin, yet a response to a request without
        # Origin (no CORS headers) must not be served from a cache to that origin.
        response.vary.add("Origin")
    started = g.get("started")
    duration = None if started is None else round((time.perf_counter() - started) * 1000, 2)
    access_log.info(
        "%s %s %s",
        request.method,
        request.path,
        response.status_code,
        extra={
            "request_id": request_id,
            "method": request.method,
            "path": request.path,
            "status": response.status_code,
            "duration_ms": duration,
            "remote_addr": request.remote_addr,
        },
    )
    return response


def init_middleware(app: Flask) -> None:
    """Proxy headers, Redis, the rate limiter and the per-request hooks, from ``app.config``."""
    proxies = int(app.config["TRUSTED_PROXIES"])
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]
    app.wsgi_app = BodyLimit(app.wsgi_app, app.config["MAX_CONTENT_LENGTH"])  # type: ignore[method-assign]
    url = app.config["REDIS_URL"]
    app.extensions[REDIS] = connect(url) if url else None
    limits = {scope: Limit.parse(app.config[setting]) for scope, (setting, _) in SCOPES.items()}
    app.extensions[LIMITER] = RateLimiter(app.extensions[REDIS], limits, app.config["REDIS_PREFIX"])
    app.config["CORS_ORIGINS"] = cors_origins(app.config["CORS_ORIGINS"])
    init_cors(app)
    app.before_request(_start)
    app.before_request(raise_body_error)
    app.before_request(refuse_control_characters)
    app.after_request(_finish)
