"""Whether this process has been asked to stop, for the searches a job runs to poll.

A worker asked to stop (SIGTERM, SIGINT) tells its work horse with :data:`STOP_SIGNAL`,
whose handler sets the flag here (an in-process worker sets it itself), and ``patience ranked
fill`` sets it on SIGINT or SIGTERM. Each long search passes :func:`asked` as its budget's
``cancelled`` (the native core polls it every 20 ms), so a proof stops within a fraction of
a second and its job is put back on its queue (:func:`patience.jobs.watch.put_back`): a
stop costs at most the search in flight, never a wait for it to end.
"""

from __future__ import annotations

import signal
from types import FrameType

STOP_SIGNAL = signal.SIGUSR1
"""What a worker sends its work horse when asked to stop (RQ's horse ignores SIGINT and
dies on SIGTERM)."""

_asked = False


def asked() -> bool:
    """Whether this process has been asked to stop."""
    return _asked


def ask(signum: int | None = None, frame: FrameType | None = None) -> None:
    """Ask this process to stop (also a signal handler)."""
    global _asked
    _asked = True


def clear() -> None:
    """Forget a stop request (a fresh worker in the same process)."""
    global _asked
    _asked = False
