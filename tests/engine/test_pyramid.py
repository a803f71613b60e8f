"""Pyramid rules (SPEC §2) through the engine facade: golden positions, every rejection
reason, undo and the seen set, and properties over random play."""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience.engine import IllegalMove, InvalidMove, InvalidPosition
from patience.engine.cards import ONE_DECK, Card
from patience.engine.pyramid import (
    SIZE,
    STOCK,
    WASTE,
    Draw,
    King,
    Pair,
    PyramidGame,
    PyramidState,
    Recycle,
    apply_move,
    legal_moves,
)
from patience.games import load_position, new_game


def position(pyramid: dict[int, str], stock: str = "", waste: str = "", passes: int = 1) -> Any:
    """A hand-built position: ``pyramid`` maps indices to cards, the rest are removed."""
    return {
        "game": "pyramid",
        "pyramid": [pyramid.get(i) for i in range(SIZE)],
        "stock": stock.split(),
        "waste": waste.split(),
        "pass": passes,
    }


def as_set(moves: list[dict[str, Any]]) -> set[str]:
    return {json.dumps(m, sort_keys=True) for m in moves}


def reason_of(game: Any, move: Any) -> str:
    before = game.position()
    with pytest.raises(IllegalMove) as info:
        game.play(move)
    assert game.position() == before, "a rejected move must change nothing"
    return info.value.reason


BOTTOM_ROW = {21: "6S", 22: "7H", 23: "KC", 24: "AD", 25: "QD", 26: "5C", 27: "8H"}


# -- golden positions ------------------------------------------------------------------------


def test_deal_8153_opening_board() -> None:
    g = new_game("pyramid", deal=8153)
    board = g.view()["board"]
    assert board["pyramid"][21:] == ["KH", "4D", "TD", "KD", "6C", "4C", "AH"]
    assert board["available"] == [f"p{i}" for i in range(21, 28)]
    assert board["stock"] == {"count": 24, "top": "3H"}
    assert board["waste"] == {"count": 0, "top": None}
    assert (board["pass"], board["max_passes"], board["removed"]) == (1, 3, 0)
    assert g.legal_moves() == [
        {"type": "king", "at": "p21"},
        {"type": "pair", "a": "p23", "b": "stock"},
        {"type": "king", "at": "p24"},
        {"type": "draw"},
    ]


def test_exact_legal_moves_bottom_row() -> None:
    g = load_position(position(BOTTOM_ROW, stock="QC 2H", waste="JS"))
    assert as_set(g.legal_moves()) == as_set(
        [
            {"type": "pair", "a": "p21", "b": "p22"},
            {"type": "king", "at": "p23"},
            {"type": "pair", "a": "p24", "b": "p25"},
            {"type": "pair", "a": "p24", "b": "stock"},
            {"type": "pair", "a": "p26", "b": "p27"},
            {"type": "draw"},
        ]
    )


def test_stock_top_pairs_with_waste_top() -> None:
    g = load_position(position({0: "5S"}, stock="JH 3C", waste="2D"))
    assert {"type": "pair", "a": "stock", "b": "waste"} in g.legal_moves()
    g.play({"type": "pair", "a": "waste", "b": "stock"})
    board = g.view()["board"]
    assert board["stock"] == {"count": 1, "top": "3C"}
    assert board["waste"] == {"count": 0, "top": None}


def test_a_card_is_available_once_both_coverers_are_gone() -> None:
    g = load_position(position({15: "9D", 21: "4S", 22: "KH"}, stock="9C 4C"))
    assert g.view()["board"]["available"] == ["p21", "p22"]
    assert reason_of(g, {"type": "pair", "a": "p15", "b": "stock"}) == "covered"
    g.play({"type": "king", "at": "p22"})
    assert g.view()["board"]["available"] == ["p21"]  # p15 is still covered by p21
    assert reason_of(g, {"type": "pair", "a": "p15", "b": "stock"}) == "covered"
    g.play({"type": "pair", "a": "p21", "b": "stock"})
    assert g.view()["board"]["available"] == ["p15"]
    g.play({"type": "pair", "a": "p15", "b": "stock"})
    assert g.view()["board"]["removed"] == 28
    assert g.status == "won"


