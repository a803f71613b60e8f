"""Winning lines kept in Redis, so that hints along a line the solver already found are
instant: for each position of the line (keyed like a job: game, ruleset and full position,
:meth:`~patience.engine.game.Game.position_key`), the line's next move.

Two kinds, by who found the line: a searched hint's (:data:`LINE`), served as the next
hints, and an analysis's (:data:`WON`), which only proves its positions winnable (a verdict
without search). An analysis's search is timed, so whether and which line it finds depends
on the machine's load; a hint's is budgeted in nodes, so serving its line keeps every hint
a function of the position (SPEC §2).

Only positions with nothing unseen are kept (a line from there depends on nothing hidden:
the player has seen every card), and only those past the line's last unseen shuffle (Gaps:
its last redeal): a move before a redeal was chosen knowing how the redeal falls, so it is
never handed out; the line's rest from after its last redeal is a win in sight. A kept move
is served as a hint only when it still leads somewhere new for the game asking (the
no-cycle rule of :mod:`patience.solver.hints`).
"""

from __future__ import annotations

import json
from itertools import islice
from typing import Any

from redis import Redis

from patience.engine import Game
from patience.games import describe_hint, leads_somewhere_new
from patience.jobs.queues import lifetime
from patience.solver.hints import Hint

Json = dict[str, Any]

LINE = "patience:hint:next:"
"""+ state key → the next move of a winning line from that position (JSON)."""
WON = "patience:won:next:"
"""+ state key → the next move of a winning line an analysis found (never a hint)."""
LINE_TTL = 3600
"""Seconds a kept line lives (a game in progress comes back to it well within that)."""
KEEP_AHEAD = 300
"""Positions kept of one line at most, its first ones. A player leaves a found line long
before its end, and a solver's line can be thousands of moves long: in relaxed Forty
Thieves a follower's analyses kept 116,000 positions (20 MB) in an hour, where a game takes
about a hundred moves. Past the kept ones, the next search keeps a line of its own."""


def keep(redis: Redis, game: Game[Any, Any], line: list[Json], prefix: str = LINE) -> int:
    """Keep ``line``, a winning line from ``game``'s position: each of its positions with
    nothing unseen and no unseen shuffle ahead on the line gets the line's next move, under
    ``prefix`` (:data:`LINE` or :data:`WON`), the first :data:`KEEP_AHEAD` of them. Returns
    how many positions were kept."""
    if game.status != "playing" or game.unseen_count():
        return 0
    walker = game.copy()
    found: list[tuple[str, str, int]] = []
    for move in line:
        if walker.status != "playing" or walker.unseen_count():
            break
        found.append(
            (
                walker.position_key(),
                json.dumps(move, separators=(",", ":")),
                walker.shuffles_dealt(),
            )
        )
        walker.play(move)
    dealt = walker.shuffles_dealt()
    kept = {prefix + key: text for key, text, before in found if before == dealt}
    kept = dict(islice(kept.items(), KEEP_AHEAD))
    if kept:
        with redis.pipeline(transaction=False) as pipe:
            for key, move_text in kept.items():
                pipe.set(key, move_text, ex=lifetime(LINE_TTL))
            pipe.execute()
    return len(kept)


def kept_hint(redis: Redis, game: Game[Any, Any]) -> Hint:
    """The hint from a kept line through ``game``'s position, if there is one and its move
    leads somewhere new for this game (raises ``RedisError``)."""
    if game.status != "playing" or game.unseen_count():
        return None
    found = redis.get(LINE + game.position_key())
    if found is None:
        return None
    move = json.loads(found)
    if not isinstance(move, dict) or not leads_somewhere_new(game, move):
        return None
    return describe_hint(game, move, searched=True)
