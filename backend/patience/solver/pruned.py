"""A search that never enters positions already proven lost (:class:`Pruned`): the dead ends
earlier analyses of the same game proved (:mod:`patience.jobs.tasks` keeps them per game)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, Generic

from patience.solver.core import Adapter, M, S


class Pruned(Generic[S, M]):
    """``adapter`` with states already proven lost (``forbidden``, keyed as the adapter keys
    them) never entered: dead ends an earlier search proved need no proof again, and no win
    goes through one, so every verdict stays the same. Everything else is the adapter's, its
    portfolio included (the native core takes the keys along:
    :func:`patience.solver.native.twin_of`)."""

    def __init__(self, adapter: Adapter[S, M], forbidden: set[Hashable]) -> None:
        self.adapter = adapter
        self.forbidden = forbidden

    def __getattr__(self, name: str) -> Any:
        return getattr(self.adapter, name)

    def successors(self, state: S) -> Iterator[tuple[M, S]]:
        return self._prune(self.adapter.successors(state))

    def beam_successors(self, state: S) -> Iterator[tuple[M, S]]:
        return self._prune(getattr(self.adapter, "beam_successors", self.adapter.successors)(state))

    def _prune(self, steps: Iterator[tuple[M, S]]) -> Iterator[tuple[M, S]]:
        key, forbidden = self.adapter.key, self.forbidden
        return iter([(m, s) for m, s in steps if key(s) not in forbidden])
