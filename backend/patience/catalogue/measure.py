"""Measuring deals for the catalogue (offline, ``patience catalogue build``): each deal's
verdict, and for a winnable one its difficulty for a person.

**Difficulty** is measured: how far :data:`~patience.catalogue.PLAYOUTS` seeded playouts
get — the average of what each finished playout scores (the registry's ``playout_value``:
the share of the cards cleared, a win counting 1) — by a player who follows the seed pages'
tips (the search-free advice of :func:`~patience.games.quick_hint`) three times in four and
otherwise plays any legal move. Gaps with unlimited redeals scores by the redeals a win took
instead (its registry entry says how), as such a playout wins in the end.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from patience import games
from patience.catalogue import PLAYOUTS, Catalogue
from patience.engine import Game
from patience.engine.deal import SplitMix64
from patience.games import new_game, quick_hint
from patience.games.solving import solve_game
from patience.solver import Budget

MAX_PLAYOUT_STEPS = 600
"""A playout still unfinished after this many moves ends there."""


def playout_score(game: str, options: Mapping[str, Any], deal: int) -> float:
    """How far :data:`PLAYOUTS` seeded human-like playouts get, on average: the share of the
    cards each clears (1 for a win). A continuous score, so that deals that such a player
    rarely wins outright still rank by how close they come."""
    total = 0.0
    value = games.get(game).playout_value
    for n in range(PLAYOUTS):
        rng = SplitMix64(deal * PLAYOUTS + n)
        g = new_game(game, deal=deal, options=dict(options))
        for _ in range(MAX_PLAYOUT_STEPS):
            moves = g.legal_moves()
            if g.status == "won" or not moves:
                break
            g.play(_choose(g, moves, rng))
        total += value(g)
    return round(total / PLAYOUTS, 4)


def rescore(catalogue: Catalogue) -> Catalogue:
    """The catalogue with every winnable deal's playout score measured again (after the
    definition of difficulty changed); verdicts stay."""
    for deal in catalogue.winnable:
        catalogue.winnable[deal] = playout_score(catalogue.game, catalogue.options, deal)
    return catalogue


def _choose(game: Game[Any, Any], moves: list[dict[str, Any]], rng: SplitMix64) -> Any:
    """A player who mostly follows the seed pages' tips (the search-free advice) and now
    and then plays any other move."""
    if rng.below(4):
        advice = quick_hint(game)
        if advice is not None:
            return advice.get("move", {"type": "draw"})
    return moves[rng.below(len(moves))]


Result = tuple[int, str, float | None]
"""One examined deal: its number, the solver's verdict and, if winnable, its score."""


Task = tuple[str, dict[str, Any], int, float, int | None]
"""What :func:`examine` is handed (one deal, picklable for a worker process): the game, its
options, the deal's number, the solver's seconds and nodes."""


@dataclass(frozen=True)
class Examination:
    """How a build examines its deals: the game and options, under the solver's budgets of
    seconds and nodes (node budgets make a build the same deal by deal on any machine)."""

    game: str
    options: dict[str, Any]
    time_limit: float
    node_limit: int | None

    def tasks(self, first: int, last: int) -> Iterator[Task]:
        """The tasks of deals ``first`` … ``last``, in order: what a local build hands its
        processes and a distributed one's batch job examines."""
        return (
            (self.game, dict(self.options), deal, self.time_limit, self.node_limit)
            for deal in range(first, last + 1)
        )


def examine(task: Task) -> Result:
    """Solve one deal (a worker-process task): its verdict and, if winnable, its score.
    A winning line is replayed by the engine before the deal is counted winnable."""
    game, options, deal, seconds, nodes = task
    budget = Budget(seconds=seconds, nodes=nodes)
    result = solve_game(new_game(game, deal=deal, options=options), budget)
    if result.verdict != "winnable" or result.solution is None:
        return deal, result.verdict, None
    replay = new_game(game, deal=deal, options=options)
    for move in result.solution:
        replay.play(move)
    if replay.status != "won":  # pragma: no cover - a solver bug must never enter the catalogue
        raise RuntimeError(f"{game} deal {deal}: the solution does not win")
    return deal, "winnable", playout_score(game, options, deal)


def record(catalogue: Catalogue, results: Iterable[Result]) -> None:
    for deal, verdict, score in results:
        if verdict == "winnable" and score is not None:
            catalogue.winnable[deal] = score
        elif verdict == "unwinnable":
            catalogue.unwinnable.append(deal)
        else:
            catalogue.unknown.append(deal)
