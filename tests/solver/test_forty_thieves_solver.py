"""The Forty Thieves solver: solutions replay to a win in the engine (both rulesets, auto-moves
on and off); hand-built dead ends are proven lost; verdicts agree with the brute force."""

from __future__ import annotations

import time
from typing import Any

import pytest

from patience.engine import load_position, new_game
from patience.engine.deal import SplitMix64
from patience.games.solving import solve_game
from patience.solver.core import Budget, solve
from patience.solver.forty_thieves import FortyThievesAdapter
from patience.solver.naive import brute_force
from tests.budgets import SEARCH_NODES

RANKS = "A23456789TJQK"


def position(
    tableau: list[list[str]],
    stock: list[str] | None = None,
    waste: list[str] | None = None,
    foundations: list[list[str]] | None = None,
    **options: Any,
) -> Any:
    """A hand-built game: ``tableau`` padded to ten columns, foundations given as piles."""
    piles = foundations or []
    return load_position(
        {
            "game": "forty-thieves",
            "tableau": tableau + [[]] * (10 - len(tableau)),
            "stock": stock or [],
            "waste": waste or [],
            "foundations": piles + [[]] * (8 - len(piles)),
        },
        options,
    )


def up_to(card: str) -> list[str]:
    """A foundation pile from the ace of ``card``'s suit up to ``card``."""
    return [RANKS[i] + card[1] for i in range(RANKS.index(card[0]) + 1)]


def assert_replays_to_a_win(game: Any, solution: list[dict[str, Any]] | None) -> None:
    """Play ``solution`` on a copy of ``game`` (with its options): it must win."""
    assert solution is not None
    replay = load_position(game.position(), game.options)
    for move in solution:
        replay.play(move)
    assert replay.status == "won"


# Everything but the spades from 6 up is home; the spades need a run move through an empty
# column (classic: at most 2**E cards), a waste card built on, and two copies going up in turn.
ENDGAME: dict[str, Any] = {
    "tableau": [["KS", "9S", "8S", "7S"], ["TS", "6S"], ["QS", "JS"], ["KS", "QS", "JS"], ["8S"]],
    "stock": ["TS", "6S", "7S"],
    "waste": ["9S"],
    "foundations": [up_to("5S"), up_to("5S")] + [up_to("K" + s) for s in "HHDDCC"],
}


@pytest.mark.parametrize("rules", ["classic", "relaxed"])
@pytest.mark.parametrize("auto_safe", [True, False])
def test_an_endgame_solution_replays_to_a_win(rules: str, auto_safe: bool) -> None:
    game = position(**ENDGAME, rules=rules, auto_safe=auto_safe)
    result = solve_game(game, Budget(nodes=SEARCH_NODES))
    assert result.verdict == "winnable"
    assert_replays_to_a_win(game, result.solution)


@pytest.mark.parametrize("rules", ["classic", "relaxed"])
@pytest.mark.parametrize("auto_safe", [True, False])
def test_dealt_aces_wait_for_the_first_action(rules: str, auto_safe: bool) -> None:
    # A start position with safe cards showing: the solver's first action sends one up.
    game = position([["AS"], ["AS"], ["2S"], ["2S"]], rules=rules, auto_safe=auto_safe)
    result = solve_game(game)
    assert result.verdict == "winnable"
    assert_replays_to_a_win(game, result.solution)
    assert result.solution is not None
    assert len(result.solution) == (1 if auto_safe else 4)


@pytest.mark.parametrize("deal", [1, 4, 8])
@pytest.mark.parametrize("auto_safe", [True, False])
def test_relaxed_deals_replay_to_a_win(deal: int, auto_safe: bool) -> None:
    game = new_game(
        "forty-thieves", deal=deal, options={"rules": "relaxed", "auto_safe": auto_safe}
    )
    result = solve_game(game, Budget(nodes=SEARCH_NODES))
    assert result.verdict == "winnable"
    assert_replays_to_a_win(game, result.solution)


@pytest.mark.parametrize("auto_safe", [True, False])
def test_a_classic_position_from_a_real_deal_replays_to_a_win(auto_safe: bool) -> None:
    # Deal 1 played along a relaxed solution up to its redeal: the second pass's 37-card stock
    # is then played under the classic rules (no redeal left, runs limited).
    relaxed = new_game("forty-thieves", deal=1, options={"rules": "relaxed"})
    line = solve_game(relaxed, Budget(nodes=SEARCH_NODES)).solution
    assert line is not None
    for move in line[: line.index({"type": "redeal"}) + 1]:
        relaxed.play(move)
    late = relaxed.position()
    late["redeals_left"] = 0
    game = load_position(late, {"rules": "classic", "auto_safe": auto_safe})
    assert len(late["stock"]) == 37
    result = solve_game(game, Budget(nodes=SEARCH_NODES))
    assert result.verdict == "winnable"
    assert_replays_to_a_win(game, result.solution)


