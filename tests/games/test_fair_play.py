"""The foreknowledge statistic (patience.games.fair_play): its parts on small cases, and real
lines — an honest hint-follower's and a clairvoyant shortest line — on one Pyramid deal, and
on one Gaps deal with 2 redeals (where the unseen is where a redeal will put the cards)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from patience.engine import Game
from patience.games import fair_play, new_game
from patience.games.fair_play import (
    EPSILON,
    LAMBDA,
    PRIOR,
    Decision,
    Foreknowledge,
    foreknowledge,
    sighted,
    threshold,
    weigh,
)
from patience.games.solving import find_par, searched_hint, solve_game
from patience.solver import Budget
from patience.solver.hints import Effort, hint_move
from tests.budgets import SEARCH_NODES

DEAL = 1
GAPS_DEAL = 3
GAPS_REDEALS = {"redeals": 2}


def follower_line(deal: int) -> Game[Any, Any]:
    """The honest hint followed to the end (node budgets only: the same line every run)."""
    game = new_game("pyramid", deal=deal)
    while game.status == "playing":
        advice, _ = searched_hint(game, Effort(seconds=None, nodes=20_000))
        assert advice is not None
        game.play(hint_move(advice))
    return game


def gaps_follower_line(deal: int) -> Game[Any, Any]:
    """The honest Gaps hint followed to the end, 2 redeals (node budgets only)."""
    game = new_game("gaps", deal=deal, options=GAPS_REDEALS)
    while game.status == "playing":
        advice, _ = searched_hint(game, Effort(seconds=None, nodes=24_000))
        assert advice is not None
        game.play(hint_move(advice))
    return game


def gaps_clairvoyant_line(deal: int) -> Game[Any, Any]:
    """The full-information solver's win, 2 redeals: each redeal chosen knowing the shuffle."""
    game = new_game("gaps", deal=deal, options=GAPS_REDEALS)
    found = solve_game(game, Budget(nodes=400_000))
    assert found.verdict == "winnable" and found.solution
    assert {"type": "redeal"} in found.solution
    for move in found.solution:
        game.play(move)
    return game


def shortest_line(deal: int) -> Game[Any, Any]:
    """A shortest winning line, the real stock order known: what a scout would play."""
    game = new_game("pyramid", deal=deal)
    par = find_par(game, Budget(nodes=SEARCH_NODES))
    assert par.line is not None
    for move in par.line:
        game.play(move)
    return game


def test_the_sighted_model_is_a_distribution_that_favours_the_vote_leader() -> None:
    q = sighted({"a": 5, "b": 2}, ["a", "b", "c"])
    assert math.isclose(sum(q.values()), 1.0)
    assert q["a"] > 1 - LAMBDA and q["b"] > q["c"] > 0
    tied = sighted({"a": 1, "b": 1}, ["a", "b"])
    assert tied["a"] == tied["b"] == 0.5
    assert sighted({}, ["a", "b"]) == {"a": 0.5, "b": 0.5}  # no vote: no opinion


def test_a_decision_weighs_only_when_knowing_the_cards_changes_the_choice() -> None:
    # Every clear move leads the vote: both models agree, no weight.
    assert Decision(0, 3, 0.8, 1.0, 1, agree=True).evidence == 0
    # No full-information win found, or one move only: no weight.
    assert not Decision(0, 3, 0.1, 0.0, 0, agree=False).counted
    assert not Decision(0, 1, 1.0, 1.0, 1, agree=False).counted
    # The clear move the vote gave little chance: strong evidence, the less likely the more.
    unlikely = Decision(0, 4, 0.05, 1.0, 1, agree=False).evidence
    likely = Decision(0, 4, 0.3, 1.0, 1, agree=False).evidence
    assert unlikely > likely > 0
    assert math.isclose(unlikely, math.log((1 - EPSILON) / 0.05 + EPSILON))
    # Another move than the clear one: evidence of sight, ln ε.
    assert math.isclose(Decision(0, 4, 0.6, 0.0, 1, agree=False).evidence, math.log(EPSILON))


