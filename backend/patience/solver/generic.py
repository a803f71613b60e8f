"""A search adapter over the engine's own states: any game gets an exact solver on the day
it is registered, before (or instead of) a fast adapter on a compact encoding of its own.

It is as correct as the rules (it plays them), and slow: a fast adapter encodes states in
ints and orders moves well. States must be hashable (the engine's frozen dataclasses are);
without a dominance order every state is its own group of rank 0.

>>> from patience.games import new_game
>>> from patience.solver.core import Budget, solve
>>> result = solve(*EngineAdapter.from_game(new_game("pyramid", deal=1)), Budget(nodes=200_000))
>>> game = new_game("pyramid", deal=1)
>>> for move in result.solution: _ = game.play(move)
>>> result.verdict, game.status
('winnable', 'won')
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from patience.engine import Game


class EngineAdapter:
    """The search core's adapter (:class:`patience.solver.core.Adapter`) on engine states."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    @classmethod
    def from_game(cls, game: Game[Any, Any]) -> tuple[EngineAdapter, Any]:
        """The adapter and the game's current state (full information: a solver's view)."""
        return cls(game), game.state

    def key(self, state: Any) -> tuple[Hashable, int]:
        return state, 0

    def is_won(self, state: Any) -> bool:
        return self.game.is_won(state)

    def is_dead(self, state: Any) -> bool:
        return False

    def successors(self, state: Any) -> Iterator[tuple[Any, Any]]:
        for move in self.game.legal(state):
            yield move, self.game.apply(state, move)[0]

    def move_json(self, moves: Sequence[Any]) -> list[dict[str, Any]]:
        return [move.to_dict() for move in moves]
