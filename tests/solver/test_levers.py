"""The solver's levers (``bench.solver.LEVERS``: proven reductions that only change how fast a
search decides) change no verdict: over many seeded positions small enough to be decided
within a node budget, the search with the lever on and with it off give the same verdict,
and each winning line replays to a win in the engine. On the core in use (``make pytest``
runs these on the native core and again on the pure Python one); with a lever off, the two
cores are still the same search, node for node."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.solver import LEVERS
from patience.engine import Game
from patience.games import load_position, new_game
from patience.solver import core, native
from patience.solver.core import Budget
from patience.solver.forty_thieves import FortyThievesAdapter, locked
from patience.solver.gaps import GapsAdapter
from tests.solver.test_native_equivalence import forty_thieves_layout, scrambled_gaps

NODES = 30_000
"""Enough for nearly every position below to be decided, lever on or off (the test says
how many)."""


def gaps_endgame(seed: int) -> Game[Any, Any]:
    """A nearly won grid with a few places shuffled, no redeal left (where the rows are
    interchangeable): frozen cards, dead gaps and short wins."""
    rng = random.Random(seed)
    grid = scrambled_gaps(rng)
    rows = [grid[row * 13 : row * 13 + 13] for row in range(4)]
    position = {"game": "gaps", "grid": rows, "seed": rng.randint(1, 10**6),
                "redeals_done": rng.randint(0, 2), "redeals_left": 0}  # fmt: skip
    return load_position(position, {"redeals": 0})


def forty_thieves_endgame(seed: int, rules: str) -> Game[Any, Any]:
    """A late position: each foundation 2 to 8 high, the other cards shuffled into random
    columns (some left empty) and a short talon, ``auto_safe`` off so that a line lists every
    foundation move (with the closure off it has to). About a third are lost."""
    rng = random.Random(seed)
    foundations, pool = [], []
    for p in range(8):
        height = rng.randint(2, 8)
        foundations.append([p // 2 * 13 + rank for rank in range(height)])
        pool += [p // 2 * 13 + rank for rank in range(height, 13)]
    rng.shuffle(pool)
    talon = pool[: rng.randint(0, 12)]
    tableau: list[list[int]] = [[] for _ in range(10)]
    for code in pool[len(talon) :]:
        tableau[rng.randrange(10)].append(code)
    waste = rng.randint(0, len(talon))
    redeals = rng.randint(0, 1) if rules == "relaxed" else 0
    options = {"rules": rules, "auto_safe": False}
    return forty_thieves_layout(tableau, talon, waste, foundations, redeals, options)


POSITIONS: list[tuple[str, Any]] = [
    ("symmetric-rows", gaps_endgame),
    ("safe-closure", lambda seed: forty_thieves_endgame(seed, "classic")),
    ("safe-closure", lambda seed: forty_thieves_endgame(seed, "relaxed")),
    ("locked-columns", lambda seed: forty_thieves_endgame(seed, "classic")),
]
IDS = ["symmetric-rows-gaps", "safe-closure-classic", "safe-closure-relaxed", "locked-columns"]
SEEDS = range(24)


def adapter_with(game: Game[Any, Any], lever: str, on: bool) -> tuple[Any, Any]:
    """The game's search adapter and start, with ``lever`` on or off."""
    cls, switch = LEVERS[lever]
    adapter: Any
    start: Any
    if cls is GapsAdapter:
        adapter, start = GapsAdapter.from_game(game)
    else:
        adapter, start = FortyThievesAdapter.from_game(game)
    assert isinstance(adapter, cls)
    setattr(adapter, switch, on)
    return adapter, start


def replays(game: Game[Any, Any], solution: list[dict[str, Any]] | None) -> bool:
    replay = type(game).from_position(game.position(), game.options)
    for move in solution or []:
        replay.play(move)
    return replay.status == "won"


@pytest.mark.parametrize(("lever", "position"), POSITIONS, ids=IDS)
def test_a_lever_changes_no_verdict(lever: str, position: Any) -> None:
    both = []  # the verdicts of the positions decided both ways
    nodes = [0, 0]  # with the lever, without
    for seed in SEEDS:
        game = position(seed)
        results = [
            core.solve(*adapter_with(game, lever, on), Budget(nodes=NODES)) for on in (True, False)
        ]
        decided = {result.verdict for result in results} - {"unknown"}
        assert len(decided) <= 1, seed
        assert all(replays(game, r.solution) for r in results if r.verdict == "winnable"), seed
        if results[0].verdict == results[1].verdict != "unknown":
            both.append(results[0].verdict)
        nodes = [n + result.nodes for n, result in zip(nodes, results, strict=True)]
    # Nearly all decided both ways, wins and proven losses alike, and the lever was at work
    # (except the sorted rows: they merge no two positions these searches reach, as in whole
    # deals, where the same searches take exactly as many nodes either way).
    assert len(both) >= len(SEEDS) - 4
    assert 3 <= both.count("winnable") <= len(both) - 3
    assert nodes[0] != nodes[1] or lever == "symmetric-rows"


@pytest.mark.skipif(native.NATIVE is None, reason="the native core is not in use")
@pytest.mark.parametrize(("lever", "position"), POSITIONS, ids=IDS)
def test_with_a_lever_off_the_cores_are_the_same_search(lever: str, position: Any) -> None:
    for seed in SEEDS[:8]:
        adapter, start = adapter_with(position(seed), lever, False)
        budget = Budget(nodes=2000)
        pure = core.solve_python(adapter, start, budget)
        twin = native.twin_of(adapter, start)
        assert twin is not None
        fast = core.solve_native(adapter, twin, start, budget, reference=True)
        assert (fast.verdict, fast.nodes, fast.solution, fast.stats) == (
            pure.verdict,
            pure.nodes,
            pure.solution,
            pure.stats,
        )


@pytest.mark.skipif(native.NATIVE is None, reason="the native core is not in use")
def test_the_cores_prove_the_same_columns_locked() -> None:
    # Along random lines of the solver's own moves in classic deals, where locks are common
    # (no column empty, every column holding a card that can never leave).
    rng = random.Random(5)
    answers = []
    for _ in range(12):
        game = new_game("forty-thieves", deal=rng.randint(1, 10**6), options={"rules": "classic"})
        adapter, state = FortyThievesAdapter.from_game(game)
        twin = adapter.native(state)
        assert twin is not None
        for _ in range(150):
            answers.append(adapter.is_dead(state))
            assert twin.game.is_dead(state) == answers[-1]
            moves = list(adapter.successors(state))
            if not moves:
                break
            state = rng.choice(moves)[1]
    assert 0.1 < sum(answers) / len(answers) < 0.9


def test_every_locked_position_is_lost_without_the_rule() -> None:
    # Positions the rule calls lost, sampled along random lines of classic play, searched
    # without it: never a win, and nearly always a proven loss.
    rng = random.Random(11)
    verdicts: list[str] = []
    while len(verdicts) < 20:
        game = new_game("forty-thieves", deal=rng.randint(1, 10**6), options={"rules": "classic"})
        adapter, state = FortyThievesAdapter.from_game(game)
        for _ in range(300):
            if locked(state, adapter.talon_cards) and rng.random() < 0.1:
                adapter.locked_columns = False
                verdicts.append(core.solve(adapter, state, Budget(nodes=NODES)).verdict)
                adapter.locked_columns = True
                break
            moves = list(adapter.successors(state))
            if not moves:
                break
            state = rng.choice(moves)[1]
    assert "winnable" not in verdicts
    assert verdicts.count("unwinnable") >= 16
