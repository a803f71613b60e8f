"""Gaps (SPEC §3): golden layouts, every rejection reason, redeals, notices, positions."""

from __future__ import annotations

from typing import Any

import pytest

from patience.engine.cards import Card
from patience.engine.deal import SplitMix64, derived_seed
from patience.engine.errors import IllegalMove, InvalidMove, InvalidOptions, InvalidPosition
from patience.engine.gaps import (
    COLS,
    GapsGame,
    Place,
    Redeal,
    apply_move,
    legal_moves,
    location_name,
    parse_location,
    parse_move,
    run_length,
)

# -- helpers -----------------------------------------------------------------------------------


def grid_of(text: str) -> list[list[str | None]]:
    """Four lines of 13 cards, ``--`` for a gap."""
    rows = [line.split() for line in text.strip().splitlines()]
    assert len(rows) == 4 and all(len(row) == COLS for row in rows)
    return [[None if c == "--" else c for c in row] for row in rows]


def text_of(game: Any) -> str:
    return "\n".join(" ".join(c or "--" for c in row) for row in game.board()["grid"])


def position(grid: str, **extra: Any) -> dict[str, Any]:
    return {"game": "gaps", "grid": grid_of(grid), **extra}


def reason_of(game: Any, move: dict[str, Any]) -> str:
    before = game.position()
    with pytest.raises(IllegalMove) as info:
        game.play(move)
    assert game.position() == before, "a rejected move changes nothing"
    return info.value.reason


# A hand-built position: row 0 holds a run 2S 3S then a gap; row 1 has a gap after a king; row 2
# a gap after a gap; row 3 a gap in column 0.
HAND = """
2S 3S -- 5H 6H 7H 8H 9H TH JH QH KH 2H
4S 5S 6S 7S 8S KS -- 9S TS JS QS 2D 3D
4D 5D 6D 7D 8D 9D -- -- TD JD QD KD 2C
-- 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 3H
"""


def hand(**options: Any) -> Any:
    return GapsGame.from_position(position(HAND), options)


# -- deals: golden layouts ---------------------------------------------------------------------

GOLDEN = {
    1: """
7H 9S 4H 8D 8H 5C JH 6H 9C JS 5H KH 3S
2H JD 5D 7D 4D 2S -- 6C KS KD TD TC JC
TH 8C QS 4C 6S 7S -- 5S -- KC 6D QC QD
QH 9H 3H 3C -- 4S 2D 8S TS 3D 2C 9D 7C
""",
    2: """
QD 3C 4S 5D 7D 2H KD TH -- 6S 7C 3S QS
7H 6D JD TS 9C JH 8S 4H 5C 2C 4D -- QH
6C 8D 3D 9H 6H JC -- 5S JS -- KS 2D 7S
4C 9S TD 5H TC QC KC 8C KH 3H 2S 8H 9D
""",
    8153: """
8D 7C JS -- 2S 5S JD JC QH 5H 9S -- JH
6H 9C 9H 9D 3C 8C 7H 3D KH 4D TD KD 6C
4C -- 3H 2H KS KC 7D QC TH 5C TS 4H 5D
8H 8S 3S QD QS TC -- 2D 2C 4S 6D 6S 7S
""",
    4294967295: """
6D 2H 8D 3C TS 5C 4D QS 3S JS 8S 5D JC
KH 7C 9D 4H 5H 3H -- JH KC -- 4C 7S 8H
9S 2S 9H 2D 2C JD QC 6S 6H 9C KD -- 4S
6C 7D 8C 5S QH TC TD 7H -- TH QD KS 3D
""",
}


@pytest.mark.parametrize("deal", sorted(GOLDEN))
def test_deal_layout(deal: int) -> None:
    game = GapsGame.new(deal)
    assert text_of(game) == GOLDEN[deal].strip()
    assert game.position() == {
        "game": "gaps",
        "grid": grid_of(GOLDEN[deal]),
        "redeals_left": 2,
        "seed": deal,
        "redeals_done": 0,
    }


