"""Back to the last winnable point: on a game whose position is proven lost, the latest
earlier position of its move line from which the deal could still be won.

Along one line, a lost position only leads to lost ones (a move cannot make a lost game
winnable), so the winnable positions are a prefix of the line and the lost ones the rest:
galloping back from the end, then bisecting, finds the boundary with a few exact searches,
the hardest (early positions) avoided when the boundary is near the end. Its answer is a
proof both ways — the found position is winnable (the solver's line from it wins) and the
one after it is lost, hence every later one — or ``inconclusive`` when a search runs out of
budget (an unknown position is never called lost).

**Unseen shuffles** (Gaps' redeals). A position from which a shuffle is still to come is
searched as the honesty rule allows (``adapter_of``, e.g.
:func:`patience.games.solving.search_in_sight`): it counts as a rewind point only through
a win that needs no further shuffle, so no point depends on where a shuffle would put the
cards. That prefix property holds between two shuffles of the line (a move cannot make a win
in sight out of none), not across one (a redeal may deal a winnable layout): the line is cut
into *blocks* at its shuffles, and the search runs in each block from the last back, until
one holds a point.

>>> from patience.games import new_game
>>> from patience.solver.pyramid import PyramidAdapter
>>> last_winnable(new_game("pyramid", deal=1), PyramidAdapter.from_game, 20, known_lost=False).found
0
"""

from __future__ import annotations

import time
from collections.abc import Callable, MutableMapping
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


class Inconclusive(Exception):
    """A search ran out of budget."""


def last_winnable(
    game: Game[Any, Any],
    adapter_of: AdapterOf,
    seconds: float,
    *,
    known_lost: bool = True,
    cancelled: Callable[[], bool] | None = None,
    proved: MutableMapping[int, bool] | None = None,
) -> Rewind:
    """The last winnable point of ``game``'s line, searched with ``adapter_of`` (the game's
    adapter, or the honesty rule's search) within ``seconds`` in all (its current position
    is lost when ``known_lost``, as after an ``unwinnable`` analysis); ``inconclusive`` as
    soon as ``cancelled`` says so. ``proved`` (line length → winnable) holds what earlier
    runs proved, not searched again, and gets what this one proves."""
    began = time.perf_counter()
    line = game.moves
    searches = 0
    proved = {} if proved is None else proved

    def winnable(length: int) -> bool:
        nonlocal searches
        if length in proved:
            return proved[length]
        searches += 1
        left = seconds - (time.perf_counter() - began)
        found: Verdict = "unknown"
        if left > 0:
            start = adapter_of(_position(game, line[:length]))
            found = solve(*start, Budget(seconds=left, cancelled=cancelled)).verdict
        if found == "unknown":
            raise Inconclusive
        proved[length] = found == "winnable"
        return proved[length]

    def done(found: int | None, inconclusive: bool = False) -> Rewind:
        return Rewind(found, inconclusive, searches, time.perf_counter() - began)

    try:
        for first, last in reversed(blocks(game)):
            if not (known_lost and last == len(line)) and winnable(last):
                return done(last)
            point = _in_block(winnable, first, last)
            if point is not None:
                return done(point)
    except Inconclusive:
        return done(None, inconclusive=True)
    return done(None)  # lost from the deal on


def _in_block(winnable: Any, first: int, lost: int) -> int | None:
    """The last winnable length in ``first…lost`` (``lost`` is not), or ``None``: gallop back
    from the end (positions near a dead end are the quickest to prove lost), then bisect
    between the last lost and the first winnable length met."""
    step, found = 1, -1
    while found < 0:
        if lost == first:
            return None
        probe = max(first, lost - step)
        if winnable(probe):
            found = probe
        else:
            lost, step = probe, step * 2
    while lost - found > 1:
        middle = (found + lost) // 2
        if winnable(middle):
            found = middle
        else:
            lost = middle
    return found


def blocks(game: Game[Any, Any]) -> list[tuple[int, int]]:
    """The line's lengths ``(first, last)`` between its unseen shuffles, in order: one block
    for a game without them.

    >>> from patience.games import new_game
    >>> g = new_game("gaps", deal=77)
    >>> for move in [{"type": "move", "card": "7S", "to": "r2c5"}, {"type": "redeal"}]:
    ...     _ = g.play(move)
    >>> blocks(g)
    [(0, 1), (2, 2)]
    """
    walker = game.fresh()  # a ranked deal has no number: its stored start
    out, first, dealt = [], 0, walker.shuffles_dealt()
    for length, move in enumerate(game.moves, start=1):
        walker.play(move)
        if walker.shuffles_dealt() != dealt:
            out.append((first, length - 1))
            first, dealt = length, walker.shuffles_dealt()
    out.append((first, len(game.moves)))
    return out


def _position(game: Game[Any, Any], line: list[Any]) -> Game[Any, Any]:
    """``game`` as it stood after ``line`` (the seen cards do not matter to a verdict)."""
    earlier = game.fresh()
    earlier.replay(line, ())
    return earlier
