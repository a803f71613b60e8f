"""The service's refusals, by cause; the API translates them to HTTP at its edge
(:mod:`patience.api.errors`), as it does the engine's."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

Json = dict[str, Any]


class ServiceError(Exception):
    """A request the service refuses: a stable ``reason``, a short English ``message``, and
    when trying again later may succeed, the seconds to wait (``retry_after``)."""

    reason = "refused"
    retry_after: int | None = None

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class NotFound(ServiceError):
    """No such game (or job), or not the player's (the two are never told apart)."""

    reason = "game_not_found"

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        if reason is not None:
            self.reason = reason


class PlayerGone(ServiceError):
    """The request's player was deleted (by another of their devices) as it came in."""

    reason = "unauthorized"


class VersionConflict(ServiceError):
    """The action was based on an older version; ``game`` is the current GameView."""

    reason = "version_conflict"

    def __init__(self, message: str, game: Json | None = None) -> None:
        super().__init__(message, **({} if game is None else {"game": game}))


class Busy(ServiceError):
    """A write kept losing to concurrent ones; trying again is safe."""

    reason = "version_conflict"


class NotDaily(ServiceError):
    """A daily game asked for with another deal or other rules than the day's (refused by the
    rules of daily games, as a move by the rules of the game: 422)."""

    reason = "not_daily"


class NoDailyThatDay(NotDaily):
    """A daily game asked for a date with no daily to play (in the future, or before the
    first): refused by the rules (422), the body being well formed."""

    reason = "invalid_date"


class InvalidCode(ServiceError):
    """A link code that is wrong, used or expired (the three are never told apart)."""

    reason = "invalid_code"


class TooManyAttempts(ServiceError):
    """Too many wrong tries at one link code: refused until ``retry_after`` has passed."""

    reason = "rate_limited"

    def __init__(self, message: str, wait: dt.timedelta) -> None:
        super().__init__(message)
        self.retry_after = max(1, math.ceil(wait.total_seconds()))


class NotConfirmed(ServiceError):
    """A deletion whose confirmation is not the player's name."""

    reason = "not_confirmed"


class Unavailable(ServiceError):
    """The solver queue cannot be reached (no Redis configured, or Redis down)."""

    reason = "jobs_unavailable"
    retry_after = 5


class TooManyJobs(ServiceError):
    """The player already has as many solver jobs in flight as allowed."""

    reason = "rate_limited"
    retry_after = 10


class DailyUnavailable(Unavailable):
    """Today's ranked deal is not in the pool yet (the worker proves them days ahead; no
    unproven deal is ever served)."""

    reason = "daily_unavailable"
    retry_after = 60
