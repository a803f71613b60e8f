"""The Gaps solver: solutions replay to a win, dead ends are proven lost, verdicts agree with
the brute force, budgets give ``unknown``, and redeals follow the engine's shuffle exactly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from patience.engine import Game, load_position, new_game
from patience.engine.cards import Card
from patience.games.solving import solve_game
from patience.solver.core import (
    BEAM_SHARE,
    DIVE_SHARE,
    Budget,
    Result,
    Search,
    portfolio,
    solve,
)
from patience.solver.gaps import GapsAdapter
from patience.solver.gaps_grid import GAP, frozen, run_length
from patience.solver.naive import brute_force
from tests.budgets import SEARCH_NODES


def solved_grid() -> list[str | None]:
    """The won layout: row r reads 2…K of suit r, then a gap."""
    grid: list[str | None] = []
    for row in range(4):
        grid += [str(Card.from_index(row * 13 + rank)) for rank in range(1, 13)] + [None]
    return grid


def position(grid: list[str | None], **fields: Any) -> dict[str, Any]:
    rows = [grid[row * 13 : row * 13 + 13] for row in range(4)]
    return {"game": "gaps", "grid": rows, **fields}


def replay(game: Game[Any, Any], result: Result) -> None:
    """Play ``result``'s solution on ``game`` (a copy is not needed: tests own their games)."""
    assert result.verdict == "winnable"
    assert result.solution is not None
    for move in result.solution:
        game.play(move)
    assert game.status == "won"


@pytest.mark.parametrize(
    ("deal", "options"),
    [
        (1, {"redeals": 2}),
        (3, {"redeals": 2}),
        (2, {"redeals": "unlimited"}),
        (1, {"redeals": "unlimited", "aces_shuffled": True}),
        (3, {"redeals": 2, "aces_shuffled": True}),
    ],
)
def test_solutions_replay_to_a_win(deal: int, options: dict[str, Any]) -> None:
    game = new_game("gaps", deal=deal, options=options)
    result = solve_game(game, Budget(nodes=SEARCH_NODES))
    replay(game, result)


def test_a_solution_that_needs_a_redeal_replays() -> None:
    # Every gap sits after a king: only a redeal can help.
    grid = solved_grid()
    grid[3], grid[16] = grid[16], grid[3]  # 5S and 5H swapped
    game = load_position(position(grid, seed=3, redeals_left=1), {"redeals": 1})
    assert game.legal_moves() == [{"type": "redeal"}]
    result = solve_game(game, Budget(nodes=SEARCH_NODES))
    assert result.solution is not None
    assert result.solution[0] == {"type": "redeal"}
    replay(game, result)


@pytest.mark.parametrize("done", [1, 2, 5])
def test_mid_game_redeals_follow_the_shuffle_exactly(done: int) -> None:
    # A position after ``done`` redeals: the next redeal is the (done + 1)-th of deal 11.
    grid = solved_grid()
    for a, b in [(3, 16), (20, 33), (35, 48)]:
        grid[a], grid[b] = grid[b], grid[a]
    pos = position(grid, seed=11, redeals_done=done, redeals_left="unlimited")
    game = load_position(pos, {"redeals": "unlimited"})
    result = solve_game(game, Budget(nodes=SEARCH_NODES))
    assert result.solution is not None
    assert {"type": "redeal"} in result.solution
    replay(game, result)


def test_a_position_whose_gaps_are_all_dead_is_proven_lost() -> None:
    grid = solved_grid()
    grid[3], grid[16] = grid[16], grid[3]
    game = load_position(position(grid, seed=7, redeals_left=0), {"redeals": 0})
    result = solve_game(game)
    assert result.verdict == "unwinnable"
    assert result.solution is None


def test_a_deadlock_with_live_gaps_is_proven_lost() -> None:
    # Row 0: 2S 3S 4H …, row 1: 2H 3H 4S …: each 4 waits for the other's place, forever
    # (every row starts with a 2 and no gap is in column 0, so the runs can never move).
    grid = solved_grid()
    grid[3], grid[16] = grid[16], grid[3]
    grid[2], grid[15] = grid[15], grid[2]
    grid[12], grid[11] = grid[11], None  # KS moved right: a live gap after QS
    game = load_position(position(grid, redeals_left=0), {"redeals": 0})
    result = solve_game(game)
    assert result.verdict == "unwinnable"


def test_a_missing_card_is_proven_lost() -> None:
    grid = solved_grid()
    grid[5] = None
    game = load_position(position(grid, redeals_left=0), {"redeals": 0})
    assert solve_game(game).verdict == "unwinnable"


def test_breaking_a_lone_2_can_be_needed() -> None:
    # Row 0: 2S 3H … KH _, row 1: _ 3S … KS 2H: the only win moves 2S down to row 1 first.
    grid = solved_grid()
    grid[1:12] = grid[14:25]
    grid[13:26] = [None, *solved_grid()[1:12], "2H"]
    game = load_position(position(grid, redeals_left=0), {"redeals": 0})
    replay(game, solve_game(game))


