"""Daily deals: one proven-winnable deal per game and UTC date, the same on every server, for
each game's default ruleset.

The **pool** of a game is a frozen list of deals from its default ruleset's catalogue
(``catalogue/daily.json``: the first :data:`POOL_SIZE` winnable deals in deal order when
it was made), so that rebuilding or growing a catalogue never moves a past or future daily.
The **order** is the pool shuffled once (Fisher–Yates with the SplitMix64 generator of
:mod:`patience.engine.deal`, seeded with the first 8 bytes, big-endian, of
``SHA-256("daily:" + game)``). The deal of a date is ``order[days since 2026-01-01 mod
POOL_SIZE]``: a deal comes back only after ``POOL_SIZE`` days (more than a year), and any
date's deal can be computed ahead.

>>> daily_deal("pyramid", dt.date(2026, 12, 1)), daily_deal("gaps", dt.date(2026, 12, 1))
(467, 46)
>>> daily_deal("gaps", EPOCH) == order("gaps")[0] == daily_deal("gaps", EPOCH + dt.timedelta(500))
True
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from functools import cache
from pathlib import Path

from patience import games
from patience.engine.deal import SplitMix64
from patience.games import game_class

EPOCH = dt.date(2026, 1, 1)
POOL_SIZE = 500
POOL_FILE = Path(__file__).parent / "daily.json"


def daily_rulesets() -> dict[str, str]:
    """The games with daily deals and the ruleset of each: the registry's ``daily_ruleset``
    (the game's default ruleset), unless ``PATIENCE_DAILY_RULESETS`` (``game=ruleset,…``)
    names another for a game — the test suites' way to daily rules whose deals the solver
    proves in a fraction of a second (Forty Thieves' classic deals take seconds each)."""
    found = {e.name: e.daily_ruleset for e in games.entries() if e.daily_ruleset is not None}
    for item in filter(None, os.environ.get("PATIENCE_DAILY_RULESETS", "").split(",")):
        game, _, ruleset = item.partition("=")
        if game in found and ruleset in game_class(game).ruleset_options():
            found[game] = ruleset
    return found


@cache
def pools() -> dict[str, list[int]]:
    """Every game's frozen pool."""
    data: dict[str, list[int]] = json.loads(POOL_FILE.read_text())
    return data


@cache
def order(game: str) -> tuple[int, ...]:
    """The game's pool in daily order."""
    seed = int.from_bytes(hashlib.sha256(f"daily:{game}".encode()).digest()[:8], "big")
    return tuple(SplitMix64(seed).shuffle(pools()[game]))


def daily_deal(game: str, date: dt.date) -> int:
    """The deal number of ``game``'s daily deal on ``date``."""
    deals = order(game)
    return deals[(date - EPOCH).days % len(deals)]
