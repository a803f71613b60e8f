"""The native core against the Python reference: over random positions of every Gaps ruleset,
of Pyramid and of both Forty Thieves rulesets, the native successors are the Python ones (as
engine moves, in order, to the same states), and with node budgets the two searches are the
same search — the same verdict, nodes, line and deciding phase — whose every winning line the
engine replays to a win."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience.engine import Game
from patience.engine.cards import Card
from patience.engine.deal import MAX_DEAL
from patience.engine.gaps import GapsGame
from patience.games import load_position, new_game
from patience.solver import core, native
from patience.solver.core import Budget
from patience.solver.forty_thieves import DRAW, FortyThievesAdapter
from patience.solver.gaps import GapsAdapter, no_redeals
from patience.solver.gaps_grid import REDEAL, encode
from patience.solver.hints.common import avoiding
from patience.solver.pyramid import PyramidAdapter, native_moves
from tests.solver.test_par import small_pyramid

pytestmark = pytest.mark.skipif(native.NATIVE is None, reason="the native core is not in use")

GAPS_RULESETS = [
    {"redeals": redeals, "aces_shuffled": aces}
    for redeals in (0, 1, 2, "unlimited")
    for aces in (False, True)
]
ORDERS = (0, 1, 2, 3, -1)  # the dives' variants, then the beams' moves (gaps.hpp)


def wander(game: Game[Any, Any], rng: random.Random, steps: int) -> Game[Any, Any]:
    """``game`` after up to ``steps`` random legal moves (redeals included)."""
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves or game.status != "playing":
            break
        game.play(rng.choice(moves))
    return game


def scrambled_gaps(rng: random.Random) -> list[str | None]:
    """A nearly won grid with a few places shuffled: frozen cards, dead gaps, persistent
    sets and short wins, which random play from a deal rarely reaches."""
    grid: list[str | None] = []
    for row in range(4):
        grid += [str(Card.from_index(row * 13 + rank)) for rank in range(1, 13)] + [None]
    places = rng.sample(range(52), rng.randint(4, 14))
    cards = [grid[p] for p in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        grid[place] = card
    return grid


def gaps_position(seed: int, ruleset: dict[str, Any], scrambled: bool) -> Game[Any, Any]:
    rng = random.Random(seed)
    if scrambled:
        grid = scrambled_gaps(rng)
        rows = [grid[row * 13 : row * 13 + 13] for row in range(4)]
        left = ruleset["redeals"] if ruleset["redeals"] == "unlimited" else rng.randint(0, 2)
        position = {"game": "gaps", "grid": rows, "seed": rng.randint(1, 10**6),
                    "redeals_done": rng.randint(0, 3), "redeals_left": left}  # fmt: skip
        return load_position(position, ruleset)
    game = new_game("gaps", deal=rng.randint(1, 10**6), options=ruleset)
    return wander(game, rng, rng.randint(0, 60))


def steps(adapter: Any, moves: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Successors as engine moves (JSON) and the states they lead to."""
    return [(adapter.move_json([move]), state) for move, state in moves]