def test_pairs_in_every_combination_of_places() -> None:
    combos = [
        ({21: "6S", 22: "7H"}, "", "", ("p21", "p22")),
        ({21: "6S"}, "7H", "", ("p21", "stock")),
        ({21: "6S"}, "", "7H", ("p21", "waste")),
        ({0: "KS"}, "6S", "7H", ("stock", "waste")),
    ]
    for pyramid, stock, waste, (a, b) in combos:
        g = load_position(position(pyramid, stock=stock, waste=waste))
        assert {"type": "pair", "a": a, "b": b} in g.legal_moves()
        events = g.play({"type": "pair", "a": b, "b": a})
        assert sorted(events[0]["cards"]) == ["6S", "7H"]


# -- rejection reasons -------------------------------------------------------------------------


def test_not_thirteen() -> None:
    g = load_position(position(BOTTOM_ROW, stock="QC"))
    assert reason_of(g, {"type": "pair", "a": "p21", "b": "p27"}) == "not_thirteen"
    # A king never pairs: it is removed alone.
    assert reason_of(g, {"type": "pair", "a": "p23", "b": "p24"}) == "not_thirteen"


def test_covered() -> None:
    g = new_game("pyramid", deal=8153)
    assert reason_of(g, {"type": "pair", "a": "p0", "b": "p21"}) == "covered"
    assert reason_of(g, {"type": "king", "at": "p0"}) == "covered"  # covered before not_a_king


def test_not_a_king() -> None:
    g = new_game("pyramid", deal=8153)
    assert reason_of(g, {"type": "king", "at": "p22"}) == "not_a_king"
    assert reason_of(g, {"type": "king", "at": "stock"}) == "not_a_king"


def test_no_card_there() -> None:
    g = load_position(position({21: "6S", 22: "7H"}))
    assert reason_of(g, {"type": "pair", "a": "p21", "b": "waste"}) == "no_card_there"
    assert reason_of(g, {"type": "pair", "a": "p23", "b": "p22"}) == "no_card_there"
    assert reason_of(g, {"type": "king", "at": "stock"}) == "no_card_there"
    # no_card_there comes before same_card.
    assert reason_of(g, {"type": "pair", "a": "p23", "b": "p23"}) == "no_card_there"


def test_same_card() -> None:
    g = load_position(position({21: "6S", 22: "7H"}, stock="7D"))
    assert reason_of(g, {"type": "pair", "a": "p21", "b": "p21"}) == "same_card"
    assert reason_of(g, {"type": "pair", "a": "stock", "b": "stock"}) == "same_card"


def test_stock_empty() -> None:
    g = load_position(position({21: "6S"}, waste="9C"))
    assert reason_of(g, {"type": "draw"}) == "stock_empty"


def test_recycle_reasons_in_precedence_order() -> None:
    assert reason_of(new_game("pyramid", deal=1), {"type": "recycle"}) == "recycle_stock_not_empty"
    g = load_position(position({21: "6S"}, stock="9C", passes=3))
    assert reason_of(g, {"type": "recycle"}) == "recycle_stock_not_empty"
    g = load_position(position({21: "6S"}, waste="9C", passes=3))
    assert reason_of(g, {"type": "recycle"}) == "recycle_no_passes"
    g = load_position(position({21: "6S"}, passes=3))
    assert reason_of(g, {"type": "recycle"}) == "recycle_no_passes"
    g = load_position(position({21: "6S"}, passes=2))
    assert reason_of(g, {"type": "recycle"}) == "recycle_waste_empty"


def test_rejection_messages_are_the_spec_sentences() -> None:
    g = load_position(position({0: "2S", 1: "JH", 21: "6S", 22: "6H"}))
    with pytest.raises(IllegalMove, match=r"^these two cards do not sum to 13$"):
        g.play({"type": "pair", "a": "p21", "b": "p22"})
    with pytest.raises(IllegalMove, match=r"^this card is still covered$"):
        g.play({"type": "pair", "a": "p0", "b": "p21"})
    with pytest.raises(IllegalMove, match=r"^there is no card to draw$"):
        g.play({"type": "draw"})
    with pytest.raises(IllegalMove, match=r"^the waste has no cards to recycle$"):
        g.play({"type": "recycle"})


