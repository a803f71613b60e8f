"""Back to the last winnable point: on a game whose position is proven lost, the latest
earlier position of its move line from which the deal could still be won.

Along one line, a lost position only leads to lost ones (a move cannot make a lost game
winnable), so the winnable positions are a prefix of the line and the lost ones the rest:
galloping back from the end, then bisecting, finds the boundary with a few exact searches,
the hardest (early positions) avoided when the boundary is near the end. Its answer is a
proof both ways — the found position is winnable (the solver's line from it wins) and the
one after it is lost, hence every later one — or ``inconclusive`` when a search runs out of
budget (an unknown position is never called lost).

>>> from patience.engine import new_game
>>> from patience.solver.pyramid import PyramidAdapter
>>> last_winnable(new_game("pyramid", deal=1), PyramidAdapter.from_game, 20, known_lost=False).found
0
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from patience.engine import Game
from patience.solver import AdapterOf, Budget, solve
from patience.solver.core import Verdict


@dataclass(frozen=True)
class Rewind:
    """Where the line could last still be won: ``found`` moves into it (``None``: nowhere,
    not even at the deal), unless ``inconclusive``; and what the searches cost."""

    found: int | None
    inconclusive: bool
    searches: int
    seconds: float


def last_winnable(
    game: Game[Any, Any], adapter_of: AdapterOf, seconds: float, *, known_lost: bool = True
) -> Rewind:
    """The last winnable point of ``game``'s line, searched with the game's adapter
    (``adapter_of``) within ``seconds`` in all (its current position is lost when
    ``known_lost``, as after an ``unwinnable`` analysis)."""
    began = time.perf_counter()
    line = game.moves
    searches = 0

    def verdict(length: int) -> Verdict:
        nonlocal searches
        searches += 1
        left = seconds - (time.perf_counter() - began)
        if left <= 0:
            return "unknown"
        return solve(*adapter_of(_position(game, line[:length])), Budget(seconds=left)).verdict

    def done(found: int | None, inconclusive: bool = False) -> Rewind:
        return Rewind(found, inconclusive, searches, time.perf_counter() - began)

    lost = len(line)
    if not known_lost:
        here = verdict(lost)
        if here != "unwinnable":
            return done(lost if here == "winnable" else None, here == "unknown")
    # Gallop back from the end (positions near a dead end are the quickest to prove lost),
    # then bisect between the last lost and the first winnable position met.
    step, winnable = 1, -1
    while winnable < 0:
        probe = max(0, lost - step)
        found = verdict(probe)
        if found == "unknown":
            return done(None, inconclusive=True)
        if found == "winnable":
            winnable = probe
        elif probe == 0:
            return done(None)  # lost from the deal on
        else:
            lost, step = probe, step * 2
    while lost - winnable > 1:
        middle = (winnable + lost) // 2
        found = verdict(middle)
        if found == "unknown":
            return done(None, inconclusive=True)
        if found == "winnable":
            winnable = middle
        else:
            lost = middle
    return done(winnable)


def _position(game: Game[Any, Any], line: list[Any]) -> Game[Any, Any]:
    """``game`` as it stood after ``line`` (the seen cards do not matter to a verdict)."""
    earlier = game.fresh()
    earlier.replay(line, ())
    return earlier
