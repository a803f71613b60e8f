"""The Pyramid solver: solutions replay to a win; hand-built dead ends are proven lost."""

from __future__ import annotations

from typing import Any

import pytest

from patience.engine import load_position, new_game
from patience.engine.deal import SplitMix64
from patience.games.solving import hint, solve_game
from patience.solver.core import Budget, solve
from patience.solver.naive import brute_force
from patience.solver.pyramid import PyramidAdapter
from tests.budgets import SEARCH_NODES


@pytest.mark.parametrize("deal", [1, 2, 5, 6])
def test_solutions_replay_to_a_win(deal: int) -> None:
    game = new_game("pyramid", deal=deal)
    result = solve(*PyramidAdapter.from_game(game), Budget(nodes=SEARCH_NODES))
    assert result.verdict == "winnable"
    assert result.solution is not None
    for move in result.solution:
        game.play(move)
    assert game.status == "won"


def test_the_hardest_benchmark_deal_replays_to_a_win() -> None:
    # Deal 327 is the slowest of deals 1…1000 (bench/RESULTS.md); its line passes many draws
    # at once.
    game = new_game("pyramid", deal=327)
    result = solve(*PyramidAdapter.from_game(game))
    assert result.verdict == "winnable"
    assert result.solution is not None
    assert sum(move["type"] == "draw" for move in result.solution) > 24
    for move in result.solution:
        game.play(move)
    assert game.status == "won"


def test_talons_equal_rank_by_rank_are_one_game() -> None:
    # Suits play no part: spending the 5C or the 5D of "5C 5D 9S" leaves the same game,
    # so the search remembers both as one (and only the stock walk ranks them).
    pyramid: list[str | None] = [None] * 28
    pyramid[0] = "8H"
    position = {"game": "pyramid", "pyramid": pyramid, "stock": ["5C", "5D", "9S"], "waste": []}
    adapter, start = PyramidAdapter.from_game(load_position(position))
    pyr, talon, ptr, passes = start
    spent_club = (pyr, talon & ~0b001, ptr, passes)
    spent_diamond = (pyr, talon & ~0b010, ptr, passes)
    assert adapter.key(spent_club) == adapter.key(spent_diamond)
    other_rank = (pyr, talon & ~0b100, ptr, passes)
    assert adapter.key(other_rank)[0] != adapter.key(spent_club)[0]


def test_a_card_whose_partners_all_cover_it_is_proven_lost() -> None:
    # The apex 6S can only pair with a 7, and the only 7 left sits below it.
    pyramid: list[str | None] = [None] * 28
    pyramid[0], pyramid[1], pyramid[2] = "6S", "7H", "KD"
    game = load_position({"game": "pyramid", "pyramid": pyramid, "stock": ["2C"], "waste": []})
    result = solve(*PyramidAdapter.from_game(game))
    assert result.verdict == "unwinnable"


def test_a_last_pass_waste_buried_in_the_wrong_order_is_proven_lost() -> None:
    # The 8H needs the 5C and the 4S needs the 9D, but in the last pass the 9D lies on the
    # 5C: with every talon card open the pyramid clears, with the waste a stack it cannot.
    pyramid: list[str | None] = [None] * 28
    pyramid[0], pyramid[1] = "4S", "8H"
    position = {"game": "pyramid", "pyramid": pyramid, "stock": [], "waste": ["5C", "9D"]}
    adapter, start = PyramidAdapter.from_game(load_position({**position, "pass": 3}))
    assert adapter.is_dead(start)
    earlier, start = PyramidAdapter.from_game(load_position({**position, "pass": 2}))
    assert not earlier.is_dead(start)
    assert solve(earlier, start).verdict == "winnable"


def test_a_budget_gives_unknown_never_unwinnable() -> None:
    game = new_game("pyramid", deal=6)  # about 2,000 nodes to a win
    result = solve(*PyramidAdapter.from_game(game), Budget(nodes=50))
    assert result.verdict == "unknown"
    assert result.solution is None


def late_position(deal: int, plies: int) -> Any:
    """Deal ``deal`` after ``plies`` moves chosen by a seeded generator (a mid-game state)."""
    game = new_game("pyramid", deal=deal)
    rng = SplitMix64(deal)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves or game.status == "won":
            break
        removals = [m for m in moves if m["type"] in ("pair", "king")]
        pool = removals if removals and rng.below(4) else moves
        game.play(pool[rng.below(len(pool))])
    return game


@pytest.mark.parametrize("deal", range(1, 51))
def test_verdicts_agree_with_brute_force(deal: int) -> None:
    game = late_position(deal, plies=40)
    ours = solve_game(game, Budget(nodes=SEARCH_NODES))
    brute = brute_force(game, Budget(nodes=30_000))
    assert ours.verdict != "unknown"
    if brute.verdict != "unknown":
        assert ours.verdict == brute.verdict
    if ours.verdict == "winnable":
        assert ours.solution is not None
        replay = load_position(game.position())
        for move in ours.solution:
            replay.play(move)
        assert replay.status == "won"


def test_the_brute_force_decides_both_ways_in_the_agreement_set() -> None:
    # The agreement test above is only meaningful if the brute force settles cases of both kinds.
    verdicts = {
        brute_force(late_position(deal, plies=40), Budget(nodes=30_000)).verdict
        for deal in range(1, 51)
    }
    assert {"winnable", "unwinnable"} <= verdicts


# -- hints -------------------------------------------------------------------------------------


def shuffle_unseen(game: Any, seed: int) -> Any:
    """The same game with the never-seen stock cards in another order (same seen set)."""
    position = game.position()
    seen = set(position["seen"])
    unseen = [i for i, card in enumerate(position["stock"]) if card not in seen]
    cards = SplitMix64(seed).shuffle([position["stock"][i] for i in unseen])
    for i, card in zip(unseen, cards, strict=True):
        position["stock"][i] = card
    return load_position(position)


@pytest.mark.parametrize("deal", [3, 7, 8153, 99])
def test_hints_do_not_depend_on_unseen_cards(deal: int) -> None:
    game = late_position(deal, plies=6)
    other = shuffle_unseen(game, seed=deal)
    assert other.position()["stock"] != game.position()["stock"]
    assert hint(other) == hint(game)


def test_with_everything_seen_hints_follow_a_winning_line() -> None:
    game = new_game("pyramid", deal=2)
    game.add_seen(game.position()["stock"])  # as if the player had seen every stock card
    for _ in range(200):
        if game.status == "won":
            break
        advice = hint(game)
        assert advice is not None
        game.play(advice.get("move", {"type": "draw"}))
    assert game.status == "won"


@pytest.mark.parametrize("stock", [["7D"], ["7D", "2C", "3C", "4C"]])
def test_hints_avoid_a_proven_dead_end(stock: list[str]) -> None:
    # Pairing the stock 7 with the waste 6 would spend the last 7 that the pyramid's 6 needs.
    pyramid: list[str | None] = [None] * 28
    pyramid[21] = "6S"
    game = load_position(
        {"game": "pyramid", "pyramid": pyramid, "stock": stock, "waste": ["6H"], "seen": ["7D"]}
    )
    assert {"type": "pair", "a": "stock", "b": "waste"} in game.legal_moves()
    advice = hint(game)
    assert advice is not None and advice.get("move") != {"type": "pair", "a": "stock", "b": "waste"}


def test_no_hint_when_nothing_can_move() -> None:
    pyramid: list[str | None] = [None] * 28
    pyramid[27] = "5H"
    game = load_position(
        {"game": "pyramid", "pyramid": pyramid, "stock": [], "waste": [], "pass": 3}
    )
    assert hint(game) is None
