"""Forty Thieves properties over random play, in both rulesets (Hypothesis).

Random play from real deals rarely empties a column, so the run-move properties also start
from generated sparse positions: few cards per column, planted same-suit runs, empty columns,
partly built foundations, short stock and waste.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience.engine.cards import TWO_DECKS, Card, Suit
from patience.engine.errors import IllegalMove, InvalidMove
from patience.engine.forty_thieves import (
    FOUNDATION,
    CardMove,
    FortyThievesGame,
    FTState,
    apply_move,
    foundation_for,
    legal_moves,
    parse_move,
)
from patience.engine.game import Json

OPTIONS = st.fixed_dictionaries(
    {"rules": st.sampled_from(["classic", "relaxed"]), "auto_safe": st.booleans()}
)
LOCATIONS = [f"t{i}" for i in range(10)]
QUIET = {"auto_safe": False}
EMPTY: Json = {"game": "forty-thieves", "stock": [], "waste": []}


@st.composite
def sparse_positions(draw: st.DrawFn, endgame: bool = False) -> Json:
    """A sparse position; an ``endgame`` one has high foundations, the rest of the cards in
    the columns (some in collectable order) and empty stock and waste."""
    rnd = draw(st.randoms(use_true_random=False))
    pool = list(TWO_DECKS)
    rnd.shuffle(pool)
    foundations: list[list[str]] = []
    for suit in Suit:
        for _ in range(2):
            height = rnd.randint(8, 13) if endgame else rnd.choice([0, 0, 0, 1, 2, 4])
            pile = [Card(rank, suit) for rank in range(1, height + 1)]
            for card in pile:
                pool.remove(card)
            foundations.append([str(c) for c in pile])
    tableau: list[list[str]] = []
    if endgame:
        columns: list[list[Card]] = [[] for _ in range(10)]
        for card in pool:
            columns[rnd.randrange(10)].append(card)
        for column in columns:
            if rnd.random() < 0.7:
                column.sort(key=lambda card: -card.rank)
        tableau = [[str(c) for c in column] for column in columns]
        return {**EMPTY, "tableau": tableau, "foundations": foundations}
    for _ in range(10):
        kind = rnd.choice(["empty", "empty", "random", "run", "run", "mixed"])
        column = [
            pool.pop() for _ in range(rnd.randint(1, 3) if kind in ("random", "mixed") else 0)
        ]
        if kind in ("run", "mixed"):
            suit, top = rnd.choice(list(Suit)), rnd.randint(2, 13)
            for rank in range(top, max(top - rnd.randint(2, 6), 0), -1):
                if Card(rank, suit) not in pool:
                    break
                pool.remove(Card(rank, suit))
                column.append(Card(rank, suit))
        tableau.append([str(c) for c in column])
    stock = [str(pool.pop()) for _ in range(rnd.randint(0, 5))]
    waste = [str(pool.pop()) for _ in range(rnd.randint(0, 3))]
    return {
        "game": "forty-thieves",
        "tableau": tableau,
        "stock": stock,
        "waste": waste,
        "foundations": foundations,
    }


def candidates(state: FTState) -> list[Json]:
    """Every move worth trying: all sources × canonical targets × counts, and the actions."""
    out: list[Json] = [{"type": "draw"}, {"type": "redeal"}, {"type": "collect"}]
    sources = [(f"t{i}", len(col)) for i, col in enumerate(state.tableau)] + [("waste", 1)]
    for src, height in sources:
        for dst in [*LOCATIONS, "foundation"]:
            for count in range(1, height + 2):
                out.append({"type": "move", "from": src, "to": dst, "count": count})
        out += [{"type": "move", "from": src, "to": f"f{i}"} for i in range(8)]
    return out


def brute_force_legal(state: FTState, options: dict[str, Any]) -> set[str]:
    legal = set()
    for data in candidates(state):
        try:
            move = parse_move(data)
            apply_move(state, move, options)
        except (IllegalMove, InvalidMove):
            continue
        if isinstance(move, CardMove) and move.dst > FOUNDATION:  # a named foundation
            move = CardMove(move.src, FOUNDATION)
        legal.add(repr(move.to_dict()))
    return legal


def card_counts(position: Json) -> Counter[str]:
    cards = [*position["stock"], *position["waste"]]
    for pile in (*position["tableau"], *position["foundations"]):
        cards += pile
    return Counter(cards)


def board_cards(board: Json) -> Counter[str]:
    cards = [c for col in board["tableau"] for c in col] + board["waste"]["cards"]
    cards += [f["top"] for f in board["foundations"] if f["top"]]
    return Counter(cards)


def check_position(game: FortyThievesGame, options: dict[str, Any], full: bool) -> None:
    """The invariants of one position of random play."""
    position = game.position()
    state = game.state
    # Legal moves: no duplicates, exactly the moves the rules accept.
    legal = [repr(m) for m in game.legal_moves()]
    assert len(legal) == len(set(legal))
    if full:
        assert set(legal) == brute_force_legal(state, options)
    # Hidden information: the board shows only seen cards and does not depend on the stock.
    seen = Counter(game.seen)
    assert not board_cards(game.board()) - seen
    shuffled = dict(position, stock=list(reversed(position["stock"])))
    assert FortyThievesGame.from_position(shuffled, options).view() == game.view()
    # Classic run moves: their steps replay as legal single-card moves.
    if options["rules"] == "classic":
        quiet = {**options, "auto_safe": False}
        for move in legal_moves(state, options):
            if isinstance(move, CardMove) and move.count > 1:
                after, events = apply_move(state, move, quiet)
                replay = state
                for step in events:
                    assert step["type"] == "step"
                    single = parse_move({"type": "move", "from": step["from"], "to": step["to"]})
                    replay, _ = apply_move(replay, single, quiet)
                assert replay.tableau == after.tableau


def play_randomly(game: FortyThievesGame, rnd: random.Random, steps: int, full_every: int) -> None:
    options = dict(game.options)
    total = card_counts(game.position())
    for i in range(steps):
        check_position(game, options, full=i % full_every == 0)
        moves = game.legal_moves()
        if not moves:
            break
        before = game.position()
        seen_before = Counter(game.seen)
        move = rnd.choice(moves)
        events = game.play(move)
        assert game.moves[-1] == move
        assert card_counts(game.position()) == total
        # Events name only cards the player has now seen.
        named = [e["card"] for e in events if "card" in e] + [
            c for e in events for c in e.get("cards", [])
        ]
        assert set(named) <= set(game.seen)
        if rnd.random() < 0.25 and game.status == "playing":
            game.undo()
            after = game.position()
            assert {**after, "seen": None} == {**before, "seen": None}
            assert not seen_before - Counter(game.seen), "seen cards stay seen"
            game.play(move)
    if game.status == "won":
        assert game.legal_moves() == []


@settings(max_examples=20)
@given(deal=st.integers(1, 2**32 - 1), options=OPTIONS, rnd=st.randoms(use_true_random=False))
def test_random_play_from_deals(deal: int, options: dict[str, Any], rnd: random.Random) -> None:
    game = FortyThievesGame.new(deal, options)
    assert isinstance(game, FortyThievesGame)
    assert card_counts(game.position()) == Counter(str(c) for c in TWO_DECKS)
    play_randomly(game, rnd, steps=80, full_every=10)
    assert card_counts(game.position()) == Counter(str(c) for c in TWO_DECKS)


@settings(max_examples=80)
@given(position=sparse_positions(), options=OPTIONS, rnd=st.randoms(use_true_random=False))
def test_random_play_from_sparse_positions(
    position: Json, options: dict[str, Any], rnd: random.Random
) -> None:
    game = FortyThievesGame.from_position(position, options)
    assert isinstance(game, FortyThievesGame)
    play_randomly(game, rnd, steps=25, full_every=3)


@settings(max_examples=40)
@given(
    position=sparse_positions(endgame=True), options=OPTIONS, rnd=st.randoms(use_true_random=False)
)
def test_random_play_from_endgames(
    position: Json, options: dict[str, Any], rnd: random.Random
) -> None:
    game = FortyThievesGame.from_position(position, options)
    assert isinstance(game, FortyThievesGame)
    play_randomly(game, rnd, steps=25, full_every=4)


def collectable(state: FTState, failed: set[tuple[int, ...]]) -> bool:
    """Exhaustive search: can foundation moves from the columns alone clear the tableau?"""
    if state.is_won:
        return True
    key = tuple(len(column) for column in state.tableau)
    if key in failed:
        return False
    for i, column in enumerate(state.tableau):
        if column and foundation_for(state.foundations, column[-1]) is not None:
            after, _ = apply_move(state, CardMove(i, FOUNDATION), QUIET)
            if collectable(after, failed):
                return True
    failed.add(key)
    return False


@settings(max_examples=60)
@given(position=sparse_positions(endgame=True))
def test_collect_agrees_with_exhaustive_search(position: Json) -> None:
    """``can_collect`` exactly when foundation moves alone can clear the tableau."""
    game = FortyThievesGame.from_position(position, QUIET)
    can = game.board()["can_collect"]
    assert can == ({"type": "collect"} in game.legal_moves())
    assert can == (any(position["tableau"]) and collectable(game.state, set()))
    if can:
        replay = FortyThievesGame.from_position(position, QUIET)
        events = game.play({"type": "collect"})
        assert game.status == "won" and len(game.moves) == 1
        for event in events:  # each collected card is a legal foundation move in turn
            replay.play({"type": "move", "from": event["from"], "to": event["to"]})
        assert replay.position()["foundations"] == game.position()["foundations"]
    else:
        with pytest.raises(IllegalMove):
            game.play({"type": "collect"})


@settings(max_examples=30)
@given(position=sparse_positions())
def test_classic_limits_match_empty_columns(position: Json) -> None:
    game = FortyThievesGame.from_position(position, {"auto_safe": False})
    empty = sum(not column for column in position["tableau"])
    assert game.board()["max_run"] == {
        "to_card": 2**empty,
        "to_empty": 2 ** (empty - 1) if empty else 0,
    }
    for move in game.legal_moves():
        count = move.get("count", 1)
        if move["type"] == "move" and move["to"] != "foundation":
            onto_empty = not position["tableau"][int(move["to"][1:])]
            assert count <= (2 ** (empty - 1) if onto_empty else 2**empty)
