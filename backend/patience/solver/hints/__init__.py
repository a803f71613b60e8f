"""Hints: one move worth making, under the honesty rule of SPEC §2, and never back to a
position the game has already been in.

Each game has a *searched* hint (the worker's: solver runs, on samples of the unseen stock
order while cards are unseen) and *search-free* advice (what the API answers when the
worker's hint is not ready in time). A hint is ``{"move": move}`` or ``{"action": "draw"}``
with ``"reason"`` (one of :data:`REASONS`, for the client to word) and ``"searched"``
(whether a search chose it); ``None`` when no move leads anywhere new.

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

from collections.abc import Callable
from typing import Any

from patience.engine import Game
from patience.solver.hints import forty_thieves, gaps, pyramid
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

Searched = Callable[[Game[Any, Any], Effort], tuple[Hint, list[Json] | None]]

HINTS: dict[str, Searched] = {
    "pyramid": pyramid.searched,
    "gaps": gaps.searched,
    "forty-thieves": forty_thieves.searched,
}
"""The searched hint of each game (run by the worker), with a winning line when one was
found from the position itself (everything seen)."""

QUICK: dict[str, Callable[[Game[Any, Any]], Hint]] = {
    "pyramid": pyramid.quick,
    "gaps": gaps.quick,
    "forty-thieves": forty_thieves.quick,
}
"""The search-free advice of each game."""

PUBLIC_KEYS: dict[str, Callable[[Any], Any]] = {
    "pyramid": pyramid.public_key,
    "gaps": gaps.public_key,
    "forty-thieves": forty_thieves.public_key,
}
"""What the player sees of a state, per game: the key of the no-cycle rule."""


def hint(game: Game[Any, Any], effort: Effort = DEFAULT) -> Hint:
    """The searched hint (the worker's), or ``None`` when nothing leads anywhere new."""
    return searched(game, effort)[0]


def searched(game: Game[Any, Any], effort: Effort = DEFAULT) -> tuple[Hint, list[Json] | None]:
    """The searched hint and, when the solver found one from this very position with
    nothing unseen, its winning line (for the worker to keep)."""
    if game.status != "playing":
        return None, None
    return HINTS[game.name](game, effort)


def quick_hint(game: Game[Any, Any]) -> Hint:
    """Advice without search, from the seed pages' tips, under the no-cycle rule: what the
    API answers when the worker's hint is not ready in time. It reads only the public board."""
    if game.status != "playing":
        return None
    return QUICK[game.name](game)


REASON_OF: dict[str, Callable[[Any, Any], str]] = {
    "pyramid": pyramid.reason,
    "gaps": gaps.reason,
    "forty-thieves": forty_thieves.reason,
}
"""Why a move is worth playing, per game: ``reason(state, typed move)``."""


def describe(game: Game[Any, Any], move: Json, *, searched: bool) -> Json:
    """The hint object for a legal ``move`` in ``game`` (its reason worked out here)."""
    typed = game.parse_move(move)
    return make_hint(typed.to_dict(), REASON_OF[game.name](game.state, typed), searched)


def leads_somewhere_new(game: Game[Any, Any], move: Json) -> bool:
    """Whether ``move`` is legal in ``game`` and leads to a position its line has not been in
    (how a kept line's next move is checked before it is served as a hint)."""
    return Line.of(game, PUBLIC_KEYS[game.name]).fresh_json(move)


__all__ = [
    "HINTS",
    "HINT_SECONDS",
    "PUBLIC_KEYS",
    "QUICK",
    "REASONS",
    "REASON_OF",
    "Effort",
    "Hint",
    "describe",
    "hint",
    "hint_move",
    "leads_somewhere_new",
    "quick_hint",
    "searched",
]
