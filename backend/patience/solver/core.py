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

**Beams.** An adapter that can score states (:class:`BeamAdapter`) may also ask for beam searches
first (:class:`BeamSearch`): breadth-first, keeping only the best-scored states of each layer.
Where wins are common but deep, a guide that looks at the whole layer finds them far sooner
than depth-first search, which spends its budget below its first few choices.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar, cast

from patience.engine.deal import SplitMix64
from patience.solver import native

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


class Probing(Protocol):
    """What an adapter adds to ask for probes before its search (see :func:`solve`)."""

    def probes(self, start: Any) -> int:
        """How many probes to run from ``start`` (0: none)."""


class BeamAdapter(Adapter[S, M], Protocol[S, M]):
    """An adapter that can guide beam searches, run before its search (see :func:`solve`)."""

    def beam_widths(self, start: S) -> Sequence[int]:
        """The widths of the beam searches to run from ``start``, in order (empty: none)."""

    def score(self, state: S) -> int:
        """How promising ``state`` looks (higher is closer to a win): the beam's guide."""

    def beam_successors(self, state: S) -> Iterator[tuple[M, S]]:
        """The moves a beam expands (as :meth:`Adapter.successors`; it may differ, e.g. skip
        a reduction that preserves only what an exhaustive search needs)."""


class Diving(Protocol):
    """What an adapter adds to ask for short depth-first searches under other move orders
    before its beams (see :func:`solve`)."""

    def dives(self, start: Any) -> Sequence[Adapter[Any, Any]]:
        """Adapters of the same game and moves, in other orders (empty: none)."""


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
    """Limits on one search. ``None`` means no limit. ``seconds`` are read on ``clock``:
    wall-clock time by default, or e.g. ``time.process_time`` for the CPU time this process
    gets (on a shared machine, what one core gives the search)."""

    nodes: int | None = None
    seconds: float | None = None
    cancelled: Callable[[], bool] | None = None
    clock: Callable[[], float] = time.perf_counter


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


def _check(budget: Budget, deadline: float | None) -> None:
    """Raise :class:`_OutOfBudget` past the deadline or once cancelled."""
    if deadline is not None and budget.clock() > deadline:
        raise _OutOfBudget
    if budget.cancelled is not None and budget.cancelled():
        raise _OutOfBudget


class Search(Generic[S, M]):
    """One depth-first search (see the module docstring)."""

    CHECK_EVERY: ClassVar[int] = 128  # nodes between clock and cancellation checks (slow nodes)

    def __init__(self, adapter: Adapter[S, M], budget: Budget | None = None) -> None:
        self.adapter = adapter
        self.budget = budget or Budget()
        self.lost: dict[Hashable, int] = {}
        self.nodes = 0

    def run(self, start: S) -> Result:
        clock = self.budget.clock
        began = clock()
        deadline = None if self.budget.seconds is None else began + self.budget.seconds
        try:
            line = self._search(start, deadline)
        except _OutOfBudget:
            return Result("unknown", None, self.nodes, clock() - began)
        elapsed = clock() - began
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
                _check(self.budget, deadline)
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