def test_redeal_layouts_of_deal_1() -> None:
    game = GapsGame.new(1)
    assert game.play({"type": "redeal"}) == [{"type": "redeal", "ordinal": 1}]
    # Row 1 keeps its run 2H (JD does not follow); every other row is dealt from column 1.
    assert (
        text_of(game)
        == """
-- 7S 3H JC TD TS 4D TC KS 6D 9H QC 8H
2H -- 5C 8C KH 9C 4S JH 5H 8S 7D TH 2D
-- 8D KD 4H QD 3C 9D 3D 3S QH 2S 6C 7C
-- 7H QS JS KC 6H 5S 2C JD 9S 5D 4C 6S
""".strip()
    )
    assert game.play({"type": "redeal"}) == [{"type": "redeal", "ordinal": 2}]
    assert (
        text_of(game)
        == """
-- KS JH KC 3C 3S 6D JC 6H 3D 6S 7H 8D
2H -- 5H 8S QD 8C TC QH 5C 9S TS 4H TH
-- 6C 7D 8H 2D 3H 4S KH KD 4D 7C 9H 2C
-- 9C TD QS 7S QC JD JS 2S 5D 9D 5S 4C
""".strip()
    )
    assert game.board()["redeals_left"] == 0


def test_legal_moves_of_deal_77() -> None:
    game = GapsGame.new(77)
    assert game.legal_moves() == [
        {"type": "move", "card": "KD", "to": "r1c2"},
        {"type": "move", "card": "7S", "to": "r2c5"},
        {"type": "move", "card": "5H", "to": "r2c7"},
        {"type": "move", "card": "JS", "to": "r3c9"},
        {"type": "redeal"},
    ]


def test_move_event_and_result() -> None:
    game = GapsGame.new(77)
    events = game.play({"type": "move", "card": "7S", "to": "r2c5"})
    assert events == [{"type": "move", "card": "7S", "from": "r2c8", "to": "r2c5"}]
    assert game.board()["grid"][2][5] == "7S"
    assert game.board()["grid"][2][8] is None
    assert game.moves == [{"type": "move", "card": "7S", "to": "r2c5"}]


# -- moves: locations and parsing --------------------------------------------------------------


def test_locations_round_trip() -> None:
    names = [location_name(i) for i in range(52)]
    assert names[0] == "r0c0" and names[12] == "r0c12" and names[51] == "r3c12"
    assert [parse_location(name) for name in names] == list(range(52))


@pytest.mark.parametrize(
    "text", ["r1c05", "r4c0", "r0c13", "r-1c0", "R1C5", "r1c", "c1r1", "r1c5 ", "r01c5", "", 18]
)
def test_bad_locations(text: object) -> None:
    with pytest.raises(InvalidMove):
        parse_location(text)


def test_parse_move_accepts_card_notation() -> None:
    assert parse_move({"type": "move", "card": "10d", "to": "r3c12"}) == Place(Card.parse("TD"), 51)
    assert parse_move({"type": "redeal"}) == Redeal()


MALFORMED: list[object] = [
    None,
    "redeal",
    [],
    {},
    {"type": "jump"},
    {"type": 3},
    {"type": "move", "card": "6H"},
    {"type": "move", "to": "r1c5"},
    {"type": "move", "card": "6H", "to": "r1c5", "from": "r2c2"},
    {"type": "move", "card": "ZZ", "to": "r1c5"},
    {"type": "move", "card": 6, "to": "r1c5"},
    {"type": "move", "card": None, "to": "r1c5"},
    {"type": "move", "card": "6H", "to": "r1c05"},
    {"type": "move", "card": "6H", "to": "r4c0"},
    {"type": "move", "card": "6H", "to": "r0c13"},
    {"type": "move", "card": "6H", "to": 18},
    {"type": "redeal", "card": "6H"},
]


