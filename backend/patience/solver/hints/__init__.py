"""Hints: one move worth making, under the honesty rule of SPEC §2, and never back to a
position the game has already been in.

Each game (its module here, registered in :mod:`patience.games`) has a *searched* hint (the
worker's: solver runs, on samples of the unseen stock order while cards are unseen) and
*search-free* advice (what the API answers when the worker's hint is not ready in time). A
hint is ``{"move": move}`` or ``{"action": "draw"}`` with ``"reason"`` (one of
:data:`REASONS`, for the client to word) and ``"searched"`` (whether a search chose it);
``None`` when no move leads anywhere new.

- Pyramid (:mod:`.pyramid`): a vote over solver runs on samples; the exact solver once
  everything is seen.
- Gaps (:mod:`.gaps`): the exact solver, else a guided beam's most promising line.
- Forty Thieves (:mod:`.forty_thieves`): a vote over solver runs (else guided beams) on
  samples of the unseen stock; the exact solver once the stock holds no unseen card.

>>> from patience.engine import new_game
>>> hint(new_game("pyramid", deal=1))
{'move': {'type': 'king', 'at': 'p21'}, 'reason': 'removes_king', 'searched': True}
"""

from __future__ import annotations

from typing import Any

from patience import games
from patience.engine import Game
from patience.solver.hints import forty_thieves, gaps, pyramid  # the games' hints
from patience.solver.hints.common import (
    DEFAULT,
    HINT_SECONDS,
    REASONS,
    Effort,
    Hint,
    Json,
    Line,
    hint_move,
    make_hint,
)


def hint(game: Game[Any, Any], effort: Effort = DEFAULT) -> Hint:
    """The searched hint (the worker's), or ``None`` when nothing leads anywhere new."""
    return searched(game, effort)[0]


def searched(game: Game[Any, Any], effort: Effort = DEFAULT) -> tuple[Hint, list[Json] | None]:
    """The searched hint and, when the solver found one from this very position with
    nothing unseen, its winning line (for the worker to keep)."""
    if game.status != "playing":
        return None, None
    return games.get(game.name).hints.searched(game, effort)


def quick_hint(game: Game[Any, Any]) -> Hint:
    """Advice without search, from the seed pages' tips, under the no-cycle rule: what the
    API answers when the worker's hint is not ready in time. It reads only the public board."""
    if game.status != "playing":
        return None
    return games.get(game.name).hints.quick(game)


def describe(game: Game[Any, Any], move: Json, *, searched: bool) -> Json:
    """The hint object for a legal ``move`` in ``game`` (its reason worked out here)."""
    typed = game.parse_move(move)
    return make_hint(
        typed.to_dict(), games.get(game.name).hints.reason(game.state, typed), searched
    )


def leads_somewhere_new(game: Game[Any, Any], move: Json) -> bool:
    """Whether ``move`` is legal in ``game`` and leads to a position its line has not been in
    (how a kept line's next move is checked before it is served as a hint)."""
    return Line.of(game, games.get(game.name).hints.public_key).fresh_json(move)


__all__ = [
    "HINT_SECONDS",
    "REASONS",
    "Effort",
    "Hint",
    "describe",
    "forty_thieves",
    "gaps",
    "hint",
    "hint_move",
    "leads_somewhere_new",
    "pyramid",
    "quick_hint",
    "searched",
]
