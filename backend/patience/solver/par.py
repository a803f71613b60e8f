"""Par: the fewest moves of a known winning line, for the worker to compute per deal.

One entry point, :func:`find_par`, for every game:

- **Pyramid**: the proven minimum. The exact solver decides the position first (a loss is
  proven there at once, and a win gives a first line); then an optimal search
  (:mod:`patience.solver.pyramid_par`) looks for a shorter line, and if it finishes, the
  result is proven the fewest.
- **Gaps** and **Forty Thieves**: the shortest line found so far, never proven: the solver's
  line, shortened where that is cheap and sound (:func:`shorten`).

Moves are counted as the game counts them (``len(game.moves)`` after replaying the line), and
every line returned has been replayed to a win in the engine.

>>> from patience.games import new_game
>>> from patience.solver.pyramid import PyramidAdapter
>>> par = find_par(new_game("pyramid", deal=12), PyramidAdapter.from_game, Budget(seconds=10),
...                optimal=pyramid_par)
>>> par.moves, par.proven, len(par.line)
(37, True, 37)
>>> find_par(new_game("pyramid", deal=3), PyramidAdapter.from_game).to_json()["moves"] is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from patience.engine import Game
from patience.engine.game import Json
from patience.solver import AdapterOf
from patience.solver.core import Budget, solve
from patience.solver.pyramid import PyramidAdapter
from patience.solver.pyramid_par import ParSearch


@dataclass(frozen=True, slots=True)
class Par:
    """A position's par.

    ``moves`` is the length of ``line``, a winning line from the position (``None``: none
    known). ``proven`` says the figure is final: ``moves`` is the fewest possible, or, with
    ``moves`` None, the position is proven lost. ``nodes`` and ``seconds`` are the work done.
    """

    moves: int | None
    proven: bool
    line: list[Json] | None
    nodes: int
    seconds: float

    def to_json(self) -> Json:
        return {
            "moves": self.moves,
            "proven": self.proven,
            "line": self.line,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }


def find_par(
    game: Game[Any, Any],
    adapter_of: AdapterOf,
    budget: Budget | None = None,
    *,
    optimal: Callable[..., Any] | None = None,
) -> Par:
    """The par of ``game``'s current position within ``budget`` (``game`` is left as it was),
    searched with the game's adapter (``adapter_of``) or its ``optimal`` par search.

    Pyramid gives a proven par when the search finishes in time; otherwise (and in the other
    games) the shortest line found, not proven. A position lost for certain has
    ``moves=None, proven=True``; one undecided when the budget ran out ``moves=None,
    proven=False``.
    """
    budget = budget or Budget()
    began = budget.clock()
    if optimal is not None:
        return cast(Par, optimal(game, budget, began))
    result = solve(*adapter_of(game), budget)
    if result.solution is None:
        return Par(None, result.verdict == "unwinnable", None, result.nodes, _since(budget, began))
    line = shorten(game, result.solution, _rest(budget, began))
    _check_win(game, line)
    return Par(len(line), False, line, result.nodes, _since(budget, began))


def pyramid_par(game: Game[Any, Any], budget: Budget, began: float) -> Par:
    """Pyramid's proven par: the fewest moves, by an optimal search bounded by the
    solver's own line."""
    adapter, start = PyramidAdapter.from_game(game)
    first = solve(adapter, start, budget)
    if first.solution is None:
        return Par(None, first.verdict == "unwinnable", None, first.nodes, _since(budget, began))
    known = len(first.solution)
    search = ParSearch(adapter, _rest(budget, began), upper=known)
    found = search.run(start)
    nodes = first.nodes + found.nodes
    # Nothing shorter found: the solver's own line stands, proven the fewest or not.
    line = first.solution if found.line is None else adapter.move_json(found.line)
    _check_win(game, line)
    return Par(len(line), found.proven, line, nodes, _since(budget, began))


def shorten(game: Game[Any, Any], line: list[Json], budget: Budget | None = None) -> list[Json]:
    """``line`` (a winning line from ``game``'s position) without detours: wherever the line
    comes back to a position it has been in, the moves between are dropped, and wherever one
    legal move leads to a position the line reaches later, it replaces the moves between.
    Repeated until nothing changes or ``budget`` runs out (its ``nodes`` count the positions
    whose moves are looked at: a line shortened on nodes alone is the same on any machine);
    the result reaches the same end and is never longer.

    >>> from patience.games import new_game
    >>> there = {"type": "move", "card": "2C", "to": "r3c0"}
    >>> back = {"type": "move", "card": "2C", "to": "r0c0"}
    >>> shorten(new_game("gaps", deal=13), [there, back, there])  # a detour, dropped
    [{'type': 'move', 'card': '2C', 'to': 'r3c0'}]
    """
    budget = budget or Budget()
    clock = budget.clock
    deadline = None if budget.seconds is None else clock() + budget.seconds
    looked = [0]  # positions looked at, against budget.nodes

    def more() -> bool:
        """Whether the budget allows looking at one more position's moves."""
        if budget.nodes is not None:
            looked[0] += 1
            if looked[0] > budget.nodes:
                return False
        if budget.cancelled is not None and budget.cancelled():
            return False
        return deadline is None or clock() < deadline

    while True:
        states, moves = _replay(game, line)
        shorter = _shortcut(game, states, moves, more)
        if len(shorter) >= len(line):
            return line
        line = shorter
        if not more():
            return line


def _replay(game: Game[Any, Any], line: list[Json]) -> tuple[list[Any], list[Any]]:
    """The states along ``line`` (the start first) and its moves, parsed."""
    replay = type(game).from_position(game.position(), game.options)
    states, moves = [replay.state], []
    for data in line:
        move = replay.parse_move(data)
        state, _ = replay.apply(states[-1], move)
        states.append(state)
        moves.append(move)
    return states, moves


def _shortcut(
    game: Game[Any, Any], states: list[Any], moves: list[Any], more: Callable[[], bool]
) -> list[Json]:
    """One sweep of :func:`shorten`: from the start, jump to the latest point of the line that
    the current position reaches in at most one move. Once ``more`` says no, the rest of the
    line is kept as it is (loops are still cut: that costs nothing)."""
    last = {state: n for n, state in enumerate(states)}  # each position's latest visit
    out: list[Json] = []
    here = 0
    end = len(states) - 1
    going = True
    while here < end:
        state = states[here]
        here_again = last[state]
        if here_again > here:  # a loop: the line comes back here later
            here = here_again
            continue
        target, via = here + 1, moves[here]
        going = going and more()
        if going:
            for move in game.legal(state):
                after, _ = game.apply(state, move)
                reached = last.get(after, -1)
                if reached > target:
                    target, via = reached, move
        out.append(via.to_dict())
        here = target
    return out


def _check_win(game: Game[Any, Any], line: list[Json]) -> None:
    """Replay ``line`` from ``game``'s position; it must win (else the solver is wrong)."""
    replay = type(game).from_position(game.position(), game.options)
    for data in line:
        replay.play(data)
    if replay.status != "won":
        raise AssertionError("a par line that does not win")


def _rest(budget: Budget, began: float) -> Budget:
    """What is left of ``budget`` after the time spent since ``began``."""
    if budget.seconds is None:
        return budget
    left = max(0.0, budget.seconds - (budget.clock() - began))
    return Budget(budget.nodes, left, budget.cancelled, budget.clock)


def _since(budget: Budget, began: float) -> float:
    return budget.clock() - began