@pytest.mark.parametrize("data", MALFORMED)
def test_malformed_moves_raise_invalid_move_and_change_nothing(data: object) -> None:
    game = GapsGame.new(1, {"redeals": 0})
    before = game.position()
    with pytest.raises(InvalidMove) as info:
        game.play(data)
    assert info.value.reason == "invalid_move"
    assert game.position() == before and game.moves == []


# -- rejection reasons and their precedence ----------------------------------------------------


def test_not_a_gap() -> None:
    # r0c0 holds 2S; 2H is a legal-looking card (a 2 for column 0) but the place is taken.
    assert reason_of(hand(), {"type": "move", "card": "2H", "to": "r0c0"}) == "not_a_gap"


def test_left_is_gap() -> None:
    assert reason_of(hand(), {"type": "move", "card": "KD", "to": "r2c7"}) == "left_is_gap"


def test_after_king() -> None:
    assert reason_of(hand(), {"type": "move", "card": "9S", "to": "r1c6"}) == "after_king"


def test_does_not_fit_wrong_successor() -> None:
    game = hand()
    with pytest.raises(IllegalMove) as info:
        game.play({"type": "move", "card": "5H", "to": "r0c2"})
    assert info.value.reason == "does_not_fit"
    assert info.value.message == "only 4S fits after 3S"


def test_does_not_fit_column_0_takes_only_a_2() -> None:
    assert reason_of(hand(), {"type": "move", "card": "3H", "to": "r3c0"}) == "does_not_fit"


def test_does_not_fit_card_not_on_the_table() -> None:
    game = hand()
    with pytest.raises(IllegalMove) as info:
        game.play({"type": "move", "card": "AS", "to": "r0c2"})
    assert info.value.reason == "does_not_fit"
    assert "not on the table" in info.value.message
    # Also in column 0, where any 2 would do: an ace is simply not there.
    assert reason_of(game, {"type": "move", "card": "AH", "to": "r3c0"}) == "does_not_fit"


def test_no_redeals_left() -> None:
    game = GapsGame.new(1, {"redeals": 0})
    assert {"type": "redeal"} not in game.legal_moves()
    assert reason_of(game, {"type": "redeal"}) == "no_redeals_left"


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        # occupied place, and the card does not fit: not_a_gap first
        ({"type": "move", "card": "9H", "to": "r0c3"}, "not_a_gap"),
        # occupied place, card not on the table
        ({"type": "move", "card": "AD", "to": "r1c0"}, "not_a_gap"),
        # gap after a gap, and the card does not fit either
        ({"type": "move", "card": "3H", "to": "r2c7"}, "left_is_gap"),
        # gap after a king, and an ace that is not on the table
        ({"type": "move", "card": "AC", "to": "r1c6"}, "after_king"),
        # gap after a king, and a card that fits nowhere
        ({"type": "move", "card": "4D", "to": "r1c6"}, "after_king"),
    ],
)
def test_reason_precedence(move: dict[str, Any], reason: str) -> None:
    assert reason_of(hand(), move) == reason


def test_a_2_moves_from_another_rows_column_0() -> None:
    game = hand()
    assert {"type": "move", "card": "2S", "to": "r3c0"} in game.legal_moves()
    game.play({"type": "move", "card": "2S", "to": "r3c0"})
    assert game.board()["grid"][0][0] is None and game.board()["grid"][3][0] == "2S"


def test_legal_moves_of_hand_built_position() -> None:
    assert hand().legal_moves() == [
        {"type": "move", "card": "4S", "to": "r0c2"},
        {"type": "move", "card": "TD", "to": "r2c6"},
        {"type": "move", "card": "2S", "to": "r3c0"},
        {"type": "move", "card": "2H", "to": "r3c0"},
        {"type": "move", "card": "2D", "to": "r3c0"},
        {"type": "move", "card": "2C", "to": "r3c0"},
        {"type": "redeal"},
    ]


# -- runs --------------------------------------------------------------------------------------


def row_grid(row: str) -> tuple[Card | None, ...]:
    cards = [None if c == "--" else Card.parse(c) for c in row.split()]
    return tuple(cards) + (None,) * (52 - len(cards))