@settings(max_examples=40)
@given(st.integers(0, 2**32), st.sampled_from(GAPS_RULESETS), st.booleans())
def test_gaps_successors_are_the_references(
    seed: int, ruleset: dict[str, Any], scrambled: bool
) -> None:
    game = gaps_position(seed, ruleset, scrambled)
    adapter, state = GapsAdapter.from_game(game)
    twin = adapter.native(state)
    assert twin is not None
    for order in ORDERS:
        reduce, late = not order & 2, bool(order & 1)
        variant = GapsAdapter(adapter.seed, adapter.aces_shuffled, reduce, late)
        python = adapter._moves(state, False) if order < 0 else variant._moves(state, reduce)
        assert steps(adapter, twin.game.successors(state, order)) == steps(adapter, python)
    assert twin.game.is_won(state) == adapter.is_won(state)
    assert twin.game.is_dead(state) == adapter.is_dead(state)
    assert twin.game.score(state) == adapter.score(state)
    # The native keys tell apart exactly the states the Python keys do (the redeal counts
    # too, where they matter).
    grid, left, done = state
    after = [s for _, s in adapter._moves(state, False)]
    after += [state, (grid, left, done + 1), (grid, 0, done), (grid, 0, done + 7)]
    for a in after:
        for b in after:
            same = adapter.key(a) == adapter.key(b)
            assert (twin.game.key(a) == twin.game.key(b)) == same


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.booleans())
def test_pyramid_successors_are_the_references(rng: random.Random, from_a_deal: bool) -> None:
    if from_a_deal:
        game = wander(new_game("pyramid", deal=rng.randint(1, 10**6)), rng, rng.randint(0, 50))
    else:
        game = load_position(small_pyramid(rng, most=16, talon=14))
    adapter, state = PyramidAdapter.from_game(game)
    twin = adapter.native(state)
    assert twin is not None
    native_steps = [
        (adapter.move_json(native_moves([move])), tuple(after))
        for move, after in twin.game.successors(state, 0)
    ]
    assert native_steps == steps(adapter, list(adapter.successors(state)))
    assert twin.game.is_dead(state) == adapter.is_dead(state)
    assert twin.game.is_won(state) == adapter.is_won(state)


def same_search(game: Game[Any, Any], nodes: int, forbidden: int = 0) -> core.Result:
    """Solve ``game`` both ways with a node budget (the whole portfolio); the results must
    be equal, and a win must replay in the engine. ``forbidden``: keep the searches off the
    positions of that many random moves' line, as a hint does."""
    adapter, start = games_adapter(game)
    search: Any = adapter
    if forbidden:
        line = wander(game.copy(), random.Random(nodes), forbidden)
        keys = set()
        while line.move_count:
            line.undo()
            if line.state != game.state:
                keys.add(adapter.key(encoded(adapter, line.state)))
        search = avoiding(adapter, keys)
    budget = Budget(nodes=nodes)
    pure = core.solve_python(search, start, budget)
    twin = native.twin_of(search, start)
    assert twin is not None
    fast = core.solve_native(search, twin, start, budget, reference=True)
    assert (fast.verdict, fast.nodes, fast.solution, fast.stats) == (
        pure.verdict,
        pure.nodes,
        pure.solution,
        pure.stats,
    )
    if fast.verdict == "winnable":
        replay = type(game).from_position(game.position(), game.options)
        for move in fast.solution or []:
            replay.play(move)
        assert replay.status == "won"
    return fast


ADAPTERS: dict[str, Any] = {
    "gaps": GapsAdapter,
    "pyramid": PyramidAdapter,
    "forty-thieves": FortyThievesAdapter,
}


def games_adapter(game: Game[Any, Any]) -> tuple[Any, Any]:
    adapter, start = ADAPTERS[game.name].from_game(game)
    return adapter, start


def encoded(adapter: Any, state: Any) -> Any:
    return encode(state) if isinstance(adapter, GapsAdapter) else adapter.from_state(state)[1]


@settings(max_examples=16)
@given(st.integers(0, 2**32), st.sampled_from(GAPS_RULESETS), st.booleans())
def test_gaps_searches_are_the_references(
    seed: int, ruleset: dict[str, Any], scrambled: bool
) -> None:
    same_search(gaps_position(seed, ruleset, scrambled), nodes=1500)


@settings(max_examples=20)
@given(st.randoms(use_true_random=False))
def test_pyramid_searches_are_the_references(rng: random.Random) -> None:
    game = wander(new_game("pyramid", deal=rng.randint(1, 10**6)), rng, rng.randint(0, 20))
    same_search(game, nodes=3000)