class BeamSearch(Generic[S, M]):
    """Beam search: layer by layer, each layer's new states (by key) scored by the adapter
    and only the best ``width`` kept. New states are not tested for death: the test costs
    more than the beam slots it frees (Gaps without redeals, deals 1…30: the same 19 wins
    either way, 10 % faster without).

    Wins come with their line. A beam that never had to drop a state searched the whole
    space breadth-first, so when it ends without a win that is a proof: ``unwinnable``.
    Otherwise an empty beam, like a spent budget, is ``unknown``.

    With ``keep_best`` (the hints' guided beam) a search also remembers the best-scored
    state it kept, scored by ``score`` (else the adapter's), sorts every layer, and starts
    even from a state the adapter calls dead; a spent budget then still gives that line.
    """

    def __init__(
        self,
        adapter: BeamAdapter[S, M],
        width: int,
        budget: Budget | None = None,
        *,
        score: Callable[[S], int] | None = None,
        keep_best: bool = False,
    ) -> None:
        self.adapter = adapter
        self.width = width
        self.budget = budget or Budget()
        self.score = score or adapter.score
        self.keep_best = keep_best
        self.nodes = 0
        self.line: list[M] = []
        """After :meth:`run`: the winning line; or, with ``keep_best``, the line to the
        best-scored state seen (ties: the shallower, then the first found), which hints
        follow when no win is in reach."""
        self.best_score = 0

    def run(self, start: S) -> Result:
        clock = self.budget.clock
        began = clock()
        deadline = None if self.budget.seconds is None else began + self.budget.seconds
        try:
            line, complete = self._search(start, deadline)
        except _OutOfBudget:
            line, complete = None, False
        elapsed = clock() - began
        stats = {"beam": self.width}
        if line is not None:
            return Result("winnable", self.adapter.move_json(line), self.nodes, elapsed, stats)
        verdict: Verdict = "unwinnable" if complete else "unknown"
        return Result(verdict, None, self.nodes, elapsed, stats)

    def _search(self, start: S, deadline: float | None) -> tuple[list[M] | None, bool]:
        """The winning line (or None) and whether no state was ever dropped."""
        adapter, keep_best, score = self.adapter, self.keep_best, self.score
        key_of, is_won, is_dead = adapter.key, adapter.is_won, adapter.is_dead
        successors = getattr(adapter, "beam_successors", adapter.successors)
        if is_won(start):
            self.line = []
            return [], True
        if not keep_best and is_dead(start):
            return None, True
        seen = {key_of(start)}
        # Each layer: (state, index of its parent in the layer before, the move from it).
        layers: list[list[tuple[S, int, M | None]]] = [[(start, -1, None)]]
        best = (score(start), 0) if keep_best else (0, 0)  # (score, layer)
        max_nodes = self.budget.nodes if self.budget.nodes is not None else 1 << 62
        complete, spent, won = True, False, False
        try:
            while layers[-1]:
                scored: list[tuple[int, int, S, int, M]] = []
                try:
                    for parent, (state, _, _) in enumerate(layers[-1]):
                        for move, after in successors(state):
                            key = key_of(after)
                            if key in seen:
                                continue
                            seen.add(key)
                            self.nodes += 1
                            if self.nodes % Search.CHECK_EVERY == 0:
                                _check(self.budget, deadline)
                            if self.nodes > max_nodes:
                                raise _OutOfBudget
                            if is_won(after):
                                self.line, won = self._line(layers, parent, move), True
                                return self.line, complete
                            # The count keeps the sort stable and off the states themselves.
                            scored.append((-score(after), len(scored), after, parent, move))
                except _OutOfBudget:
                    if not keep_best:
                        raise
                    spent = True  # the layer so far still counts for the best line
                if len(scored) > self.width or keep_best:
                    complete = complete and len(scored) <= self.width
                    scored.sort(key=lambda entry: entry[:2])
                    del scored[self.width :]
                layers.append([(after, parent, move) for _, _, after, parent, move in scored])
                if keep_best and scored and -scored[0][0] > best[0]:
                    best = (-scored[0][0], len(layers) - 1)
                if spent:
                    raise _OutOfBudget
        finally:
            if keep_best and not won:
                self.best_score, depth = best
                if depth:
                    _, parent, move = layers[depth][0]
                    assert move is not None
                    self.line = self._line(layers[:depth], parent, move)
        return None, complete

    @staticmethod
    def _line(layers: list[list[tuple[S, int, M | None]]], parent: int, last: M) -> list[M]:
        """The moves from the start to the child of ``layers[-1][parent]`` reached by ``last``."""
        line = [last]
        for layer in reversed(layers):
            _, parent, move = layer[parent]
            if move is not None:
                line.append(move)
        line.reverse()
        return line


DIVE_SHARE = 0.08
"""The share of the whole budget that each of an adapter's dives may spend."""

BEAM_SHARE = 0.6
"""The share of what is left of a budget that each of an adapter's beams may spend."""

PROBE_SHARE = 0.5
"""The share of what is left of a budget after the beams that the probes may spend."""


def portfolio(adapter: Adapter[S, M], start: S) -> list[tuple[str, int]]:
    """The searches :func:`solve` runs before its own, in order, as ``(kind, n)``: the first
    beam (``n`` its width), the dives (``n`` counts from 1), the other beams, the probes."""
    # Duck-typed tests: an adapter does not subclass the protocols.
    widths = (
        list(cast(BeamAdapter[S, M], adapter).beam_widths(start))
        if hasattr(adapter, "score")
        else []
    )
    dives = len(cast(Diving, adapter).dives(start)) if hasattr(adapter, "dives") else 0
    probes = cast(Probing, adapter).probes(start) if hasattr(adapter, "probes") else 0
    beams = [("beam", width) for width in widths]
    return [
        *beams[:1],
        *[("dive", n) for n in range(1, dives + 1)],
        *beams[1:],
        *[("probe", n) for n in range(1, probes + 1)],
    ]


def solve(adapter: Adapter[S, M], start: S, budget: Budget | None = None) -> Result:
    """Search from ``start``: natively when the adapter has a native twin and the native
    core is in use (:mod:`patience.solver.native`), else :func:`solve_python`. The same
    portfolio and verdict semantics either way (natively, under a time budget, with wider
    beams: :func:`solve_native`)."""
    twin = native.twin_of(adapter, start)
    if twin is not None:
        return solve_native(adapter, twin, start, budget)
    return solve_python(adapter, start, budget)


