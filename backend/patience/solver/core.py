"""The search core shared by every game's solver.

Depth-first search over compact states with budgets in nodes and seconds and cooperative
cancellation. A game plugs in through an :class:`Adapter`. Verdicts are honest: ``winnable``
comes with a solution line, ``unwinnable`` only when the whole space was exhausted,
``unknown`` whenever a budget ran out.

**Transposition table with dominance.** An adapter keys each state as ``(group, rank)``: two
states of one group differ only in a way that is totally ordered by strength, the lower rank
being at least as good (it can reach the other, e.g. Pyramid's earlier point in the stock
walk). The table remembers, per group, the lowest rank of a state whose whole subtree failed;
any state of that group with a rank no lower is lost too and is not searched again. States on
the current path are skipped when met again (cycles), unless the adapter declares
``acyclic = True`` (every move makes progress, so no path repeats a state and the check is
saved). Games without such an order use rank 0.

**Probes.** An adapter may ask :func:`solve` for short searches under perturbed move orders
before the real one (:class:`Probing`, :class:`Perturbed`): depth-first search's luck with its
first choices is heavy-tailed, and a few cheap restarts find wins it would not.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

from patience.engine.deal import SplitMix64

Verdict = Literal["winnable", "unwinnable", "unknown"]

S = TypeVar("S")
M = TypeVar("M")


class Adapter(Protocol[S, M]):
    """What the core needs to know about a game, on the game's own compact encoding."""

    def key(self, state: S) -> tuple[Hashable, int]:
        """``(group, rank)``: the canonical group of ``state`` and its rank within the group
        (lower is at least as strong; see the module docstring)."""

    def is_won(self, state: S) -> bool: ...

    def is_dead(self, state: S) -> bool:
        """Cheap proof that ``state`` cannot be won (pruning); False when unsure."""

    def successors(self, state: S) -> Iterator[tuple[M, S]]:
        """Moves worth trying from ``state``, best first, with the state each leads to.

        An adapter may collapse forced moves into one step (several moves in ``M``)."""

    def move_json(self, moves: Sequence[M]) -> list[dict[str, Any]]:
        """A solution line in API.md's move format."""


@runtime_checkable
class Probing(Protocol):
    """What an adapter adds to ask for probes before its search (see :func:`solve`)."""

    def probes(self, start: Any) -> int:
        """How many probes to run from ``start`` (0: none)."""


class Perturbed(Generic[S, M]):
    """An adapter with its move order perturbed, deterministically by ``seed``: each move's
    place in the adapter's best-first order moves by up to two places at random."""

    def __init__(self, adapter: Adapter[S, M], seed: int) -> None:
        self.adapter = adapter
        self.acyclic = getattr(adapter, "acyclic", False)
        self._rng = SplitMix64(seed)
        self.key, self.is_won, self.is_dead = adapter.key, adapter.is_won, adapter.is_dead
        self.move_json = adapter.move_json

    def successors(self, state: S) -> Iterator[tuple[M, S]]:
        moves = list(self.adapter.successors(state))
        if len(moves) > 1:
            below = self._rng.below
            keyed = sorted((4 * n + below(12), n) for n in range(len(moves)))
            moves = [moves[n] for _, n in keyed]
        return iter(moves)


@dataclass(frozen=True, slots=True)
class Budget:
    """Limits on one search. ``None`` means no limit."""

    nodes: int | None = None
    seconds: float | None = None
    cancelled: Callable[[], bool] | None = None


@dataclass(slots=True)
class Result:
    verdict: Verdict
    solution: list[dict[str, Any]] | None
    nodes: int
    seconds: float
    stats: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "solution": self.solution,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            **({"stats": self.stats} if self.stats else {}),
        }


class _OutOfBudget(Exception):
    pass


