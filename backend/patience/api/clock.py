"""The app's time, in one place: the wall clock (UTC), or ``CLOCK`` from the app's config — a
function returning an aware datetime — so that tests can move it across days."""

from __future__ import annotations

import datetime as dt

from flask import current_app

from patience.store import utcnow


def now() -> dt.datetime:
    """The current time for this request."""
    clock = current_app.config.get("CLOCK")
    return utcnow() if clock is None else clock()
