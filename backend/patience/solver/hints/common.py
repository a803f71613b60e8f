"""What every game's hints share: the hint object, the no-cycle rule, the searches' budgets,
an adapter that keeps a search off positions the game has already been in, and a guided beam
that answers with the most promising line when no win is found.

**No cycles.** Following hints never leads back to a position the game has already reached:
the game's own line knows every earlier state (undoing a copy of the game walks them back),
and each is keyed by its *public* position — what the player sees, never an unseen card — so
the rule itself depends on nothing hidden. A move whose result is one of those keys is never
suggested (undoing the last move's effect is such a move). The searches are kept off those
positions too (:class:`Avoiding`), so a line they find stays new all the way.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from patience.engine import Game
from patience.engine.cards import Card
from patience.engine.deal import SplitMix64
from patience.solver import native
from patience.solver.core import BeamSearch, Budget
from patience.solver.par import shorten

Json = dict[str, Any]
Hint = dict[str, Any] | None

REASONS = (
    "completes_pair",
    "removes_king",
    "frees_card",
    "to_foundation",
    "extends_run",
    "builds",
    "empties_column",
    "fills_gap",
    "collect",
    "draw_nothing_pairs",
    "draw",
    "recycle",
    "redeal",
)
"""Why a hint is worth playing: a fixed set of codes the client words (English, Japanese)."""

HINT_SECONDS = 0.9
"""Wall-clock cut-off of one searched hint, inside the API's wait for it (1.5 s, with the
job's hand-off, a preempted analysis's stop — up to 0.2 s — and the game's rebuild around
it: with 1.0 s, one hint in twenty missed the wait in Gaps on a loaded machine). It only
cuts a search short, to the search-free advice: the searched hint itself is decided by
its node budget (:class:`Effort`), so a loaded machine gives the same hint or none."""


def calibrated(native_nodes: int, pure_nodes: int) -> int:
    """A hint's node budget on the core in use (:data:`patience.solver.native.MODE`): each
    game calibrates both so that its hints stay within :data:`HINT_SECONDS` on a quiet
    machine (``bench/hints.py --calibrate``)."""
    return native_nodes if native.MODE == "native" else pure_nodes


@dataclass(frozen=True)
class Effort:
    """How much one searched hint may spend: search ``nodes`` (they decide the hint: the
    same position gets the same hint on any machine, loaded or not; ``None``: the game's
    calibrated budget) and a wall-clock cut-off of ``seconds`` (``None``: none). Past the
    cut-off the searches stop and the hint is the search-free advice (:meth:`cut`).

    A game's search starts with :meth:`start`, which fixes the nodes and the deadline;
    :meth:`share` splits the nodes, never the deadline."""

    seconds: float | None = HINT_SECONDS
    nodes: int | None = None
    until: float | None = None
    """The cut-off's deadline on ``time.perf_counter`` (set by :meth:`start`)."""

    def start(self, nodes: int) -> Effort:
        """This effort for one hint starting now: ``nodes`` unless it has its own."""
        until = None if self.seconds is None else time.perf_counter() + self.seconds
        return replace(self, nodes=self.nodes if self.nodes is not None else nodes, until=until)

    def share(self, part: float) -> Effort:
        return replace(self, nodes=None if self.nodes is None else max(1, int(self.nodes * part)))

    def cut(self) -> bool:
        """Whether the cut-off has passed: every search stops, and the hint is the advice."""
        return self.until is not None and time.perf_counter() > self.until

    def budget(self) -> Budget:
        """A search's budget: the nodes, and the cut-off as a cancellation (never a limit
        that could change what a search finds before it)."""
        if self.until is None:
            return Budget(nodes=self.nodes, seconds=self.seconds)
        return Budget(nodes=self.nodes, cancelled=self.cut)


DEFAULT = Effort()