def test_short_lines_are_shrunk_towards_zero() -> None:
    strong = Decision(0, 4, 0.05, 1.0, 1, agree=False)
    one, five = Foreknowledge((strong,)), Foreknowledge((strong,) * 5)
    assert math.isclose(one.score, strong.evidence / (1 + PRIOR))
    assert 0 < one.score < five.score < strong.evidence
    assert Foreknowledge(()).score == 0 and Foreknowledge(()).mark == "ok"
    agreeing = Decision(0, 3, 0.9, 1.0, 1, agree=True)
    assert Foreknowledge((agreeing,) * 50).score == 0  # length alone never flags


def test_games_that_hide_nothing_have_nothing_to_weigh() -> None:
    gaps = new_game("gaps", deal=1, options={"redeals": 0})
    line = solve_game(gaps, Budget(nodes=5_000)).solution or []
    for move in line[:10]:
        gaps.play(move)
    assert foreknowledge(gaps).decisions == ()


def test_gaps_decisions_are_weighed_only_while_a_redeal_remains() -> None:
    game = gaps_clairvoyant_line(GAPS_DEAL)
    found = foreknowledge(game)
    assert found.counted
    replay = new_game("gaps", deal=GAPS_DEAL, options=GAPS_REDEALS)
    redeal_left_at = set()
    for index, move in enumerate(game.moves):
        if replay.state.can_redeal():
            redeal_left_at.add(index)
        replay.play(move)
    assert {d.index for d in found.decisions} <= redeal_left_at
    assert max(redeal_left_at) < len(game.moves) - 1  # after the last redeal: all in sight
    assert all(d.fresh > 1 for d in found.decisions)


def test_a_clairvoyant_gaps_line_scores_above_the_honest_followers() -> None:
    honest, scout = gaps_follower_line(GAPS_DEAL), gaps_clairvoyant_line(GAPS_DEAL)
    assert honest.status == scout.status == "won" and honest.moves != scout.moves
    fair, unfair = foreknowledge(honest), foreknowledge(scout)
    assert fair.mark == "ok" and fair.score < 0
    assert unfair.mark == "review" and unfair.score > fair.score + 1
    assert unfair.counted >= 3  # several decisions, not one lucky guess


def test_only_decisions_taken_while_cards_were_unseen_are_weighed() -> None:
    game = follower_line(DEAL)
    found = foreknowledge(game)
    assert found.decisions
    replay = new_game("pyramid", deal=DEAL)
    unseen_at = set()
    for index, move in enumerate(game.moves):
        if replay.unseen_count():
            unseen_at.add(index)
        replay.play(move)
    assert {d.index for d in found.decisions} <= unseen_at
    assert max(unseen_at) < len(game.moves) - 1  # the end of the line, all seen, is not weighed


def test_a_single_move_position_is_no_decision() -> None:
    game = new_game("pyramid", deal=DEAL)
    while len(game.legal_here()) > 1:
        game.play(game.legal_moves()[0])
    assert weigh(game, game.legal_moves()[0]) is None


def test_the_honest_follower_is_ok_and_the_clairvoyant_shortest_line_is_flagged() -> None:
    honest, scout = follower_line(DEAL), shortest_line(DEAL)
    assert honest.status == scout.status == "won" and honest.moves != scout.moves
    fair, unfair = foreknowledge(honest), foreknowledge(scout)
    # The hint weighs the samples still won after each move before the model's first-found
    # wins, so the follower may play a move the model ranks low (once here): a small score.
    assert fair.mark == "ok" and fair.score < threshold("pyramid") / 2
    assert unfair.mark == "review" and unfair.score > 2 * threshold("pyramid")
    assert unfair.counted >= 3  # several decisions, not one lucky guess


def test_the_statistic_is_deterministic(monkeypatch: pytest.MonkeyPatch) -> None:
    scout = shortest_line(DEAL)
    first = foreknowledge(scout)
    assert foreknowledge(scout) == first
    # The mark follows the threshold: the same line under a higher one is ok.
    monkeypatch.setattr(fair_play, "THRESHOLDS", {"pyramid": first.score + 1})
    assert foreknowledge(scout).mark == "ok"