@pytest.mark.parametrize(
    ("row", "length"),
    [
        ("2S 3S 4S 5H", 3),  # a 2 of one suit followed by a different suit
        ("2S 3H 4H", 1),
        ("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --", 12),  # complete row
        ("-- 2S 3S", 0),  # row starting with a gap
        ("3S 4S 5S", 0),  # row not starting with a 2
        ("2S 4S 5S", 1),  # a skipped rank
        ("2S 3S -- 4S", 2),  # a gap inside
        ("2D --", 1),
    ],
)
def test_run_length(row: str, length: int) -> None:
    assert run_length(row_grid(row), 0) == length


RUNS = """
2S 3S 4S 5H 6H 7H 8H 9H TH JH QH KH --
2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --
-- 5S 6S 7S 8S KS 9S TS JS QS 2H 3H 4H
3C 2C 4C 5C 6C 7C 8C 9C TC JC QC KC --
"""


def test_redeal_keeps_runs_and_leaves_one_gap_right_of_each() -> None:
    game = GapsGame.from_position(position(RUNS, seed=5))
    game.play({"type": "redeal"})
    grid = game.board()["grid"]
    assert grid[0][:4] == ["2S", "3S", "4S", None]
    assert grid[1] == ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", None]
    assert grid[2][0] is None and grid[3][0] is None
    gaps = [(r, c) for r in range(4) for c in range(13) if grid[r][c] is None]
    assert gaps == [(0, 3), (1, 12), (2, 0), (3, 0)]
    before = {c for row in grid_of(RUNS) for c in row if c is not None}
    assert {c for row in grid for c in row if c is not None} == before


def test_redeal_follows_the_documented_shuffle() -> None:
    game = GapsGame.from_position(position(RUNS, seed=5, redeals_done=3, redeals_left=1))
    game.play({"type": "redeal"})
    kept = {"2S", "3S", "4S", *(f"{r}D" for r in "23456789TJQK")}
    gathered = sorted(
        (Card.parse(c) for row in grid_of(RUNS) for c in row if c and c not in kept),
        key=lambda card: card.index,
    )
    dealt = [str(c) for c in SplitMix64(derived_seed(5, 4)).shuffle(gathered)]
    grid = game.board()["grid"]
    assert grid[0][4:] + grid[2][1:] + grid[3][1:] == dealt
    assert game.position()["redeals_done"] == 4
    assert game.board()["redeals_left"] == 0


# -- redeal determinism ------------------------------------------------------------------------


def test_same_deal_same_redeal() -> None:
    a, b = GapsGame.new(4242), GapsGame.new(4242)
    a.play({"type": "redeal"})
    b.play({"type": "redeal"})
    assert a.position() == b.position()


def test_undo_then_redeal_gives_the_same_layout() -> None:
    game = GapsGame.new(4242)
    game.play(game.legal_moves()[0])
    game.play({"type": "redeal"})
    first = game.position()
    game.undo()
    assert game.position()["redeals_done"] == 0
    game.play({"type": "redeal"})
    assert game.position() == first


def test_different_ordinal_gives_a_different_layout() -> None:
    start = GapsGame.new(4242).position()
    one = GapsGame.from_position({**start, "redeals_done": 0})
    two = GapsGame.from_position({**start, "redeals_done": 1})
    one.play({"type": "redeal"})
    two.play({"type": "redeal"})
    assert one.board()["grid"] != two.board()["grid"]
    assert (one.position()["redeals_done"], two.position()["redeals_done"]) == (1, 2)


def test_different_seed_gives_a_different_layout() -> None:
    start = GapsGame.new(4242).position()
    one = GapsGame.from_position({**start, "seed": 1})
    two = GapsGame.from_position({**start, "seed": 2})
    one.play({"type": "redeal"})
    two.play({"type": "redeal"})
    assert one.board()["grid"] != two.board()["grid"]


# -- aces shuffled in --------------------------------------------------------------------------