SHORTEN_NODES = 40_000
"""Positions looked at to take the detours out of a winning line that is kept and followed
(the solvers' lines wander: Forty Thieves deal 3 took 6,667 moves where 322 do, Gaps deal
1748 5,288 where 316 do); counted, not timed, since the line's first move is the hint."""


def shortened(game: Game[Any, Any], line: list[Json], effort: Effort) -> list[Json]:
    """``line``, a winning line from ``game``'s position, without its detours
    (:func:`~patience.solver.par.shorten` on :data:`SHORTEN_NODES`; the hint's cut-off
    stops it, and then the whole hint is dropped for the advice)."""
    return shorten(game, line, Budget(nodes=SHORTEN_NODES, cancelled=effort.cut))


def make_hint(move: Json, reason: str, searched: bool) -> Json:
    """The hint object of API.md: ``{"move": …}`` or ``{"action": "draw"}``, with the reason
    and whether a search chose it."""
    assert reason in REASONS, reason
    head: Json = {"action": "draw"} if move == {"type": "draw"} else {"move": dict(move)}
    return {**head, "reason": reason, "searched": searched}


def hint_move(hint: Json) -> Json:
    """The move a hint asks for, in the game's JSON."""
    return dict(hint["move"]) if "move" in hint else {"type": "draw"}


