"""Gaps with a redeal left: the analysis, the rewind search, the kept lines and the
hints (and their vote, the fair-play statistic's sighted model) read nothing of where the
redeals' cards will fall. Positions that differ only in their seed (which decides every later
shuffle) get the same analysis, hints and vote, in every ruleset; and the analysis never
calls a position lost while a redeal could still deal a winnable layout."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience.engine import Game
from patience.engine.deal import MAX_DEAL
from patience.games import load_position, new_game, quick_hint
from patience.games.solving import last_winnable, searched_hint, solve_game, solve_in_sight
from patience.jobs.honest_analysis import NONE_IN_SIGHT
from patience.jobs.tasks import analyse
from patience.solver import Budget
from patience.solver.hints.common import Effort
from patience.solver.hints.gaps import sample_votes
from patience.solver.rewind import blocks
from tests.budgets import SEARCH_NODES
from tests.solver.dead_ends import careless_line

RULESETS = [
    {"redeals": redeals, "aces_shuffled": aces}
    for redeals in (0, 1, 2, "unlimited")
    for aces in (False, True)
]
IDS = [f"redeals-{o['redeals']}{'-aces' if o['aces_shuffled'] else ''}" for o in RULESETS]

ANALYSIS_NODES = 2_000
HINT = Effort(seconds=None, nodes=2_500)


def board(deal: int, options: dict[str, Any], choices: list[int]) -> Game[Any, Any]:
    """``deal`` played along ``choices`` (each picks a legal move, redeals included)."""
    game = new_game("gaps", deal=deal, options=options)
    for choice in choices:
        moves = game.legal_moves()
        if game.status != "playing" or not moves:
            break
        game.play(moves[choice % len(moves)])
    return game


def reseeded(game: Game[Any, Any], seed: int) -> Game[Any, Any]:
    """``game``'s position (without its line) under another seed: the same board, the same
    redeals left and done; only how later redeals would fall differs."""
    return load_position(dict(game.position(), seed=seed), game.options)


def analysis(game: Game[Any, Any]) -> dict[str, Any]:
    found = analyse(game.position(), dict(game.options), seconds=60, nodes=ANALYSIS_NODES)
    assert isinstance(found, dict)
    return {key: value for key, value in found.items() if key != "seconds"}


boards = st.tuples(
    st.integers(1, MAX_DEAL),
    st.lists(st.integers(0, 60), min_size=0, max_size=80),
    st.integers(0, MAX_DEAL),
    st.integers(0, MAX_DEAL),
)


@pytest.mark.parametrize("options", RULESETS, ids=IDS)
@settings(max_examples=10)
@given(drawn=boards)
def test_positions_differing_only_in_the_seed_get_the_same_analysis_and_hints(
    options: dict[str, Any], drawn: tuple[int, list[int], int, int]
) -> None:
    deal, choices, seed_a, seed_b = drawn
    played = board(deal, options, choices)
    a, b = reseeded(played, seed_a), reseeded(played, seed_b)
    assert a.board() == b.board()
    found = analysis(a)
    assert found == analysis(b)
    if a.unseen_shuffle():
        assert found["verdict"] in ("winnable", NONE_IN_SIGHT, "unknown")
    assert searched_hint(a, HINT) == searched_hint(b, HINT)
    assert quick_hint(a) == quick_hint(b)
    # The fair-play statistic's honest vote, too (what a sighted player could have known).
    assert sample_votes(a, HINT) == sample_votes(b, HINT)


def test_a_board_stuck_with_a_redeal_left_is_not_called_lost() -> None:
    """No card can move: without a redeal the position is lost, but a redeal may deal a win
    (the seed's full search says so); the analysis reports neither."""
    stuck = careless_until_stuck(1, {"redeals": 1})
    assert stuck.unseen_shuffle() and stuck.legal_moves() == [{"type": "redeal"}]
    assert analysis(stuck)["verdict"] == NONE_IN_SIGHT
    hint = searched_hint(stuck, HINT)[0]
    assert hint is not None and hint["move"] == {"type": "redeal"}


def careless_until_stuck(deal: int, options: dict[str, Any]) -> Game[Any, Any]:
    """``deal`` played card move by card move (the first legal one) until only a redeal is
    left to play."""
    game = new_game("gaps", deal=deal, options=options)
    for _ in range(500):
        moves = [m for m in game.legal_moves() if m["type"] == "move"]
        if not moves:
            break
        game.play(moves[-1])
    return game


def test_a_win_in_sight_is_winnable_with_its_line_whatever_the_seed() -> None:
    """With redeals left, a win that needs none is announced, and its line plays out."""
    game = new_game("gaps", deal=1, options={"redeals": 2})
    result = solve_in_sight(game, Budget(nodes=SEARCH_NODES))
    assert result.verdict == "winnable" and result.solution is not None
    assert all(move["type"] == "move" for move in result.solution)
    for seed in (1, 2, 3):
        assert analysis(reseeded(game, seed))["verdict"] in ("winnable", "unknown")
    for move in result.solution:
        game.play(move)
    assert game.status == "won"


def test_the_rewind_point_of_a_line_that_redealt_is_a_win_in_sight() -> None:
    """A lost line that redealt: the point found has a win in sight, the position after it
    none (every later one is then lost or, before the redeal, has none either)."""
    played = careless_line("gaps", 14, {"redeals": 1})
    assert played.shuffles_dealt() == 1 and not played.unseen_shuffle()
    assert solve_game(played, Budget(nodes=SEARCH_NODES)).verdict == "unwinnable"
    assert blocks(played) == [(0, 21), (22, 47)]
    point = last_winnable(played, seconds=120)
    assert not point.inconclusive and point.found is not None
    for length, expected in ((point.found, "winnable"), (point.found + 1, "unwinnable")):
        earlier = new_game("gaps", deal=14, options={"redeals": 1})
        earlier.replay(played.moves[:length], ())
        assert solve_in_sight(earlier, Budget(nodes=SEARCH_NODES)).verdict == expected, length


@pytest.mark.parametrize(
    ("winnable", "found"),
    [
        ({30}, 30),  # in the last block: as without redeals
        ({5, 11}, 11),  # the last block lost from its start: back before the redeal
        ({3}, 3),  # ... and further back, through a block lost all along
        (set(), None),  # nowhere
    ],
)
def test_the_rewind_search_goes_back_block_by_block(
    monkeypatch: pytest.MonkeyPatch, winnable: set[int], found: int | None
) -> None:
    """Between two redeals a win in sight only gets lost, never found (the prefix rule); a
    redeal may deal a winnable layout, so each block is searched on its own, the last first.
    Here the searches are a table by line length (the line redeals after 8 and 19 moves;
    within a block the table keeps the prefix rule)."""
    from patience.solver import rewind

    played = new_game("gaps", deal=1, options={"redeals": 2})
    for choice in range(40):
        cards = [m for m in played.legal_moves() if m["type"] == "move"]
        if choice in (8, 20) or not cards:
            played.play({"type": "redeal"})
        else:
            played.play(cards[choice % len(cards)])
    assert blocks(played) == [(0, 8), (9, 20), (21, 40)]
    table = {
        length: length in winnable or _earlier_in_block(length, winnable, played)
        for length in range(41)
    }

    class Searched:
        def __init__(self, length: int) -> None:
            self.length = length

    def adapter_of(game: Game[Any, Any]) -> tuple[Any, Any]:
        return None, Searched(len(game.moves))

    def solve(adapter: Any, start: Searched, budget: Any) -> Any:
        return type("R", (), {"verdict": "winnable" if table[start.length] else "unwinnable"})

    monkeypatch.setattr(rewind, "solve", solve)
    point = rewind.last_winnable(played, adapter_of, seconds=60)
    assert (point.found, point.inconclusive) == (found, False)


def _earlier_in_block(length: int, winnable: set[int], played: Game[Any, Any]) -> bool:
    """The prefix rule within a block: winnable if a later length of its block is."""
    for first, last in blocks(played):
        if first <= length <= last:
            return any(length <= w <= last for w in winnable)
    return False