def test_aces_shuffled_redeal_of_deal_7_leaves_a_gap_after_a_king() -> None:
    game = GapsGame.new(7, {"aces_shuffled": True})
    assert game.ruleset == "redeals-2-aces"
    game.play({"type": "redeal"})
    assert (
        text_of(game)
        == """
KC -- 2D JC 8D 4D JS 6H 7D TC 5S TD 2H
2C -- QC 2S TH 3S 8H 6D 3H QD 6S JH 8C
5H KS 9H 4H KH 7C -- 4S 9D 5C KD 7H 3D
7S 9S 8S 5D TS -- QH 6C 3C 4C QS JD 9C
""".strip()
    )
    game_fits = GapsGame.from_position(game.position(), {"show_fits": True})
    assert game_fits.board()["fits"]["r0c1"] == []  # right of KC
    assert reason_of(game, {"type": "move", "card": "2S", "to": "r0c1"}) == "after_king"


@pytest.mark.parametrize("deal", range(1, 21))
def test_aces_shuffled_keeps_48_cards_and_4_gaps(deal: int) -> None:
    game = GapsGame.new(deal, {"aces_shuffled": True, "redeals": "unlimited"})
    for _ in range(3):
        runs_before = [run_length(game.state.grid, row) for row in range(4)]
        game.play({"type": "redeal"})
        cards = [c for row in game.board()["grid"] for c in row if c is not None]
        assert len(cards) == len(set(cards)) == 48
        assert not any(c.startswith("A") for c in cards)
        # Runs are kept (they may grow if the deal happens to extend them).
        assert all(run_length(game.state.grid, r) >= runs_before[r] for r in range(4))


# -- redeal counting ---------------------------------------------------------------------------


def test_redeals_left_counts_down_and_undo_restores_it() -> None:
    game = GapsGame.new(1, {"redeals": 2})
    assert game.board()["redeals_left"] == 2
    game.play({"type": "redeal"})
    assert game.board()["redeals_left"] == 1
    game.play({"type": "redeal"})
    assert game.board()["redeals_left"] == 0
    assert {"type": "redeal"} not in game.legal_moves()
    assert reason_of(game, {"type": "redeal"}) == "no_redeals_left"
    game.undo()
    assert game.board()["redeals_left"] == 1
    assert game.position()["redeals_done"] == 1


def test_one_redeal() -> None:
    game = GapsGame.new(1, {"redeals": 1})
    game.play({"type": "redeal"})
    assert reason_of(game, {"type": "redeal"}) == "no_redeals_left"


def test_unlimited_redeals_stay_unlimited() -> None:
    game = GapsGame.new(1, {"redeals": "unlimited"})
    for ordinal in range(1, 6):
        assert game.play({"type": "redeal"}) == [{"type": "redeal", "ordinal": ordinal}]
    assert game.board()["redeals_left"] == "unlimited"
    assert game.legal_moves()[-1] == {"type": "redeal"}


def test_redeal_is_allowed_while_cards_can_move() -> None:
    game = GapsGame.new(77)
    assert len(game.legal_moves()) > 1
    game.play({"type": "redeal"})


# -- options and ruleset -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "ruleset"),
    [
        ({}, "redeals-2"),
        ({"redeals": 0}, "redeals-0"),
        ({"redeals": 1}, "redeals-1"),
        ({"redeals": "unlimited"}, "redeals-unlimited"),
        ({"redeals": "unlimited", "aces_shuffled": True}, "redeals-unlimited-aces"),
        ({"aces_shuffled": True, "difficulty": "hard", "show_fits": True}, "redeals-2-aces"),
        ({"difficulty": "any"}, "redeals-2"),
    ],
)
def test_ruleset(options: dict[str, Any], ruleset: str) -> None:
    assert GapsGame.new(1, options).ruleset == ruleset


