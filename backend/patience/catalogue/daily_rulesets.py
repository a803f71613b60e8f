"""Daily deals: which games have one, and under which ruleset. The deal of each game and
date is a ranked deal, dealt from the server's secret and proven winnable days ahead
(:mod:`patience.catalogue.ranked_deals`, :mod:`patience.catalogue.pool`); :data:`EPOCH` is the
first date with a daily.
"""

from __future__ import annotations

import datetime as dt
import os

from patience import games
from patience.games import game_class

EPOCH = dt.date(2026, 1, 1)


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
