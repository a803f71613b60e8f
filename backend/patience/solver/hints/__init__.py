"""Hints: one move worth making, under the honesty rule of SPEC §2, and never back to a
position the game has already been in.

Each game (its module here, named in its registry entry, :mod:`patience.games`) has a
*searched* hint (the worker's: solver runs, on samples of the unseen stock order while cards
are unseen) and *search-free* advice (what the API answers when the worker's hint is not
ready in time). A hint is ``{"move": move}`` or ``{"action": "draw"}`` with ``"reason"``
(one of :data:`REASONS`, for the client to word) and ``"searched"`` (whether a search chose
it); ``None`` when no move leads anywhere new. The registry asks a game's module by name
(:func:`patience.games.hint`, :func:`patience.games.quick_hint`).

- Pyramid (:mod:`.pyramid`): a vote over solver runs on samples; the exact solver once
  everything is seen.
- Gaps (:mod:`.gaps`): the exact solver, else a guided beam's most promising line.
- Forty Thieves (:mod:`.forty_thieves`): a vote over solver runs (else guided beams) on
  samples of the unseen stock; the exact solver once the stock holds no unseen card.
"""

from __future__ import annotations

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

__all__ = [
    "DEFAULT",
    "HINT_SECONDS",
    "REASONS",
    "Effort",
    "Hint",
    "Json",
    "Line",
    "hint_move",
    "make_hint",
]