@pytest.mark.parametrize(
    "options",
    [
        {"redeals": 3},
        {"redeals": True},
        {"redeals": "2"},
        {"aces_shuffled": 1},
        {"difficulty": "extreme"},
        {"show_fits": "yes"},
        {"colour": "red"},
    ],
)
def test_bad_options(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        GapsGame.new(1, options)


def test_option_defaults() -> None:
    assert GapsGame.new(1).options == {
        "redeals": 2,
        "aces_shuffled": False,
        "winnable_only": True,
        "difficulty": "normal",
        "show_fits": False,
    }
    in_ruleset = {spec.name: spec.in_ruleset for spec in GapsGame.option_specs}
    assert in_ruleset == {
        "redeals": True,
        "aces_shuffled": True,
        "winnable_only": False,
        "difficulty": False,
        "show_fits": False,
    }


# -- board and fits ----------------------------------------------------------------------------


def test_board_without_fits() -> None:
    board = hand().board()
    assert set(board) == {"grid", "redeals_left"}
    assert board["grid"] == grid_of(HAND)


def test_fits() -> None:
    assert hand(show_fits=True).board()["fits"] == {
        "r0c2": ["4S"],
        "r1c6": [],  # right of KS
        "r2c6": ["TD"],
        "r2c7": [],  # right of a gap
        "r3c0": ["2S", "2H", "2D", "2C"],  # every 2, including 2S from r0c0
    }


def test_fits_of_a_successor_not_on_the_table() -> None:
    # A hand-built position may hold fewer cards: without 4S nothing fits after 3S.
    game = GapsGame.from_position(position(HAND.replace("4S 5S", "-- 5S")), {"show_fits": True})
    assert game.board()["fits"]["r0c2"] == []
    assert game.board()["fits"]["r1c0"] == ["2S", "2H", "2D", "2C"]
    assert reason_of(game, {"type": "move", "card": "4S", "to": "r0c2"}) == "does_not_fit"


# -- notices, dead ends, win -------------------------------------------------------------------

STUCK = """
2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --
2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --
2D 3D 4D 5D 6D 7D 8D 9D KD -- TD JD QD
KC -- 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC
"""


def test_redeal_available_when_no_card_can_move() -> None:
    game = GapsGame.from_position(position(STUCK, redeals_left=1))
    assert game.notices() == ["redeal_available"]
    assert game.legal_moves() == [{"type": "redeal"}]
    assert game.view()["notices"] == ["redeal_available"]


def test_stuck_when_no_card_can_move_and_no_redeal_left() -> None:
    game = GapsGame.from_position(position(STUCK, redeals_left=0))
    assert game.legal_moves() == []
    assert game.notices() == ["stuck"]
    assert game.status == "playing"  # a dead end is a notice, not an ending
    game_options = GapsGame.from_position(position(STUCK), {"redeals": 0})
    assert game_options.notices() == ["stuck"]


def test_no_notices_while_a_card_can_move() -> None:
    assert hand().notices() == []
    assert GapsGame.new(77).notices() == []


def test_redeal_out_of_a_dead_end() -> None:
    game = GapsGame.from_position(position(STUCK, redeals_left=1, seed=9))
    game.play({"type": "redeal"})
    grid = game.board()["grid"]
    assert grid[0][12] is None and grid[1][12] is None
    assert grid[2][8] is None and grid[3][0] is None
    assert sorted(grid[2][9:] + grid[3][1:]) == sorted(
        ["KD", "TD", "JD", "QD", "KC", *(f"{rank}C" for rank in "23456789TJQ")]
    )


NEARLY_WON = """
2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --
2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --
2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --
2C 3C 4C 5C 6C 7C 8C 9C TC JC QC -- KC
"""


def test_win() -> None:
    game = GapsGame.from_position(position(NEARLY_WON))
    assert game.view()["status"] == "playing"
    assert game.legal_moves() == [{"type": "move", "card": "KC", "to": "r3c11"}, {"type": "redeal"}]
    game.play({"type": "move", "card": "KC", "to": "r3c11"})
    assert game.status == "won"
    assert game.legal_moves() == [] and game.notices() == []
    assert reason_of(game, {"type": "redeal"}) == "game_over"
    assert reason_of(game, {"type": "move", "card": "KC", "to": "r3c12"}) == "game_over"
    assert game.progress() == 48


def test_win_needs_every_row_in_place() -> None:
    # Every row holds its suit, but row 3 is not in place yet.
    grid = NEARLY_WON.replace("QC -- KC", "QC KC --")
    assert GapsGame.from_position(position(grid)).status == "won"
    grid = NEARLY_WON.replace("2C 3C", "3C 2C")
    assert GapsGame.from_position(position(grid)).status == "playing"


def test_progress_counts_cards_in_runs() -> None:
    assert hand().progress() == 2
    assert GapsGame.new(1).progress() == 1  # row 1 starts with 2H
    assert GapsGame.new(2).progress() == 0


def test_pure_functions_agree_with_the_facade() -> None:
    game = hand()
    state = game.state
    assert [m.to_dict() for m in legal_moves(state)] == game.legal_moves()
    after = apply_move(state, Place(Card.parse("4S"), parse_location("r0c2")))
    assert after.grid[2] == Card.parse("4S") and after.grid[13] is None
    assert state.grid[2] is None  # the state is immutable


# -- positions ---------------------------------------------------------------------------------


def test_position_round_trip() -> None:
    game = GapsGame.new(8153, {"redeals": 1})
    game.play(game.legal_moves()[0])
    game.play({"type": "redeal"})
    pos = game.position()
    again = GapsGame.from_position(pos, {"redeals": 1})
    assert again.position() == pos
    assert again.state == game.state


def test_position_defaults() -> None:
    game = GapsGame.from_position({"grid": grid_of(HAND)})
    assert game.position() == {
        "game": "gaps",
        "grid": grid_of(HAND),
        "redeals_left": 2,
        "seed": 0,
        "redeals_done": 0,
    }
    # Without redeals_left, the options' count less the redeals done.
    assert GapsGame.from_position(position(HAND, redeals_done=1)).board()["redeals_left"] == 1
    assert GapsGame.from_position(position(HAND, redeals_done=5)).board()["redeals_left"] == 0
    unlimited = GapsGame.from_position(position(HAND, redeals_done=5), {"redeals": "unlimited"})
    assert unlimited.board()["redeals_left"] == "unlimited"
    # A given redeals_left wins over the options.
    given = GapsGame.from_position(position(HAND, redeals_left="unlimited"), {"redeals": 0})
    assert given.board()["redeals_left"] == "unlimited"


def bad_positions() -> list[dict[str, Any]]:
    good = position(HAND)
    short_row = grid_of(HAND)
    short_row[1] = short_row[1][:12]
    twice = grid_of(HAND)
    twice[3][0] = "2S"
    with_ace = grid_of(HAND)
    with_ace[3][0] = "AS"
    bad_card = grid_of(HAND)
    bad_card[3][0] = "ZZ"
    return [
        {**good, "game": "pyramid"},
        {"game": "gaps"},
        {**good, "grid": "2S 3S"},
        {**good, "grid": grid_of(HAND)[:3]},
        {**good, "grid": short_row},
        {**good, "grid": twice},
        {**good, "grid": with_ace},
        {**good, "grid": bad_card},
        {**good, "grid": [*grid_of(HAND)[:3], "row"]},
        {**good, "seed": -1},
        {**good, "seed": 2**64},  # numbered seeds are 32-bit, ranked ones 64-bit
        {**good, "seed": True},
        {**good, "seed": "5"},
        {**good, "redeals_done": -1},
        {**good, "redeals_done": 1.5},
        {**good, "redeals_left": -1},
        {**good, "redeals_left": "many"},
        {**good, "redeals_left": False},
        {**good, "redeals_left": None},
    ]


@pytest.mark.parametrize("data", bad_positions())
def test_bad_positions(data: dict[str, Any]) -> None:
    with pytest.raises(InvalidPosition):
        GapsGame.from_position(data)


def test_everything_is_seen() -> None:
    game = hand()
    assert len(game.seen) == 47
    assert "seen" not in game.position()