def canonical(move: Json) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def public_seed(public: Any) -> int:
    """A 64-bit seed from public information only (a JSON-able value)."""
    text = json.dumps(public, sort_keys=True, separators=(",", ":"), default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def sampled_stocks(
    stock: Sequence[Card], unknown: Sequence[int], public: Any, count: int
) -> list[tuple[Card, ...]]:
    """``count`` stocks: ``stock`` with the cards at the ``unknown`` places (never seen)
    dealt again into those places, in orders drawn from a generator seeded by ``public``
    alone (:func:`public_seed`). The set of unseen cards is public (every card not seen);
    only their order is not, so two stocks that differ there give the same samples.

    >>> a = [Card.parse(c) for c in ("AS", "2H", "3D")]
    >>> b = [Card.parse(c) for c in ("AS", "3D", "2H")]
    >>> sampled_stocks(a, [1, 2], "x", 3) == sampled_stocks(b, [1, 2], "x", 3)
    True
    """
    places = set(unknown)
    hidden = sorted((stock[i] for i in unknown), key=lambda c: c.index)
    rng = SplitMix64(public_seed(public))
    out = []
    for _ in range(count):
        order = iter(rng.shuffle(hidden))
        out.append(tuple(next(order) if i in places else c for i, c in enumerate(stock)))
    return out


def settled(votes: Counter[str], left: int) -> bool:
    """Whether the ``left`` samples still to vote cannot change the leading move (a decision
    that depends on the votes so far only, so it stays honest)."""
    top = votes.most_common(2)
    return bool(top) and top[0][1] > (top[1][1] if len(top) > 1 else 0) + left


def pick(votes: Counter[str], fresh: dict[str, Any]) -> Any:
    """The fresh move (``fresh``: by :func:`canonical` JSON, in the engine's order) with the
    most votes (ties: the engine's order), or ``None`` when none has a vote."""
    order = list(fresh)
    ranked = sorted((k for k in votes if k in fresh), key=lambda k: (-votes[k], order.index(k)))
    return fresh[ranked[0]] if ranked else None


# -- the no-cycle rule ---------------------------------------------------------------------


def earlier_states(game: Game[Any, Any]) -> list[Any]:
    """Every state of ``game``'s line before the current one, latest first (a copy of the
    game is undone move by move: the states are the line's own, nothing is recomputed)."""
    twin = game.copy()
    out = []
    while twin.move_count:
        twin.undo()
        out.append(twin.state)
    return out


@dataclass
class Line:
    """A game and the public keys of every position its line has reached (the current one
    included): the positions a hint must never lead back to."""

    game: Game[Any, Any]
    public_key: Callable[[Any], Hashable]
    earlier: list[Any] = field(default_factory=list)
    keys: set[Hashable] = field(default_factory=set)

    @classmethod
    def of(cls, game: Game[Any, Any], public_key: Callable[[Any], Hashable]) -> Line:
        earlier = earlier_states(game)
        keys = {public_key(state) for state in earlier}
        keys.add(public_key(game.state))
        return cls(game, public_key, earlier, keys)

    def after(self, move: Any) -> Any:
        """The state a typed legal move leads to."""
        return self.game.apply(self.game.state, move)[0]

    def fresh(self, move: Any) -> bool:
        """Whether a typed legal move leads to a position the game has not been in."""
        return self.public_key(self.after(move)) not in self.keys

    def fresh_moves(self) -> list[Any]:
        """The typed legal moves that lead somewhere new, in the engine's order."""
        return [move for move in self.game.legal_here() if self.fresh(move)]

    def fresh_json(self, move: Json) -> bool:
        """:meth:`fresh` for a move in JSON (False when it is not legal here)."""
        try:
            typed = self.game.parse_move(move)
            return typed in self.game.legal_here() and self.fresh(typed)
        except Exception:  # a malformed or illegal move is no hint
            return False


# -- searches that avoid the line's positions -------------------------------------------------


class Avoiding:
    """A search adapter that never enters a state whose key is in ``forbidden`` (the
    positions the game's line has been in, keyed as the adapter keys states). Everything
    else is the wrapped adapter's; probes and dives are left out (a hint's search is short)."""

    def __init__(self, adapter: Any, forbidden: set[Hashable]) -> None:
        self.adapter = adapter
        self.forbidden = forbidden
        self.acyclic = getattr(adapter, "acyclic", False)
        self.key, self.is_won, self.is_dead = adapter.key, adapter.is_won, adapter.is_dead
        self.move_json = adapter.move_json

    def successors(self, state: Any) -> Iterator[tuple[Any, Any]]:
        return self._avoid(self.adapter.successors(state))

    def _avoid(self, steps: Iterator[tuple[Any, Any]]) -> Iterator[tuple[Any, Any]]:
        forbidden, key = self.forbidden, self.key
        if not forbidden:
            return steps
        return iter([(m, s) for m, s in steps if key(s) not in forbidden])


class AvoidingBeam(Avoiding):
    """:class:`Avoiding` for an adapter that guides beams (its beams kept, dives dropped)."""

    def beam_widths(self, start: Any) -> Sequence[int]:
        return tuple(self.adapter.beam_widths(start))

    def score(self, state: Any) -> int:
        return int(self.adapter.score(state))

    def beam_successors(self, state: Any) -> Iterator[tuple[Any, Any]]:
        return self._avoid(self.adapter.beam_successors(state))


def avoiding(adapter: Any, forbidden: set[Hashable]) -> Avoiding:
    return (
        AvoidingBeam(adapter, forbidden)
        if hasattr(adapter, "score")
        else Avoiding(adapter, forbidden)
    )


@dataclass
class Guided:
    """What a guided beam found: a win (``won``) or the most promising line it saw."""

    won: bool
    line: list[Any]
    score: int
    nodes: int


def guided_beam(
    adapter: Any,
    start: Any,
    score: Callable[[Any], int],
    *,
    width: int,
    nodes: int,
    cancelled: Callable[[], bool] | None = None,
) -> Guided:
    """The core's beam search (:class:`~patience.solver.core.BeamSearch`) guided by
    ``score``, from ``start`` until a win, ``nodes`` new states or ``cancelled`` (a hint's
    cut-off): the winning line, else the line to the best-scored state seen. ``adapter``
    may be :class:`Avoiding` (its states are then never met)."""
    budget = Budget(nodes=nodes, cancelled=cancelled)
    search = BeamSearch(adapter, width, budget, score=score, keep_best=True)
    won = search.run(start).verdict == "winnable"
    return Guided(won, search.line, 1 << 30 if won else search.best_score, search.nodes)