@pytest.mark.parametrize(
    ("name", "deal", "options"),
    [
        ("gaps", 2, {"redeals": 0}),  # won by the first beam
        ("gaps", 24, {"redeals": 0}),  # won by the first dive
        ("gaps", 3, {"redeals": 2, "aces_shuffled": True}),
        ("pyramid", 327, {}),  # the slowest of deals 1…1000, a win
        ("pyramid", 756, {}),  # the slowest loss
    ],
)
def test_known_deals_are_the_same_search(name: str, deal: int, options: dict[str, Any]) -> None:
    result = same_search(new_game(name, deal=deal, options=options), nodes=60_000)
    assert result.verdict != "unknown"


@pytest.mark.parametrize(("deal", "line"), [(5, 12), (40, 25)])
def test_hint_searches_avoid_the_same_positions(deal: int, line: int) -> None:
    same_search(new_game("gaps", deal=deal, options={"redeals": 1}), 3000, forbidden=line)


def test_redeals_forbidden_is_the_same_grid_without_redeals() -> None:
    # Deal 12's grid is won without a redeal: with its one redeal forbidden, both cores find
    # a line that never redeals, and the engine (redeal in hand) replays it to a win.
    game = new_game("gaps", deal=12, options={"redeals": 1})
    adapter, start = GapsAdapter.from_game(game)
    grid_only = no_redeals(start)
    pure = core.solve_python(adapter, grid_only, Budget(nodes=60_000))
    fast = core.solve(adapter, grid_only, Budget(nodes=60_000))
    assert pure.verdict == "winnable" and fast.verdict == "winnable"
    for result in (pure, fast):
        assert {"type": "redeal"} not in (result.solution or [])
        replay = new_game("gaps", deal=12, options={"redeals": 1})
        for move in result.solution or []:
            replay.play(move)
        assert replay.status == "won"


def test_a_budget_is_a_budget_natively_too() -> None:
    game = new_game("gaps", deal=4, options={"redeals": 0})
    adapter, start = GapsAdapter.from_game(game)
    calls = []

    def cancelled() -> bool:
        calls.append(1)
        return len(calls) > 3

    result = core.solve(adapter, start, Budget(cancelled=cancelled))
    assert result.verdict == "unknown" and 3 < len(calls) < 10


# -- Forty Thieves ---------------------------------------------------------------------------

FT_RULESETS = [
    {"rules": rules, "auto_safe": auto_safe}
    for rules in ("classic", "relaxed")
    for auto_safe in (True, False)
]