def test_a_classic_run_too_long_for_the_empty_columns_is_a_dead_end() -> None:
    # Both 5S lie under a 7S-6S run that an 8S could take, but with no empty column a run
    # moves one card at a time (classic); relaxed, it moves at once and everything unravels.
    tableau = [["5S", "7S", "6S"], ["5S", "7S", "6S"], ["QH", "8S"], ["QH", "8S"], ["KH"]]
    tableau += [["KH"], ["QD", "KD"], ["QD", "KD"], ["QC", "KC"], ["QC", "KC"]]
    foundations = [up_to("4S"), up_to("4S")] + [up_to("J" + s) for s in "HHDDCC"]
    classic = position(tableau, foundations=foundations)
    assert solve_game(classic).verdict == "unwinnable"
    assert brute_force(classic).verdict == "unwinnable"
    relaxed = position(tableau, foundations=foundations, rules="relaxed")
    result = solve_game(relaxed)
    assert result.verdict == "winnable"
    assert_replays_to_a_win(relaxed, result.solution)


def test_a_needed_card_buried_under_a_higher_one_is_a_dead_end() -> None:
    # Every column holds a card under a higher one of its suit; nothing can move anywhere.
    tableau = [["2S", "3S"], ["2S", "3S"], ["2H", "3H"], ["2H", "3H"], ["2D", "3D"]]
    tableau += [["2D", "3D"], ["2C", "3C"], ["2C", "3C"], ["4S", "5S"], ["4S", "5S"]]
    foundations = [["AS"], ["AS"], ["AH"], ["AH"], ["AD"], ["AD"], ["AC"], ["AC"]]
    for rules in ("classic", "relaxed"):
        game = position(tableau, foundations=foundations, rules=rules)
        assert solve_game(game).verdict == "unwinnable"
        assert brute_force(game).verdict == "unwinnable"
    # With the last column's cards in the stock instead, an empty column unravels it all.
    game = position(tableau[:9], stock=["5S", "4S"], foundations=foundations)
    result = solve_game(game)
    assert result.verdict == "winnable"
    assert_replays_to_a_win(game, result.solution)


def small_position(seed: int, rules: str) -> Any:
    """A random small position: the cards from 9 up, four to a column, the lower cards home
    (seeded, so the set is fixed; auto-moves on for even seeds)."""
    cards = SplitMix64(seed).shuffle([r + s for s in "SHDC" for r in "9TJQK" for _ in (1, 2)])
    tableau = [cards[i::10] for i in range(10)]
    foundations = [up_to("8" + s) for s in "SSHHDDCC"]
    return position(tableau, foundations=foundations, rules=rules, auto_safe=seed % 2 == 0)


# The seeds (of the first 20) whose positions the brute force settles within its budget.
AGREEMENT = [(seed, rules) for seed in (2, 8, 12, 14, 16, 17) for rules in ("classic", "relaxed")]


@pytest.mark.parametrize(("seed", "rules"), AGREEMENT)
def test_verdicts_agree_with_brute_force(seed: int, rules: str) -> None:
    game = small_position(seed, rules)
    ours = solve(*FortyThievesAdapter.from_game(game), Budget(nodes=SEARCH_NODES))
    brute = brute_force(game, Budget(nodes=900))  # it recurses: keep its depth in bounds
    assert brute.verdict != "unknown"
    assert ours.verdict == brute.verdict
    if ours.verdict == "winnable":
        assert_replays_to_a_win(game, ours.solution)


def test_the_brute_force_decides_both_ways_in_the_agreement_set() -> None:
    verdicts = {
        brute_force(small_position(seed, rules), Budget(nodes=900)).verdict
        for seed, rules in AGREEMENT
    }
    assert verdicts == {"winnable", "unwinnable"}


def test_a_budget_gives_unknown_never_unwinnable() -> None:
    game = new_game("forty-thieves", deal=1)
    result = solve_game(game, Budget(nodes=200))
    assert result.verdict == "unknown"
    assert result.solution is None
    assert solve_game(game, Budget(seconds=0.2, clock=time.process_time)).verdict == "unknown"


def test_other_games_are_refused() -> None:
    with pytest.raises(TypeError):
        FortyThievesAdapter.from_game(new_game("pyramid", deal=1))