def scrambled(rng: random.Random) -> list[str | None]:
    """The won layout with a few places (cards and gaps) shuffled among themselves."""
    grid = solved_grid()
    places = rng.sample(range(52), rng.randint(6, 11))
    cards = [grid[p] for p in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        grid[place] = card
    return grid


@pytest.mark.parametrize(
    ("redeals_left", "aces_shuffled"), [(0, False), (0, False), (1, False), (1, True)]
)
def test_verdicts_agree_with_the_brute_force(redeals_left: int, aces_shuffled: bool) -> None:
    rng = random.Random(redeals_left * 10 + aces_shuffled)
    decided = dives_decided = 0
    for _ in range(20):
        fields = {"seed": rng.randint(1, 999), "redeals_done": rng.randint(0, 3)}
        pos = position(scrambled(rng), redeals_left=redeals_left, **fields)
        game = load_position(pos, {"redeals": 2, "aces_shuffled": aces_shuffled})
        reference = brute_force(game, Budget(nodes=600))
        if reference.verdict == "unknown":
            continue
        decided += 1
        adapter, start = GapsAdapter.from_game(game)
        ours = solve(adapter, start, Budget(nodes=100_000))
        assert ours.verdict == reference.verdict, pos
        if ours.verdict == "winnable":
            replay(load_position(pos, game.options), ours)
        # Each dive alone is exact too (its order and its reduction keep every win, and its
        # "no win" is an exhausted search), when it decides within the budget (with a redeal
        # left, its order searches the whole no-redeal subtree first).
        for diver in adapter.dives(start):
            alone = Search(diver, Budget(nodes=20_000)).run(start)
            if alone.verdict != "unknown":
                dives_decided += 1
                assert alone.verdict == reference.verdict, pos
            if alone.verdict == "winnable":
                replay(load_position(pos, game.options), alone)
    assert decided >= 6 and dives_decided >= 6


def test_beams_find_wins_the_depth_first_searches_miss() -> None:
    # Without redeals, deal 2's win is deep: the plain search does not find it in 70,000
    # nodes, nor do the dives in their 16 %; the first beam (width 400) does, in about 30,000.
    game = new_game("gaps", deal=2, options={"redeals": 0})
    adapter, start = GapsAdapter.from_game(game)
    assert Search(adapter, Budget(nodes=70_000)).run(start).verdict == "unknown"
    result = solve_game(game, Budget(nodes=70_000))
    assert result.stats["beam"] == 400
    assert result.nodes <= 70_000
    replay(game, result)
    # A redeal in hand counts in the beam's score; unlimited redeals do not (nor run beams).
    unlimited, its_start = GapsAdapter.from_game(
        new_game("gaps", deal=2, options={"redeals": "unlimited"})
    )
    assert unlimited.beam_widths(its_start) == ()
    grid = start[0]
    assert GapsAdapter.score((grid, 1, 0)) - GapsAdapter.score((grid, 0, 0)) == 300
    assert GapsAdapter.score((grid, -1, 0)) == GapsAdapter.score((grid, 0, 0))


def test_a_dive_in_another_order_finds_a_win_first() -> None:
    # Without redeals, deal 24 is won within 10 s by none of the beams and probes; after the
    # first beam, the first dive (cards late in the grid first, with the persistent-set
    # reduction) wins it in about 4,500 nodes, within its 8 % of the budget.
    game = new_game("gaps", deal=24, options={"redeals": 0})
    adapter, start = GapsAdapter.from_game(game)
    assert portfolio(adapter, start)[:3] == [("beam", 400), ("dive", 1), ("dive", 2)]
    result = solve_game(game, Budget(nodes=60_000))
    assert result.stats["dive"] == 1
    assert result.nodes <= 60_000 * (BEAM_SHARE + DIVE_SHARE)
    replay(game, result)
    # No dives with unlimited redeals (depth-first search wins there at once).
    adapter, start = GapsAdapter.from_game(
        new_game("gaps", deal=24, options={"redeals": "unlimited"})
    )
    assert adapter.dives(start) == ()


def test_probes_find_a_win_the_plain_search_misses(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without redeals, the first move order sends the plain search into a huge losing subtree
    # of deal 15; a probe under a perturbed order wins within a few thousand nodes.
    monkeypatch.setattr(GapsAdapter, "BEAMS", ())
    game = new_game("gaps", deal=15, options={"redeals": 0})
    adapter, start = GapsAdapter.from_game(game)
    assert Search(adapter, Budget(nodes=40_000)).run(start).verdict == "unknown"
    result = solve_game(game, Budget(nodes=40_000))
    assert result.stats["probe"] >= 1
    assert result.nodes <= 40_000
    replay(game, result)


def test_a_lost_position_is_still_proven_lost_with_probes() -> None:
    # A probe's verdict is exact too: a loss comes only from an exhausted search.
    grid = solved_grid()
    grid[1], grid[2] = grid[2], grid[1]  # 4S before 3S in a spade row, no redeal
    game = load_position(position(grid, redeals_left=0), {"redeals": 0})
    assert solve_game(game, Budget(nodes=10_000)).verdict == "unwinnable"


def test_a_budget_gives_unknown_never_unwinnable() -> None:
    for options in ({"redeals": 0}, {"redeals": 2}):
        game = new_game("gaps", deal=5, options=options)
        result = solve_game(game, Budget(nodes=50))
        assert result.verdict == "unknown"
        assert result.solution is None


def reference_frozen(grid: bytes) -> list[bool]:
    """The frozen-card fixpoint written the plain way (rescan until nothing changes)."""
    pos = [-1] * 52
    for place, card in enumerate(grid):
        if card != GAP:
            pos[card] = place
    movable = [False] * 52
    changed = True
    while changed:
        changed = False
        for card in (c for c in grid if c != GAP and not movable[c]):
            if card % 13 == 1:
                free = any(
                    p != pos[card] and (grid[p] == GAP or movable[grid[p]])
                    for p in range(0, 52, 13)
                )
            elif pos[card - 1] < 0:
                free = False
            else:
                before = pos[card - 1]
                free = movable[card - 1]
                if not free and before % 13 != 12:
                    right = grid[before + 1]
                    free = right == GAP or (right != card and movable[right])
            if free:
                movable[card] = changed = True
    return [not m for m in movable]


def test_frozen_matches_the_plain_fixpoint() -> None:
    # The worklist version must find exactly the plain fixpoint, on random grids with 4 or 5
    # gaps and on near-won ones (where most cards are frozen).
    rng = random.Random(5)
    for n in range(400):
        if n % 2:
            cards = [c for c in range(52) if c % 13]
            rng.shuffle(cards)
            gaps = set(rng.sample(range(52), 4 + n % 3 // 2))
            it = iter(cards)
            grid = bytes(GAP if p in gaps else next(it) for p in range(52))
        else:
            layout = scrambled(rng)
            grid = bytes(GAP if c is None else Card.parse(c).index for c in layout)
        assert frozen(grid) == reference_frozen(grid), grid


def reference_score(grid: bytes, redeals_left: int) -> int:
    """GapsAdapter.score's definition, computed plainly."""
    in_place = sum(run_length(grid, row) for row in range(4))
    pairs = sum(
        grid[p] != GAP and grid[p] % 13 != 12 and grid[p + 1] == grid[p] + 1
        for p in range(52)
        if p % 13 != 12
    )
    dead = sum(
        grid[p] == GAP and p % 13 != 0 and (grid[p - 1] == GAP or grid[p - 1] % 13 == 12)
        for p in range(52)
    )
    return 100 * in_place + 10 * pairs - 30 * dead + 300 * max(redeals_left, 0)


def test_the_beam_score_matches_its_definition() -> None:
    # The score counts pairs with big-int byte arithmetic and inlines the run lengths; on
    # random grids, with runs and pairs built in (and pairs across row ends), it must agree
    # with the plain definition.
    rng = random.Random(7)
    for n in range(600):
        cards = [c for c in range(52) if c % 13]
        rng.shuffle(cards)
        gaps = set(rng.sample(range(52), 4))
        it = iter(cards)
        grid = bytearray(GAP if p in gaps else next(it) for p in range(52))
        for _ in range(n % 12):  # put some card right after its predecessor
            card = rng.choice([c for c in grid if c != GAP and c % 13 != 12])
            here, there = grid.index(card) + 1, grid.find(card + 1)
            if here < 52 and there >= 0:
                grid[here], grid[there] = grid[there], grid[here]
        for row in rng.sample(range(4), n % 5):  # build a leading run
            first = rng.choice((1, 14, 27, 40))
            for col in range(rng.randrange(1, 13)):
                at = grid.find(first + col)
                if first + col > first + 11 or at < 0:
                    break
                grid[at], grid[row * 13 + col] = grid[row * 13 + col], grid[at]
        left = rng.choice((0, 1, 2, -1))
        assert GapsAdapter.score((bytes(grid), left, 0)) == reference_score(bytes(grid), left)


def test_won_with_rows_in_any_order() -> None:
    grid = solved_grid()
    rows = [grid[r * 13 : r * 13 + 13] for r in (2, 0, 3, 1)]
    game = load_position(position([c for row in rows for c in row], redeals_left=0))
    adapter, state = GapsAdapter.from_game(game)
    assert adapter.is_won(state)
    assert not adapter.is_dead(state)
