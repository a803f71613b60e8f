"""The games, each one unit across the layers: see :mod:`patience.games.registry`.

Importing this package registers the built-in games (:mod:`patience.games.builtin`) and any
game of the modules named in ``PATIENCE_GAMES`` (comma-separated module names, each
registering its games on import: a game kept in a package of its own, or a test's toy game
in a worker or CLI process).
"""

from __future__ import annotations

import importlib
import os

from patience.games import builtin
from patience.games.registry import GameEntry, entries, get, register, unregister
from patience.games.solving import (
    describe_hint,
    find_par,
    hint,
    last_winnable,
    leads_somewhere_new,
    quick_hint,
    searched_hint,
    solve_game,
)

PLUGINS = "PATIENCE_GAMES"

for _module in filter(None, (m.strip() for m in os.environ.get(PLUGINS, "").split(","))):
    importlib.import_module(_module)

__all__ = [
    "GameEntry",
    "builtin",
    "describe_hint",
    "entries",
    "find_par",
    "get",
    "hint",
    "last_winnable",
    "leads_somewhere_new",
    "quick_hint",
    "register",
    "searched_hint",
    "solve_game",
    "unregister",
]