class Search(Generic[S, M]):
    """One depth-first search (see the module docstring)."""

    CHECK_EVERY = 128  # nodes between clock and cancellation checks (some nodes are slow)

    def __init__(self, adapter: Adapter[S, M], budget: Budget | None = None) -> None:
        self.adapter = adapter
        self.budget = budget or Budget()
        self.lost: dict[Hashable, int] = {}
        self.nodes = 0

    def run(self, start: S) -> Result:
        began = time.perf_counter()
        deadline = None if self.budget.seconds is None else began + self.budget.seconds
        try:
            line = self._search(start, deadline)
        except _OutOfBudget:
            return Result("unknown", None, self.nodes, time.perf_counter() - began)
        elapsed = time.perf_counter() - began
        if line is None:
            return Result("unwinnable", None, self.nodes, elapsed)
        return Result("winnable", self.adapter.move_json(line), self.nodes, elapsed)

    def _search(self, start: S, deadline: float | None) -> list[M] | None:
        """Iterative DFS (no recursion limit); returns the winning line or None."""
        adapter, lost = self.adapter, self.lost
        key_of, is_won, is_dead = adapter.key, adapter.is_won, adapter.is_dead
        successors = adapter.successors
        if is_won(start):
            return []
        if is_dead(start):
            return None
        # Adapters whose every move makes progress (``acyclic``) need no cycle check.
        cyclic = not getattr(adapter, "acyclic", False)
        path: list[M] = []
        keys = [key_of(start)]
        on_path = {keys[0]}
        stack: list[Iterator[tuple[M, S]]] = [successors(start)]
        max_nodes = self.budget.nodes if self.budget.nodes is not None else 1 << 62
        check_every = self.CHECK_EVERY
        while stack:
            step = next(stack[-1], None)
            if step is None:  # every successor failed: this state is lost
                stack.pop()
                group, rank = key = keys.pop()
                on_path.discard(key)
                if rank < lost.get(group, rank + 1):
                    lost[group] = rank
                if path:
                    path.pop()
                continue
            move, state = step
            key = key_of(state)
            group, rank = key
            if lost.get(group, rank + 1) <= rank or (cyclic and key in on_path):
                continue
            self.nodes += 1
            if self.nodes % check_every == 0:
                self._check(deadline)
            if self.nodes > max_nodes:
                raise _OutOfBudget
            if is_won(state):
                return [*path, move]
            if is_dead(state):
                if rank < lost.get(group, rank + 1):
                    lost[group] = rank
                continue
            path.append(move)
            keys.append(key)
            if cyclic:
                on_path.add(key)
            stack.append(successors(state))
        return None

    def _check(self, deadline: float | None) -> None:
        if deadline is not None and time.perf_counter() > deadline:
            raise _OutOfBudget
        if self.budget.cancelled is not None and self.budget.cancelled():
            raise _OutOfBudget


PROBE_SHARE = 0.5
"""The share of a budget that an adapter's probes may spend (see :func:`solve`)."""


def solve(adapter: Adapter[S, M], start: S, budget: Budget | None = None) -> Result:
    """Search from ``start``; see :class:`Search`.

    An adapter may ask for *probes* first (:class:`Probing`). Where a good first move order
    leads depth-first search into one huge losing subtree, short searches under perturbed
    orders find many wins that the one long search does not. Probes share
    :data:`PROBE_SHARE` of the budget equally; a probe that decides — a win, or a loss proven
    by exhausting the space — settles the verdict, and otherwise the ordinary search runs with
    what is left, from a fresh table, so that ``unwinnable`` still means one whole search
    exhausted the space. Without a budget there are no probes (the search will decide
    anyway).
    """
    budget = budget or Budget()
    limited = budget.nodes is not None or budget.seconds is not None
    count = adapter.probes(start) if limited and isinstance(adapter, Probing) else 0
    if not count:
        return Search(adapter, budget).run(start)
    began = time.perf_counter()
    spent = 0
    share = PROBE_SHARE / count
    for seed in range(1, count + 1):
        probe = Budget(
            nodes=None if budget.nodes is None else max(1, int(budget.nodes * share)),
            seconds=None if budget.seconds is None else budget.seconds * share,
            cancelled=budget.cancelled,
        )
        result = Search(Perturbed(adapter, seed), probe).run(start)
        spent += result.nodes
        if result.verdict != "unknown":
            result.nodes, result.seconds = spent, time.perf_counter() - began
            result.stats["probe"] = seed
            return result
        if budget.cancelled is not None and budget.cancelled():
            return Result("unknown", None, spent, time.perf_counter() - began)
    rest = Budget(
        nodes=None if budget.nodes is None else max(0, budget.nodes - spent),
        seconds=None
        if budget.seconds is None
        else max(0.0, budget.seconds - (time.perf_counter() - began)),
        cancelled=budget.cancelled,
    )
    result = Search(adapter, rest).run(start)
    result.nodes += spent
    result.seconds = time.perf_counter() - began
    return result
