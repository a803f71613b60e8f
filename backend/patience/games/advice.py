"""A game's search-free hint calls, looked up by the game's name: the advice the API serves
when the worker's hint is not ready, and the checks of a kept line's next move. Nothing here
searches (the searches are :mod:`patience.games.solving`, the worker's).

>>> from patience.games import new_game
>>> quick_hint(new_game("pyramid", deal=1))["move"]
{'type': 'king', 'at': 'p21'}
"""

from __future__ import annotations

from typing import Any

from patience.engine import Game
from patience.games.registry import get
from patience.solver.hints.common import Hint, Json, Line, make_hint


def quick_hint(game: Game[Any, Any]) -> Hint:
    """Advice without search, from the seed pages' tips, under the no-cycle rule: what the
    API answers when the worker's hint is not ready in time. It reads only the public board."""
    if game.status != "playing":
        return None
    return get(game.name).hints.quick(game)


def describe_hint(game: Game[Any, Any], move: Json, *, searched: bool) -> Json:
    """The hint object for a legal ``move`` in ``game`` (its reason worked out here)."""
    typed = game.parse_move(move)
    return make_hint(typed.to_dict(), get(game.name).hints.reason(game.state, typed), searched)


def leads_somewhere_new(game: Game[Any, Any], move: Json) -> bool:
    """Whether ``move`` is legal in ``game`` and leads to a position its line has not been in
    (how a kept line's next move is checked before it is served as a hint)."""
    return Line.of(game, get(game.name).hints.public_key).fresh_json(move)
