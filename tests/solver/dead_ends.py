"""Hidden dead ends: games played by a careless seeded player on deals proven winnable, up
to a position the solver proves lost (with every card seen), for the rewind tests and
``bench/rewind.py``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from patience import catalogue
from patience.engine import Game, new_game
from patience.games.solving import solve_game
from patience.solver import Budget
from tests.budgets import SEARCH_NODES

PLAYS = frozenset({"pair", "king", "move"})


def careless_line(game: str, deal: int, options: dict[str, Any] | None = None) -> Game[Any, Any]:
    """``deal`` played to the end by a player who takes a pair or a card move four times in
    five, else any legal move (seeded by the deal)."""
    rng = random.Random(deal)
    played = new_game(game, deal=deal, options=options)
    for _ in range(400):
        moves = played.legal_moves()
        if played.status != "playing" or not moves:
            break
        plays = [m for m in moves if m["type"] in PLAYS]
        played.play(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(moves))
    return played


def dead_ends(game: str, ruleset: str, count: int, **options: Any) -> Iterator[Game[Any, Any]]:
    """``count`` careless games of catalogue deals that ended proven lost, all cards seen."""
    found = 0
    winnable = catalogue.cached(game, ruleset)
    assert winnable is not None
    for deal in sorted(winnable.winnable):
        played = careless_line(game, deal, options)
        if played.status == "won" or played.unseen_count():
            continue
        if solve_game(played, Budget(nodes=SEARCH_NODES)).verdict == "unwinnable":
            yield played
            found += 1
            if found == count:
                return
