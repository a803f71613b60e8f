"""Ranked deals: the daily deals, dealt from the server's secret ``DEAL_SECRET`` so that no
one can compute their cards (numbered deals stay open by design), and proven winnable by
the worker days ahead (:mod:`patience.catalogue.pool`); a later competition reuses it with
a name of its own.

- **Candidates.** Candidate ``k`` (0, 1, …) of ``game``'s ranked deal ``name`` under
  ``ruleset`` is the deck shuffled by the keyed stream of ``HMAC-SHA256(secret,
  "ranked:<game>:<ruleset>:<name>:<k>")`` (:meth:`~patience.engine.game.Game.ranked`). The
  worker tries ``k = 0, 1, 2, …`` until the solver proves one winnable and stores it with
  its solution; that one is the deal. The same secret gives the same candidates; without it
  nothing about them can be computed.
- **Names and IDs.** A daily's name is ``daily-<date>``, its deal ID
  ``<game>-daily-<date>`` (``pyramid-daily-2026-12-01``). It opens at 00:00 UTC of its date
  and closes (is revealed) 24 hours later.

>>> parse_daily_id("forty-thieves-daily-2026-12-01")
('forty-thieves', datetime.date(2026, 12, 1))
>>> parse_daily_id("pyramid-8153") is None, parse_daily_id("gaps-daily-2026-13-01") is None
(True, True)
>>> closes_at(dt.date(2026, 12, 1)).isoformat()
'2026-12-02T00:00:00+00:00'
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import re
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from patience.engine import Game
from patience.engine.deal import ranked_key
from patience.games import game_class
from patience.store.ranked_pool import daily_of

log = logging.getLogger(__name__)

DAYS_AHEAD = int(os.environ.get("PATIENCE_RANKED_DAYS") or 7)
"""The pool holds each game's dailies from today to this many days ahead."""
PROOF_SECONDS = float(os.environ.get("PATIENCE_RANKED_SECONDS") or 30)
"""CPU budget of each candidate's proof (a candidate that times out is passed over)."""
MAX_CANDIDATES = 200
"""Candidates tried for one deal before the filler gives up for now (and says so)."""
MIN_SECRET_BYTES = 16

DAILY_ID = re.compile(r"(?P<game>[a-z][a-z0-9-]*?)-daily-(?P<date>\d{4}-\d{2}-\d{2})")


Json = dict[str, Any]


class MissingSecret(RuntimeError):
    """No usable ``DEAL_SECRET``: the server would deal ranked deals anyone can compute."""


class DealGone(LookupError):
    """A stored game's ranked deal is no longer in the pool (the API answers 404
    ``no_such_deal``)."""


_starts: dict[tuple[str, str, int], Json] = {}
"""Ranked deals' starts by (database, game, key), as read once by this process (they never
change; each database has its own pool)."""


def deal_start(session: Session, game: str, key: int) -> int | Json:
    """What a stored game's deal is rebuilt from: its number, or its ranked deal's start
    (kept by the pool, never computed on a request; raise :class:`DealGone`). The service
    and the worker both rebuild stored games from it."""
    date = key_date(key)
    if date is None:
        return key
    where = (str(session.get_bind().engine.url), game, key)
    found = _starts.get(where)
    if found is None:
        ranked = daily_of(session, game, date)
        if ranked is None:
            raise DealGone("that ranked deal is gone")
        found = _starts[where] = ranked.layout
    return found


def is_open(key: int, now: dt.datetime) -> bool:
    """Whether a deal key is a ranked deal whose day has not closed yet (its unseen cards
    are still secret)."""
    date = key_date(key)
    return date is not None and now < closes_at(date)


def daily_key(date: dt.date) -> int:
    """A daily's key in the tables keyed by deal number: ``-YYYYMMDD``, never a number
    (numbers start at 1), and the date is read back from it (:func:`key_date`).

    >>> daily_key(dt.date(2026, 12, 1)), key_date(-20261201), key_date(8153)
    (-20261201, datetime.date(2026, 12, 1), None)
    """
    return -(date.year * 10000 + date.month * 100 + date.day)


def key_date(key: int) -> dt.date | None:
    """The date of a daily's key (``None``: a deal number)."""
    if key >= 0:
        return None
    return dt.date(-key // 10000, -key // 100 % 100, -key % 100)


def deal_id(game: str, key: int) -> str:
    """The deal ID of a deal key: ``pyramid-8153``, or ``pyramid-daily-2026-12-01``."""
    date = key_date(key)
    return f"{game}-{key}" if date is None else daily_deal_id(game, date)


def public_number(key: int) -> int | None:
    """The GameView's ``deal``: the number, or ``None`` for a ranked deal."""
    return None if key < 0 else key


def daily_name(date: dt.date) -> str:
    return f"daily-{date.isoformat()}"


def daily_deal_id(game: str, date: dt.date) -> str:
    """The deal ID of ``game``'s daily on ``date``."""
    return f"{game}-{daily_name(date)}"


def parse_daily_id(text: str) -> tuple[str, dt.date] | None:
    """The game and date a daily deal ID names (``None``: not a daily ID)."""
    match = DAILY_ID.fullmatch(text)
    if match is None:
        return None
    try:
        return match["game"], dt.date.fromisoformat(match["date"])
    except ValueError:
        return None


def closes_at(date: dt.date) -> dt.datetime:
    """When the daily of ``date`` closes and is revealed: the end of its UTC day."""
    return dt.datetime.combine(date + dt.timedelta(days=1), dt.time(), tzinfo=dt.UTC)


def candidate(secret: bytes, game: str, ruleset: str, name: str, k: int) -> Game[Any, Any]:
    """Candidate ``k`` of ``game``'s ranked deal ``name`` under ``ruleset``, at its start."""
    cls = game_class(game)
    options = cls.ruleset_options()[ruleset]
    return cls.ranked(ranked_key(secret, game, ruleset, name, k), options)


def secret_bytes(value: str | None) -> bytes:
    """The deal secret as key bytes (raise :class:`MissingSecret` when absent or short)."""
    if not value or len(value.encode()) < MIN_SECRET_BYTES:
        raise MissingSecret(
            f"DEAL_SECRET is not set (or shorter than {MIN_SECRET_BYTES} bytes): ranked deals "
            'need a server secret, e.g. DEAL_SECRET="$(openssl rand -hex 32)"'
        )
    return value.encode()


def require_secret(environ: Mapping[str, str]) -> bytes:
    """The production check (gunicorn's start, the app it serves, the worker): the
    environment's ``DEAL_SECRET`` (raise :class:`MissingSecret`)."""
    return secret_bytes(environ.get("DEAL_SECRET"))


def local_secret(path: Path) -> str:
    """The deal secret kept at ``path`` (``make run``'s, beside its SQLite file), made on
    first use (mode 0600) and reused after."""
    if path.is_file():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    value = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(value + "\n")
    log.info("made a deal secret at %s", path)
    return value