def built_forty_thieves(rng: random.Random, ruleset: dict[str, Any]) -> Game[Any, Any]:
    """A position deep in a game: foundations partly up, long runs, empty columns (so every
    run limit comes into play), a waste and a stock, and, auto_safe off, safe cards left on
    top; random play from a deal rarely gets there."""
    pool = [code for code in range(52) for _ in range(2)]
    foundations = []
    for p in range(8):
        pile = [p // 2 * 13 + rank for rank in range(rng.choice([0, 0, 1, 2, 4, 7]))]
        for code in pile:
            pool.remove(code)
        foundations.append(pile)
    rng.shuffle(pool)
    empty = set(rng.sample(range(10), rng.randint(0, 4)))
    tableau: list[list[int]] = []
    for c in range(10):
        column = [pool.pop() for _ in range(0 if c in empty else rng.randint(1, 4))]
        while column and column[-1] % 13 and column[-1] - 1 in pool and rng.random() < 0.8:
            pool.remove(column[-1] - 1)
            column.append(column[-1] - 1)
        tableau.append(column)
    talon = pool[: rng.randint(0, min(30, len(pool)))]
    waste = rng.randint(0, len(talon))
    redeals = rng.randint(0, 1) if ruleset["rules"] == "relaxed" else 0
    return forty_thieves_layout(tableau, talon, waste, foundations, redeals, ruleset)


def forty_thieves_layout(
    tableau: list[list[int]],
    talon: list[int],
    waste: int,
    foundations: list[list[int]],
    redeals_left: int,
    options: dict[str, Any],
) -> Game[Any, Any]:
    """The position of card codes (``talon``: the waste's first ``waste`` cards, then the
    stock)."""

    def names(codes: list[int]) -> list[str]:
        return [str(Card.from_index(code)) for code in codes]

    position = {
        "game": "forty-thieves",
        "tableau": [names(column) for column in tableau],
        "stock": names(talon[waste:]),
        "waste": names(talon[:waste]),
        "foundations": [names(pile) for pile in foundations],
        "redeals_left": redeals_left,
    }
    return load_position(position, options)


def ft_position(seed: int, ruleset: dict[str, Any], built: bool) -> Game[Any, Any]:
    rng = random.Random(seed)
    if built:
        return built_forty_thieves(rng, ruleset)
    game = new_game("forty-thieves", deal=rng.randint(1, 10**6), options=ruleset)
    return wander(game, rng, rng.randint(0, 80))


@settings(max_examples=60)
@given(st.integers(0, 2**32), st.sampled_from(FT_RULESETS), st.booleans())
def test_forty_thieves_successors_are_the_references(
    seed: int, ruleset: dict[str, Any], built: bool
) -> None:
    adapter, state = FortyThievesAdapter.from_game(ft_position(seed, ruleset, built))
    twin = adapter.native(state)
    assert twin is not None
    # The same steps (each action with its closure's foundation moves) to the same states,
    # and so the same engine moves.
    python = list(adapter.successors(state))
    native_steps = [
        (twin.game.steps(state, [move])[0], after) for move, after in twin.game.successors(state, 0)
    ]
    assert native_steps == python
    assert steps(adapter, native_steps) == steps(adapter, python)
    assert all(adapter.apply(state, step[0]) == (step, after) for step, after in python)
    assert twin.game.is_won(state) == adapter.is_won(state)
    assert twin.game.is_dead(state) == adapter.is_dead(state)
    # The native keys tell apart exactly the states the Python keys do: columns in another
    # order are the same group, another point of the walk or pass only another rank.
    columns, found, talon, ptr, redeals = state
    after = [s for _, s in adapter.successors(state)]
    after += [state, (columns[::-1], found, talon, ptr, redeals), (columns, found, talon, 0, 0)]
    after += [(columns, found, talon, ptr, 1 - redeals), (columns, found, talon >> 1, 0, 0)]
    for a in after:
        for b in after:
            same = adapter.key(a) == adapter.key(b)
            assert (twin.game.key(a) == twin.game.key(b)) == same
            assert (twin.game.key(a)[1] == twin.game.key(b)[1]) == (
                adapter.key(a)[1] == adapter.key(b)[1]
            )


@settings(max_examples=16)
@given(st.integers(0, 2**32), st.sampled_from(FT_RULESETS), st.booleans())
def test_forty_thieves_searches_are_the_references(
    seed: int, ruleset: dict[str, Any], built: bool
) -> None:
    same_search(ft_position(seed, ruleset, built), nodes=2000)


@pytest.mark.parametrize(
    ("deal", "options", "verdict"),
    [
        (1, {"rules": "relaxed"}, "winnable"),
        (3, {"rules": "relaxed", "auto_safe": False}, "winnable"),
        (2, {"rules": "classic"}, "unknown"),
    ],
)
def test_known_forty_thieves_deals_are_the_same_search(
    deal: int, options: dict[str, Any], verdict: str
) -> None:
    result = same_search(new_game("forty-thieves", deal=deal, options=options), nodes=20_000)
    assert result.verdict == verdict


@pytest.mark.parametrize(
    ("deal", "rules", "on_line"),
    [(7, "classic", 0), (1, "relaxed", 6), (8, "relaxed", 40), (12, "relaxed", 200)],
)
def test_forty_thieves_hint_searches_avoid_the_same_positions(
    deal: int, rules: str, on_line: int
) -> None:
    # Forbidden to both searches (as a hint's earlier positions, keyed with the same talon):
    # where a few random lines from the start lead, and the first states of the line the
    # search finds unhindered, so that it must find another.
    game = new_game("forty-thieves", deal=deal, options={"rules": rules})
    adapter, start = FortyThievesAdapter.from_game(game)
    rng = random.Random(deal)
    keys: set[Hashable] = set()
    for _ in range(6):
        state = start
        for _ in range(rng.randint(1, 12)):
            moves = [s for m, s in adapter.successors(state) if m[0] != DRAW or rng.random() < 0.3]
            if not moves:
                break
            state = rng.choice(moves)
            keys.add(adapter.key(state))
    budget = Budget(nodes=3000)
    twin = adapter.native(start)
    assert twin is not None
    verdict, line, *_ = twin.search([], budget)
    assert (verdict == 1) == bool(on_line)
    state = start
    for action in line[:on_line]:
        state = adapter.apply(state, action)[1]
        keys.add(adapter.key(state))
    keys.discard(adapter.key(start))
    search = avoiding(adapter, keys)
    pure = core.solve_python(search, start, budget)
    twin = native.twin_of(search, start)
    assert twin is not None and len(twin.forbidden) == len(keys)
    fast = core.solve_native(search, twin, start, budget, reference=True)
    assert (fast.verdict, fast.nodes, fast.solution) == (pure.verdict, pure.nodes, pure.solution)
    if on_line and fast.verdict == "winnable":
        assert fast.solution != adapter.move_json(twin.moves(line))


def test_forty_thieves_tables_keep_to_the_memory_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    # PATIENCE_SOLVER_MEMORY_MB bounds Forty Thieves' lost table too: at 1 MB it forgets lost
    # states (deal 13 must search far more than in full memory), and what it still finds is
    # a real win.
    searches = {}
    for mb in (1024, 1):
        monkeypatch.setattr(native, "MEMORY_MB", mb)
        for deal in (3, 13):
            game = new_game("forty-thieves", deal=deal, options={"rules": "relaxed"})
            result = core.solve(*FortyThievesAdapter.from_game(game), Budget(nodes=20_000))
            searches[mb, deal] = result.nodes
            if mb == 1 and result.verdict == "winnable":
                for move in result.solution or []:
                    game.play(move)
                assert game.status == "won"
    assert searches[1, 3] == searches[1024, 3] < 20_000
    assert searches[1024, 13] < 20_000 < searches[1, 13]


@pytest.mark.parametrize(
    "options",
    [{"redeals": 2}, {"redeals": 1, "aces_shuffled": True}, {"redeals": 2, "aces_shuffled": True}],
)
def test_ranked_gaps_deals_are_the_same_search_natively(options: dict[str, Any]) -> None:
    """A ranked deal's redeals shuffle from SHA-256 digests of its 64-bit seed, which the
    native core is handed, one per redeal left: the same successors after each redeal, and
    the same search, as the Python core's."""
    game = GapsGame.ranked(bytes(range(32)), options)
    adapter, state = GapsAdapter.from_game(game)
    assert adapter.seed > MAX_DEAL
    twin = adapter.native(state)
    assert twin is not None
    while True:
        python = adapter._moves(state, False)
        assert steps(adapter, twin.game.successors(state, -1)) == steps(adapter, python)
        redealt = [after for move, after in python if move == REDEAL]
        if not redealt:
            break
        state = redealt[0]
    assert state[2] == options["redeals"]  # every redeal was dealt and compared
    same_search(game, nodes=3000)


def test_ranked_gaps_deals_with_unlimited_redeals_stay_on_the_python_core() -> None:
    """Unlimited redeals have no finite list of generator states to hand in."""
    adapter, state = GapsAdapter.from_game(GapsGame.ranked(bytes(32), {"redeals": "unlimited"}))
    assert adapter.seed > MAX_DEAL and adapter.native(state) is None