@pytest.mark.parametrize(
    "move",
    [
        None,
        "draw",
        [],
        {},
        {"type": "jump"},
        {"type": 3},
        {"type": "pair", "a": "p21"},
        {"type": "pair", "a": "p28", "b": "p21"},
        {"type": "pair", "a": 21, "b": "p22"},
        {"type": "pair", "a": "p021", "b": "p22"},
        {"type": "pair", "a": "P21", "b": "p22"},
        {"type": "king"},
        {"type": "king", "at": None},
        {"type": "draw", "count": 1},
        {"type": "recycle", "a": "p1"},
    ],
)
def test_malformed_moves_are_invalid_and_change_nothing(move: object) -> None:
    g = new_game("pyramid", deal=8153)
    before = g.position()
    with pytest.raises(InvalidMove) as info:
        g.play(move)
    assert info.value.reason == "invalid_move"
    assert g.position() == before


# -- draw, recycle, undo, seen ---------------------------------------------------------------


def test_recycle_puts_the_first_card_drawn_back_on_top() -> None:
    g = new_game("pyramid", deal=1)
    original_stock = g.position()["stock"]
    for _ in range(24):
        g.play({"type": "draw"})
    assert g.view()["board"]["waste"] == {"count": 24, "top": original_stock[-1]}
    events = g.play({"type": "recycle"})
    assert events == [{"type": "recycle", "pass": 2}]
    assert g.position()["stock"] == original_stock
    assert g.view()["board"]["stock"] == {"count": 24, "top": original_stock[0]}
    assert g.view()["board"]["pass"] == 2


def test_three_passes_then_no_recycle() -> None:
    g = new_game("pyramid", deal=1)
    for expected_pass in (2, 3):
        while g.view()["board"]["stock"]["count"]:
            g.play({"type": "draw"})
        g.play({"type": "recycle"})
        assert g.view()["board"]["pass"] == expected_pass
    while g.view()["board"]["stock"]["count"]:
        g.play({"type": "draw"})
    assert {"type": "recycle"} not in g.legal_moves()
    assert reason_of(g, {"type": "recycle"}) == "recycle_no_passes"


def test_undo_of_draw_and_recycle_restores_everything() -> None:
    g = new_game("pyramid", deal=1)
    start = g.position()
    for _ in range(24):
        g.play({"type": "draw"})
    before_recycle = g.position()
    g.play({"type": "recycle"})
    g.undo()
    assert g.position() == before_recycle
    assert g.view()["board"]["pass"] == 1
    for _ in range(24):
        g.undo()
    assert {k: v for k, v in g.position().items() if k != "seen"} == {
        k: v for k, v in start.items() if k != "seen"
    }
    with pytest.raises(IllegalMove) as info:
        g.undo()
    assert info.value.reason == "nothing_to_undo"


def test_seen_survives_undo_but_the_view_shows_only_face_up_cards() -> None:
    g = new_game("pyramid", deal=1)  # stock: QS 4C 6S ...
    assert "4C" not in g.seen
    g.play({"type": "draw"})
    assert "4C" in g.seen
    g.undo()
    assert "4C" in g.seen
    assert g.view()["board"]["stock"]["top"] == "QS"
    assert "4C" not in json.dumps(g.view())


def test_add_seen_merges_a_stored_seen_set() -> None:
    g = new_game("pyramid", deal=1)
    g.add_seen(["4C", "6S"])
    assert {"4C", "6S", "QS"} <= set(g.seen)


# -- endings -----------------------------------------------------------------------------------


def test_win_by_clearing_the_pyramid_ignores_the_stock() -> None:
    g = load_position(position({21: "KS"}, stock="2C 3C", waste="4C"))
    g.play({"type": "king", "at": "p21"})
    assert g.status == "won"
    assert g.legal_moves() == []
    assert g.notices() == []
    assert g.progress() == 28
    assert reason_of(g, {"type": "draw"}) == "game_over"
    with pytest.raises(IllegalMove):
        g.undo()


def test_stuck_is_a_notice_and_the_game_goes_on() -> None:
    g = load_position(position({27: "5H"}, stock="9C", passes=3))
    assert g.notices() == []
    g.play({"type": "draw"})
    assert g.legal_moves() == []
    assert g.notices() == ["stuck"]
    assert g.status == "playing"
    g.undo()
    assert g.notices() == []


# -- positions ---------------------------------------------------------------------------------


def test_position_defaults_and_round_trip() -> None:
    g = load_position(position(BOTTOM_ROW, stock="QC 2H", waste="JS 3D"))
    pos = g.position()
    # seen defaults to the cards face up now: pyramid, stock top and the waste.
    assert sorted(pos["seen"]) == sorted([*BOTTOM_ROW.values(), "QC", "JS", "3D"])
    assert load_position(pos).position() == pos