def native_plan(
    adapter: Adapter[S, M], start: S, reference: bool = False
) -> list[tuple[int, int, int, float]]:
    """:func:`portfolio` as the native core's plan: ``(kind, n, order, share)`` per search
    (``order``: the move order of a dive's adapter, its ``native_order``). The native core
    spends its speed on wider beams: an adapter's ``native_widths`` replace its
    ``beam_widths`` unless ``reference`` (the Python search exactly, as the tests compare)."""
    phases = portfolio(adapter, start)
    if not reference and hasattr(adapter, "native_widths"):
        wider = [("beam", width) for width in adapter.native_widths(start)]
        phases = wider[:1] + [p for p in phases if p[0] != "beam"]
        phases[1 + sum(kind == "dive" for kind, _ in phases) : 1] = wider[1:]
    probes = sum(kind == "probe" for kind, _ in phases)
    dives = cast(Diving, adapter).dives(start) if hasattr(adapter, "dives") else ()
    order = int(getattr(adapter, "native_order", 0))
    plan = []
    for kind, n in phases:
        if kind == "beam":
            plan.append((native.BEAM, n, order, BEAM_SHARE))
        elif kind == "dive":
            plan.append((native.DIVE, n, int(cast(Any, dives[n - 1]).native_order), DIVE_SHARE))
        else:
            plan.append((native.PROBE, n, order, PROBE_SHARE / probes))
    return plan


def solve_native(
    adapter: Adapter[S, M],
    twin: native.Twin,
    start: S,
    budget: Budget | None = None,
    reference: bool = False,
) -> Result:
    """:func:`solve_python`'s portfolio, run by the native core in one call: under a time
    budget with the adapter's wider native beams (:func:`native_plan`); under a node budget,
    or with ``reference``, exactly the Python search, node for node."""
    budget = budget or Budget()
    limited = budget.nodes is not None or budget.seconds is not None
    # A node budget pins the search (tests, benches): there it is the reference exactly.
    reference = reference or budget.nodes is not None
    plan = native_plan(adapter, start, reference) if limited else []
    verdict, line, nodes, seconds, phase, n = twin.search(plan, budget)
    kinds: tuple[Verdict, ...] = ("unknown", "winnable", "unwinnable")
    solution = adapter.move_json(twin.moves(line)) if verdict == 1 else None
    return Result(kinds[verdict], solution, nodes, seconds, {phase: n} if phase else {})


def solve_python(adapter: Adapter[S, M], start: S, budget: Budget | None = None) -> Result:
    """Search from ``start`` in Python; see :class:`Search`.

    With a budget, an adapter may ask for a *portfolio* of searches first, within the same
    budget (:func:`portfolio`): *beams* (:class:`BeamAdapter`), each allowed
    :data:`BEAM_SHARE` of what is left; after the first beam, *dives* (:class:`Diving`),
    depth-first searches under other move orders, each allowed :data:`DIVE_SHARE` of the
    whole budget (where depth-first luck is heavy-tailed, another order's quick wins are
    cheap to take); last *probes* (:class:`Probing`), short depth-first searches under
    perturbed orders, which find wins where a good first move order leads into one huge
    losing subtree, sharing :data:`PROBE_SHARE` of what is left. The first of these that
    decides (a win, or a loss proven by exhausting the space) settles the verdict; otherwise
    the ordinary search runs with what is left, from a fresh table, so that ``unwinnable``
    still means one whole search exhausted the space. Without a budget there is no
    portfolio (the search will decide anyway).
    """
    budget = budget or Budget()
    limited = budget.nodes is not None or budget.seconds is not None
    phases = portfolio(adapter, start) if limited else []
    clock = budget.clock
    began = clock()
    spent = 0
    probe: Budget | None = None

    def left(share: float = 1.0, whole: bool = False) -> Budget:
        """``share`` of what is left of the budget (``whole``: of the whole budget, or what
        is left if less)."""
        nodes: int | None = None
        seconds: float | None = None
        if budget.nodes is not None:
            nodes = max(0, budget.nodes - spent)
            nodes = max(1, min(nodes, int(budget.nodes * share)) if whole else int(nodes * share))
        if budget.seconds is not None:
            seconds = max(0.0, budget.seconds - (clock() - began))
            seconds = min(seconds, budget.seconds * share) if whole else seconds * share
        return Budget(nodes, seconds, budget.cancelled, clock)

    for kind, n in phases:
        if kind == "beam":
            beaming = cast(BeamAdapter[S, M], adapter)
            result = BeamSearch(beaming, n, left(BEAM_SHARE)).run(start)
        elif kind == "dive":
            diver = cast(Diving, adapter).dives(start)[n - 1]
            result = Search(diver, left(DIVE_SHARE, whole=True)).run(start)
        else:
            probe = probe or left(PROBE_SHARE / sum(k == "probe" for k, _ in phases))
            result = Search(Perturbed(adapter, n), probe).run(start)
        spent += result.nodes
        if result.verdict != "unknown":
            result.stats[kind] = n
            break
        if budget.cancelled is not None and budget.cancelled():
            result = Result("unknown", None, 0, 0.0)
            break
    else:
        result = Search(adapter, left()).run(start)
        spent += result.nodes
    result.nodes, result.seconds = spent, clock() - began
    return result
