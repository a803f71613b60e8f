"""The games this process stored, rebuilt or advanced lately: a game's next action usually
skips the database read and the replay of its move line.

>>> from patience.games import new_game
>>> cache = RecentGames(size=1)
>>> cache.put({"id": "a", "version": 3}, new_game("pyramid", deal=1))
>>> cache.get("a", 3)[1]["version"], cache.get("a", 4)
(3, None)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from patience.engine import Game
from patience.store.games import Row


class RecentGames:
    """The engine game and the stored row, by game id and version.

    A version names one move line and one seen set forever, so a hit is exact; another
    process advancing the game only makes a miss. (The clock may change without a version;
    writes from a cached row are conditional on it.) Engine games are copies in and out; a
    row put here after an action has no ``line`` (its game holds it).
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._games: OrderedDict[str, tuple[int, Game[Any, Any], Row]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, version: int) -> tuple[Game[Any, Any], Row] | None:
        """A copy of the game at ``version`` and its row, if this process has them."""
        with self._lock:
            found = self._games.get(game_id)
            if found is None or found[0] != version:
                return None
            self._games.move_to_end(game_id)
        return found[1].copy(), dict(found[2])

    def put(self, row: Row, game: Game[Any, Any]) -> None:
        """Remember (a copy of) ``game`` with ``row``, at the row's version."""
        with self._lock:
            self._games[row["id"]] = (row["version"], game.copy(), dict(row))
            self._games.move_to_end(row["id"])
            while len(self._games) > self.size:
                self._games.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._games.clear()


recent_games = RecentGames()