@pytest.mark.parametrize(
    "broken",
    [
        {"game": "pyramid"},
        {**position({}), "pyramid": [None] * 27},
        {**position({21: "6S"}, stock="6S")},
        {**position({}), "stock": ["ZZ"]},
        {**position({}), "pass": 4},
        {**position({}), "pass": True},
        {**position({}), "seen": ["AS", "AS"]},
    ],
)
def test_inconsistent_positions_are_refused(broken: Any) -> None:
    with pytest.raises(InvalidPosition):
        load_position(broken)


def test_pyramid_has_no_options() -> None:
    from patience.engine import InvalidOptions

    with pytest.raises(InvalidOptions):
        new_game("pyramid", deal=1, options={"passes": 5})
    assert new_game("pyramid", deal=1, options={}).ruleset == "standard"


# -- properties over random play ---------------------------------------------------------------

ALL_LOCATIONS = [*range(SIZE), STOCK, WASTE]


def brute_force_legal(state: PyramidState) -> set[Any]:
    """Every move the rules accept, found by trying every conceivable move."""
    candidates: list[Any] = [Draw(), Recycle()]
    candidates += [King(loc) for loc in ALL_LOCATIONS]
    candidates += [Pair(a, b) for a in ALL_LOCATIONS for b in ALL_LOCATIONS if a < b]
    accepted = set()
    for move in candidates:
        try:
            apply_move(state, move)
        except IllegalMove:
            continue
        accepted.add(move)
    return accepted


def face_up(game: PyramidGame) -> Counter[str]:
    s = game.state
    cards = [c for c in s.pyramid if c is not None] + list(s.stock[:1]) + list(s.waste[-1:])
    return Counter(str(c) for c in cards)


def card_strings(view: Any) -> list[str]:
    """Every string in a JSON value that parses as a card."""
    found: list[str] = []
    if isinstance(view, dict):
        for value in view.values():
            found += card_strings(value)
    elif isinstance(view, list):
        for value in view:
            found += card_strings(value)
    elif isinstance(view, str) and len(view) == 2:
        with contextlib.suppress(ValueError):
            found.append(str(Card.parse(view)))
    return found


@settings(max_examples=200)
@given(deal=st.integers(1, 2**32 - 1), choices=st.lists(st.integers(0, 999), max_size=120))
def test_random_play_keeps_every_invariant(deal: int, choices: list[int]) -> None:
    g = new_game("pyramid", deal=deal)
    for choice in choices:
        legal = g.legal_moves()
        assert isinstance(g, PyramidGame)
        assert {json.dumps(m.to_dict(), sort_keys=True) for m in brute_force_legal(g.state)} == (
            as_set(legal)
        )
        assert len(legal_moves(g.state)) == len(legal)
        # The view shows only face-up cards, all of them seen.
        shown = Counter(card_strings(g.view()))
        assert not shown - face_up(g)
        assert set(shown) <= set(g.seen)
        # Position round-trips.
        assert load_position(g.position()).position() == g.position()
        if not legal:
            break
        if choice % 7 == 0 and g.moves:
            g.undo()
        else:
            before = g.position()
            g.play(legal[choice % len(legal)])
            g.undo()
            after_undo = g.position()
            assert {k: v for k, v in after_undo.items() if k != "seen"} == {
                k: v for k, v in before.items() if k != "seen"
            }
            g.play(legal[choice % len(legal)])
        # Every card exactly once: in the pyramid, stock, waste, or removed by the move line.
        s = g.state
        present = [c for c in s.pyramid if c is not None] + list(s.stock) + list(s.waste)
        gone = set(ONE_DECK) - set(present)
        assert len(present) == len(set(present))
        assert len(gone) == 52 - len(present)
        assert len(gone) == g.progress() + _removed_from_stock_and_waste(g)
        if g.status == "won":
            break


def _removed_from_stock_and_waste(game: PyramidGame) -> int:
    """Cards removed from the stock or waste by the current move line (replayed)."""
    replay = new_game("pyramid", deal=game.deal or 1)
    count = 0
    for move in game.moves:
        for event in replay.play(move):
            count += sum(1 for loc in event.get("from", []) if loc in ("stock", "waste"))
    return count
