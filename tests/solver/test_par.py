"""Par: Pyramid's proven minimum against a breadth-first search; Gaps and Forty Thieves lines
that replay to a win and are never longer than the solver's own."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience.engine import Card, load_position, new_game
from patience.engine.pyramid import COVERED_BY, SIZE
from patience.games.solving import find_par, solve_game
from patience.solver.core import Budget
from patience.solver.naive import fewest_moves
from patience.solver.par import Par, shorten
from patience.solver.pyramid import PyramidAdapter
from patience.solver.pyramid_par import ParBound, ParSearch, _mix, _slot
from tests.budgets import SEARCH_NODES


def small_pyramid(rng: random.Random, most: int = 10, talon: int = 9) -> dict[str, Any]:
    """A card-consistent Pyramid position: a few pyramid cards in a shape the game can reach
    (uncovered cards taken off a full pyramid), a short talon holding partners for most of
    them (so that many positions are won), split at random into waste and stock."""
    deck = [Card.from_index(i) for i in range(52)]
    rng.shuffle(deck)
    present = set(range(SIZE))
    while len(present) > rng.randint(1, most):
        uncovered = [i for i in present if not any(j in present for j in COVERED_BY[i])]
        present.remove(rng.choice(sorted(uncovered)))
    pyramid: list[Card | None] = [deck.pop() if i in present else None for i in range(SIZE)]
    cards: list[Card] = []
    for card in pyramid:
        partners = [c for c in deck if card is not None and c.rank + card.rank == 13]
        if partners and rng.random() < 0.7:
            cards.append(partners[rng.randrange(len(partners))])
            deck.remove(cards[-1])
    cards += [deck.pop() for _ in range(rng.randint(0, 3))]
    rng.shuffle(cards)
    cards = cards[:talon]
    split = rng.randint(0, len(cards))
    return {
        "game": "pyramid",
        "pyramid": [None if card is None else str(card) for card in pyramid],
        "waste": [str(card) for card in cards[:split]],
        "stock": [str(card) for card in cards[split:]],
        "pass": rng.choice([1, 1, 2, 3]),
    }


def replays_to_a_win(position: dict[str, Any], line: list[dict[str, Any]]) -> int:
    """Replay ``line`` from ``position``; the game must be won. Returns the moves counted."""
    game = load_position(position)
    for move in line:
        game.play(move)
    assert game.status == "won"
    return len(game.moves)


@settings(max_examples=300)
@given(st.randoms(use_true_random=False))
def test_pyramid_par_is_the_fewest_moves_of_a_breadth_first_search(rng: random.Random) -> None:
    position = small_pyramid(rng)
    fewest = fewest_moves(load_position(position))
    par = find_par(load_position(position))
    assert par.proven
    assert par.moves == fewest
    if fewest is None:
        assert par.line is None
    else:
        assert par.line is not None
        assert replays_to_a_win(position, par.line) == par.moves


@settings(max_examples=60)
@given(st.randoms(use_true_random=False))
def test_the_bound_never_exceeds_the_moves_left(rng: random.Random) -> None:
    # Admissible all along a shortest line, not only at its start.
    position = small_pyramid(rng, most=8, talon=8)
    game = load_position(position)
    adapter, state = PyramidAdapter.from_game(game)
    search = ParSearch(adapter)
    found = search.run(state)
    if found.line is None:
        return
    left = found.moves
    assert left is not None
    for move in found.line:
        assert search.bound(state) <= left
        cost, state = next((c, s) for m, c, s in search.successors(state) if m == move)
        left -= cost
    assert left == 0 and not state[0]


@given(
    st.integers(0, 4),
    st.integers(0, 4),
    st.integers(0, 4),
    st.lists(st.sampled_from([7, 6]), max_size=8),
)
def test_the_bounds_pass_costs_follow_the_best_mix_of_pyramid_and_talon_pairs(
    a: int, b: int, m: int, passed: list[int]
) -> None:
    # a sixes and b sevens in the pyramid, m pairs of them possible inside; sevens (partners
    # of the sixes) and sixes passed in any order: the walk's running cost is the definition's.
    m = min(m, a, b)
    free, pairs = [0] * 14, [0] * 7
    free[_slot(7)], free[_slot(6)], pairs[5] = a - m, b - m, m
    table = (0, (), [-1] * 14, 0, free, pairs)
    run = ParBound._walk([_slot(rank) for rank in passed], 0, table, [], [0] * 14, True)
    high, low = passed.count(7), passed.count(6)
    assert run == len(passed) + _mix(a, b, m, high, low) - (a + b - m)


def pyramid_of(**cards: str) -> list[str | None]:
    pyramid: list[str | None] = [None] * SIZE
    for place, card in cards.items():
        pyramid[int(place[1:])] = card
    return pyramid


def test_a_king_on_the_stock_is_left_alone_when_the_win_needs_no_stock() -> None:
    # The 4D pairs with the waste's 9H at once; removing the KC first would cost a move.
    position = {
        "game": "pyramid",
        "pyramid": pyramid_of(p0="4D"),
        "stock": ["KC", "7H", "TD"],
        "waste": ["AC", "9H"],
    }
    par = find_par(load_position(position))
    assert (par.moves, par.line) == (1, [{"type": "pair", "a": "p0", "b": "waste"}])


def test_passed_draws_count_one_move_each() -> None:
    # The 5S waits under four cards that pair with nothing: four draws, then the pair.
    position = {
        "game": "pyramid",
        "pyramid": pyramid_of(p0="8H"),
        "stock": ["2C", "2D", "3C", "3D", "5S"],
        "waste": [],
    }
    par = find_par(load_position(position))
    assert par.moves == 5 and par.proven
    assert par.line is not None
    assert [move["type"] for move in par.line] == ["draw"] * 4 + ["pair"]


def test_a_lost_position_has_no_par_and_says_so() -> None:
    position = {"game": "pyramid", "pyramid": pyramid_of(p0="6S", p1="7H", p2="KD")}
    par = find_par(load_position({**position, "stock": ["2C"], "waste": []}))
    assert par == Par(None, True, None, par.nodes, par.seconds)


@pytest.mark.parametrize("deal", [1, 12, 18])
def test_a_deals_par_is_proven_and_replays_in_exactly_its_moves(deal: int) -> None:
    game = new_game("pyramid", deal=deal)
    par = find_par(game, Budget(nodes=SEARCH_NODES))
    assert par.proven and par.moves is not None and par.line is not None
    assert replays_to_a_win(game.position(), par.line) == par.moves
    solver_line = solve_game(new_game("pyramid", deal=deal)).solution
    assert solver_line is not None and par.moves <= len(solver_line)
    assert game.moves == []  # the game asked about is left as it was


def test_a_spent_budget_keeps_the_solvers_line_unproven() -> None:
    game = new_game("pyramid", deal=19)  # about 30,000 nodes to prove
    par = find_par(game, Budget(nodes=500))
    assert not par.proven
    assert par.line is not None and par.moves == len(par.line)
    assert replays_to_a_win(game.position(), par.line) == par.moves


@pytest.mark.parametrize(
    ("game", "options", "deal"),
    [
        ("gaps", {"redeals": 2}, 39),
        ("gaps", {"redeals": "unlimited"}, 30),
        ("forty-thieves", {"rules": "relaxed"}, 1),
        ("forty-thieves", {"rules": "relaxed"}, 4),
    ],
)
def test_other_games_lines_win_and_are_never_longer_than_the_solvers(
    game: str, options: dict[str, Any], deal: int
) -> None:
    budget = Budget(nodes=6000)  # a node budget: both searches below find the same line
    raw = solve_game(new_game(game, deal=deal, options=options), budget).solution
    assert raw is not None
    par = find_par(new_game(game, deal=deal, options=options), budget)
    assert not par.proven
    assert par.line is not None and par.moves == len(par.line)
    assert par.moves < len(raw)  # these lines all have detours
    start = new_game(game, deal=deal, options=options)
    for move in par.line:
        start.play(move)
    assert start.status == "won"


def test_shorten_drops_a_loop() -> None:
    there = {"type": "move", "card": "2C", "to": "r3c0"}
    back = {"type": "move", "card": "2C", "to": "r0c0"}
    assert shorten(new_game("gaps", deal=13), [there, back, there, back, there]) == [there]


def test_shorten_takes_a_one_move_shortcut() -> None:
    # A redeal gathers the 3S wherever it is: moving it first was a wasted move.
    line = [{"type": "move", "card": "3S", "to": "r1c6"}, {"type": "redeal"}]
    assert shorten(new_game("gaps", deal=1), line) == [{"type": "redeal"}]
