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
from patience.games.advice import describe_hint, leads_somewhere_new, quick_hint
from patience.games.registry import (
    GameEntry,
    entries,
    game_class,
    get,
    load_position,
    new_game,
    register,
    start_game,
    unregister,
)

PLUGINS = "PATIENCE_GAMES"

for _module in filter(None, (m.strip() for m in os.environ.get(PLUGINS, "").split(","))):
    importlib.import_module(_module)

__all__ = [
    "GameEntry",
    "builtin",
    "describe_hint",
    "entries",
    "game_class",
    "get",
    "leads_somewhere_new",
    "load_position",
    "new_game",
    "quick_hint",
    "register",
    "start_game",
    "unregister",
]
