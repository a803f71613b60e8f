"""Forty Thieves rules (SPEC §4, API.md): examples, reasons, golden deals.

Property tests over random play live in ``test_forty_thieves_properties.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from patience.engine.errors import IllegalMove, InvalidMove, InvalidPosition
from patience.engine.forty_thieves import FortyThievesGame, legal_moves, run_steps
from patience.engine.game import Game, Json

NO_AUTO = {"auto_safe": False}
RELAXED = {"rules": "relaxed", "auto_safe": False}


def position(
    tableau: dict[int, str] | None = None,
    stock: str = "",
    waste: str = "",
    foundations: list[str] | None = None,
    **extra: Any,
) -> Json:
    """A hand-built position: ``{column: "KD 9S"}`` bottom → top, other columns empty."""
    columns = [(tableau or {}).get(i, "").split() for i in range(10)]
    piles = [p.split() for p in (foundations or [])]
    return {
        "game": "forty-thieves",
        "tableau": columns,
        "stock": stock.split(),
        "waste": waste.split(),
        "foundations": piles + [[]] * (8 - len(piles)),
        **extra,
    }


# Nine busy columns: no aces, nothing safe, no builds between them.
FILLER = {0: "QH 4C", 1: "JH 6C", 3: "8D 2D", 4: "6H 9C", 6: "4H QC", 7: "3H JC", 8: "5D 7D"}


KINGS = ["KC", "KD", "KH", "KS", "KC", "KD", "KH", "KS"]


def load(pos: Json, options: object = None) -> FortyThievesGame:
    game = FortyThievesGame.from_position(pos, options)
    assert isinstance(game, FortyThievesGame)
    return game


def reason(game: Game[Any, Any], move: Json) -> str:
    before = game.position(), game.moves
    with pytest.raises(IllegalMove) as info:
        game.play(move)
    assert (game.position(), game.moves) == before, "a rejected move changes nothing"
    return info.value.reason


def mv(src: str, dst: str, count: int = 1) -> Json:
    out: Json = {"type": "move", "from": src, "to": dst}
    if count != 1:
        out["count"] = count
    return out


# -- golden deals ------------------------------------------------------------------------------

GOLDEN = {
    1: (
        [
            ["6D", "5S", "JS", "8H"],
            ["7D", "TD", "9C", "9H"],
            ["JS", "KH", "JC", "QH"],
            ["8S", "JD", "KS", "3H"],
            ["KC", "AD", "5C", "6S"],
            ["7H", "QC", "3C", "7H"],
            ["6C", "TC", "7C", "AC"],
            ["8S", "4H", "AS", "AH"],
            ["6S", "3S", "8C", "AC"],
            ["9S", "4S", "9S", "6H"],
        ],
        "6D",
    ),
    2: (
        [
            ["TH", "AC", "8S", "AC"],
            ["AD", "4C", "KC", "4S"],
            ["6D", "KD", "7S", "JD"],
            ["JC", "2S", "4H", "TC"],
            ["2H", "KS", "8C", "7D"],
            ["QC", "6H", "9D", "QH"],
            ["5D", "4S", "7C", "6C"],
            ["3H", "9S", "KS", "9H"],
            ["7S", "6H", "KC", "QD"],
            ["AS", "8H", "9C", "2C"],
        ],
        "AS",
    ),
    9001: (
        [
            ["KC", "KC", "QD", "5C"],
            ["5D", "AC", "JH", "QH"],
            ["7H", "8C", "QC", "7C"],
            ["3S", "2H", "AS", "6S"],
            ["JD", "QS", "QD", "AD"],
            ["6C", "AH", "2D", "3D"],
            ["4H", "3C", "3H", "2S"],
            ["AD", "2D", "9C", "5H"],
            ["TD", "KH", "TD", "4S"],
            ["8C", "QC", "3C", "TS"],
        ],
        "9D",
    ),
}


@pytest.mark.parametrize("deal", sorted(GOLDEN))
def test_golden_layouts(deal: int) -> None:
    tableau, first_stock = GOLDEN[deal]
    game = FortyThievesGame.new(deal)
    pos = game.position()
    assert pos["tableau"] == tableau
    assert len(pos["stock"]) == 64 and pos["stock"][0] == first_stock
    assert pos["waste"] == [] and pos["foundations"] == [[]] * 8 and pos["redeals_left"] == 0
    board = game.board()
    assert board["tableau"] == tableau
    assert board["stock"] == {"count": 64}
    assert board["waste"] == {"count": 0, "cards": []}
    assert board["foundations"] == [{"suit": None, "top": None, "count": 0}] * 8
    assert board["can_collect"] is False
    assert sorted(game.seen) == sorted(c for col in tableau for c in col)
    assert game.ruleset == "classic" and game.status == "playing"


def test_new_relaxed_deal_has_one_redeal() -> None:
    game = FortyThievesGame.new(1, {"rules": "relaxed"})
    assert game.ruleset == "relaxed"
    assert game.position()["redeals_left"] == 1 and game.board()["redeals_left"] == 1


def test_options_and_catalog_defaults() -> None:
    assert FortyThievesGame.new(5).options == {
        "rules": "classic",
        "auto_safe": True,
        "winnable_only": True,
    }
    in_ruleset = {s.name: s.in_ruleset for s in FortyThievesGame.option_specs}
    assert in_ruleset == {"rules": True, "auto_safe": False, "winnable_only": False}


# -- the worked example of SPEC §4 -------------------------------------------------------------


def test_worked_example() -> None:
    # Column 3 (t2): KD 9S 8S 7S; column 6 (t5) top TS; one empty column (t9).
    pos = position({**FILLER, 2: "KD 9S 8S 7S", 5: "2C TS", 9: ""})
    pos["tableau"][8] = ["5C"]  # 5C can go onto 6C (t1) to empty a second column.
    game = load(pos)
    run = mv("t2", "t5", 3)
    assert game.board()["max_run"] == {"to_card": 2, "to_empty": 1}
    with pytest.raises(IllegalMove) as info:
        game.play(run)
    assert info.value.reason == "too_many_cards"
    assert info.value.details == {"max": 2}
    assert info.value.message == "at most 2 cards"
    targets = [m["to"] for m in game.legal_moves() if m["from"] == "t2" and m.get("count") == 3]
    assert "t5" not in targets

    game.play(mv("t8", "t1"))
    assert game.board()["max_run"] == {"to_card": 4, "to_empty": 2}
    assert run in game.legal_moves()
    before = game.position()
    events = game.play(run)
    assert game.moves == [mv("t8", "t1"), run]  # the run move counts once
    assert game.board()["tableau"][5] == ["2C", "TS", "9S", "8S", "7S"]
    assert game.board()["tableau"][2] == ["KD"]
    assert all(e["type"] == "step" for e in events) and len(events) == 5

    replay = load(before)
    for step in events:
        assert step["card"] == replay.board()["tableau"][int(step["from"][1:])][-1]
        replay.play(mv(step["from"], step["to"]))
    assert replay.position()["tableau"] == game.position()["tableau"]

    game.undo()
    assert game.position() == before


def test_empty_destination_limits() -> None:
    # One empty column: at most 1 card into it, 2 onto a card.
    game = load(position({**FILLER, 2: "KD 9S 8S 7S", 5: "2C TS", 9: ""}), NO_AUTO)
    assert reason(game, mv("t2", "t9", 2)) == "too_many_cards"
    with pytest.raises(IllegalMove) as info:
        game.play(mv("t2", "t9", 2))
    assert info.value.details == {"max": 1} and info.value.message == "at most 1 card"
    assert game.play(mv("t2", "t9"))[0]["cards"] == ["7S"]

    # Two empty columns: at most 2 into one of them (via the other), 4 onto a card.
    game = load(position({**FILLER, 2: "KD 9S 8S 7S", 5: "2C TS", 8: ""}), NO_AUTO)
    assert game.board()["max_run"] == {"to_card": 4, "to_empty": 2}
    with pytest.raises(IllegalMove) as info:
        game.play(mv("t2", "t9", 3))
    assert info.value.reason == "too_many_cards" and info.value.details == {"max": 2}
    events = game.play(mv("t2", "t9", 2))
    assert [(e["type"], e["card"], e["from"], e["to"]) for e in events] == [
        ("step", "7S", "t2", "t8"),
        ("step", "8S", "t2", "t9"),
        ("step", "7S", "t8", "t9"),
    ]


def test_no_empty_column_moves_one_card() -> None:
    game = load(position({**FILLER, 2: "KD 9S 8S 7S", 5: "2C TS", 9: "KS", 8: "KH"}))
    assert game.board()["max_run"] == {"to_card": 1, "to_empty": 0}
    with pytest.raises(IllegalMove) as info:
        game.play(mv("t2", "t5", 3))
    assert info.value.reason == "too_many_cards" and info.value.details == {"max": 1}


def test_run_steps_are_the_events() -> None:
    game = load(position({2: "9S 8S 7S 6S", 5: "TS"}), NO_AUTO)  # eight empty columns
    steps = run_steps(game.state.tableau, 2, 5, 4)
    assert len(steps) == 9  # halves of 2 through t0: 3 + 3 + 3 single-card steps
    events = game.play(mv("t2", "t5", 4))
    assert [e["card"] for e in events] == [str(c) for c, _, _ in steps]
    assert game.board()["tableau"][5] == ["TS", "9S", "8S", "7S", "6S"]


# -- relaxed rules -----------------------------------------------------------------------------


def test_relaxed_moves_any_run_at_once() -> None:
    game = load(position({**FILLER, 2: "KD 9S 8S 7S 6S 5S", 5: "2C TS", 9: "KS"}), RELAXED)
    assert game.board()["max_run"] == {"to_card": 13, "to_empty": 0}
    events = game.play(mv("t2", "t5", 5))
    assert events == [
        {
            "type": "move",
            "from": "t2",
            "to": "t5",
            "count": 5,
            "cards": ["9S", "8S", "7S", "6S", "5S"],
        }
    ]
    assert game.board()["tableau"][5] == ["2C", "TS", "9S", "8S", "7S", "6S", "5S"]
    game.undo()
    empty = load(position({2: "KD 9S 8S 7S 6S 5S", 5: "KS"}), RELAXED)
    assert empty.board()["max_run"] == {"to_card": 13, "to_empty": 13}
    assert mv("t2", "t0", 5) in empty.legal_moves()


def test_relaxed_redeal_keeps_the_order() -> None:
    game = FortyThievesGame.new(1, RELAXED)
    first = game.position()["stock"]
    drawn = [game.play({"type": "draw"})[0]["card"] for _ in range(64)]
    assert drawn == first
    assert reason(game, {"type": "draw"}) == "stock_empty"
    assert {"type": "redeal"} in game.legal_moves()
    assert game.play({"type": "redeal"}) == [{"type": "redeal"}]
    assert game.position()["stock"] == first
    assert game.board()["stock"] == {"count": 64} and game.board()["redeals_left"] == 0
    assert game.play({"type": "draw"})[0]["card"] == first[0]


def test_redeal_reasons() -> None:
    classic = load(position({0: "KS"}, stock="5H", waste="6H"), NO_AUTO)
    assert reason(classic, {"type": "redeal"}) == "no_redeals_left"  # before stock_not_empty
    classic.play({"type": "draw"})
    assert reason(classic, {"type": "redeal"}) == "no_redeals_left"

    relaxed = load(position({0: "KS"}, stock="5H", waste="6H"), RELAXED)
    assert relaxed.state.redeals_left == 1
    assert reason(relaxed, {"type": "redeal"}) == "stock_not_empty"
    relaxed.play({"type": "draw"})
    relaxed.play({"type": "redeal"})
    relaxed.play({"type": "draw"})
    relaxed.play({"type": "draw"})
    assert reason(relaxed, {"type": "redeal"}) == "no_redeals_left"

    spent = load(position({0: "KS"}, stock="5H", redeals_left=0), RELAXED)
    assert reason(spent, {"type": "redeal"}) == "no_redeals_left"  # before stock_not_empty
    empty = load(position({0: "KS"}), RELAXED)
    assert reason(empty, {"type": "redeal"}) == "waste_empty"
    assert {"type": "redeal"} not in empty.legal_moves()


# -- auto-move safe cards ----------------------------------------------------------------------


def test_auto_safe_aces_and_twos() -> None:
    # One AH is up, the other is buried under 9C: 2H is not safe yet.
    pos = position({0: "2H", 1: "AH 9C", 2: "TC", 3: "5S", 4: "7D", 6: "3H"}, foundations=["AH"])
    game = load(pos)
    assert game.play(mv("t3", "t5")) == [
        {"type": "move", "from": "t3", "to": "t5", "count": 1, "cards": ["5S"]}
    ]
    assert game.board()["tableau"][0] == ["2H"]
    # Uncover the second AH: it goes up, and then 2H is safe and follows.
    events = game.play(mv("t1", "t2"))
    assert events[1:] == [
        {"type": "auto", "card": "AH", "from": "t1", "to": "f1"},
        {"type": "auto", "card": "2H", "from": "t0", "to": "f0"},
    ]
    assert [f["top"] for f in game.board()["foundations"][:2]] == ["2H", "AH"]
    # 3H fits f0 but is not safe: the other 2H is still out (here: not in the position at all).
    assert game.board()["tableau"][6] == ["3H"]
    assert not any(e["type"] == "auto" for e in game.play(mv("t4", "t7")))


def test_auto_safe_after_a_draw_and_undone_with_it() -> None:
    game = load(position({0: "KS", 1: "2S"}, stock="AS 9D", foundations=["AS"]))
    before = game.position()
    events = game.play({"type": "draw"})
    assert events == [
        {"type": "draw", "card": "AS"},
        {"type": "auto", "card": "AS", "from": "waste", "to": "f1"},
        {"type": "auto", "card": "2S", "from": "t1", "to": "f0"},
    ]
    assert len(game.moves) == 1
    game.undo()
    assert game.position() == {**before, "seen": game.seen}
    assert game.board()["foundations"][1]["count"] == 0


def test_auto_safe_off() -> None:
    game = load(position({0: "KS", 1: "AD"}, stock="AS"), NO_AUTO)
    assert game.play({"type": "draw"}) == [{"type": "draw", "card": "AS"}]
    assert game.board()["tableau"][1] == ["AD"]


# -- collect all -------------------------------------------------------------------------------


def test_collect_wins_in_one_move() -> None:
    game = load(position({0: "3H", 1: "2H", 2: "5H 4H"}, foundations=["AH"]), NO_AUTO)
    assert game.board()["can_collect"] is True
    assert {"type": "collect"} in game.legal_moves()
    events = game.play({"type": "collect"})
    assert events == [
        {"type": "collect", "card": "2H", "from": "t1", "to": "f0"},
        {"type": "collect", "card": "3H", "from": "t0", "to": "f0"},
        {"type": "collect", "card": "4H", "from": "t2", "to": "f0"},
        {"type": "collect", "card": "5H", "from": "t2", "to": "f0"},
    ]
    assert game.status == "won" and game.moves == [{"type": "collect"}]
    assert game.legal_moves() == [] and game.notices() == []
    assert reason(game, {"type": "draw"}) == "game_over"


def test_collect_unavailable() -> None:
    blocked = load(position({0: "2H 3H"}, foundations=["AH"]), NO_AUTO)
    assert blocked.board()["can_collect"] is False
    assert reason(blocked, {"type": "collect"}) == "cannot_collect"
    with_stock = load(position({0: "2H"}, stock="KC", foundations=["AH"]), NO_AUTO)
    assert reason(with_stock, {"type": "collect"}) == "cannot_collect"
    with_waste = load(position({0: "2H"}, waste="KC", foundations=["AH"]), NO_AUTO)
    assert reason(with_waste, {"type": "collect"}) == "cannot_collect"
    assert {"type": "collect"} not in with_waste.legal_moves()


# -- reasons, precedence, malformed moves ------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "expected"),
    [
        (mv("t9", "t5"), "empty_source"),
        (mv("t9", "foundation"), "empty_source"),
        (mv("waste", "t5"), "empty_source"),
        (mv("t9", "t5", 3), "empty_source"),  # before not_a_run / does_not_fit
        (mv("t2", "t5", 4), "not_a_run"),  # KD under 9S
        (mv("t2", "t5", 9), "not_a_run"),  # more cards than the column holds
        (mv("t0", "t5", 2), "not_a_run"),  # before does_not_fit
        (mv("t2", "t0"), "does_not_fit"),
        (mv("t2", "t2"), "does_not_fit"),  # a column onto itself
        (mv("t2", "t0", 3), "does_not_fit"),  # before too_many_cards
        (mv("t2", "foundation"), "foundation_mismatch"),
        (mv("t2", "f0"), "foundation_mismatch"),
        (mv("t2", "t5", 3), "too_many_cards"),
        ({"type": "draw"}, "stock_empty"),
        ({"type": "redeal"}, "no_redeals_left"),
        ({"type": "collect"}, "cannot_collect"),
    ],
)
def test_reasons(move: Json, expected: str) -> None:
    game = load(position({**FILLER, 2: "KD 9S 8S 7S", 5: "2C TS", 9: ""}), NO_AUTO)
    assert reason(game, move) == expected


def test_foundation_targets() -> None:
    game = load(position({0: "AS", 1: "AH", 2: "2H", 3: "KC"}), NO_AUTO)
    game.play(mv("t0", "f3"))
    assert game.play(mv("t1", "foundation"))[0]["to"] == "f0"  # first foundation that accepts
    assert reason(game, mv("t2", "f3")) == "foundation_mismatch"  # spades there
    assert reason(game, mv("t2", "f5")) == "foundation_mismatch"  # empty: aces only
    assert game.play(mv("t2", "foundation"))[0]["to"] == "f0"
    assert [f["suit"] for f in game.board()["foundations"][:4]] == ["H", None, None, "S"]
    assert game.board()["foundations"][0] == {"suit": "H", "top": "2H", "count": 2}


@pytest.mark.parametrize(
    "move",
    [
        None,
        [],
        "draw",
        {},
        {"type": "pair"},
        {"type": 3},
        {"type": "draw", "count": 1},
        {"type": "collect", "to": "foundation"},
        {"type": "move", "from": "t2"},
        {"type": "move", "to": "t5"},
        {"type": "move", "from": "t2", "to": "t5", "cards": 3},
        {"type": "move", "from": "t10", "to": "t5"},
        {"type": "move", "from": "t02", "to": "t5"},
        {"type": "move", "from": "T2", "to": "t5"},
        {"type": "move", "from": 2, "to": "t5"},
        {"type": "move", "from": "t2", "to": "f8"},
        {"type": "move", "from": "t2", "to": "stock"},
        {"type": "move", "from": "t2", "to": "waste"},
        {"type": "move", "from": "stock", "to": "t5"},
        {"type": "move", "from": "foundation", "to": "t5"},
        {"type": "move", "from": "f0", "to": "t5"},
        {"type": "move", "from": "t2", "to": "t5", "count": 0},
        {"type": "move", "from": "t2", "to": "t5", "count": -1},
        {"type": "move", "from": "t2", "to": "t5", "count": True},
        {"type": "move", "from": "t2", "to": "t5", "count": 3.0},
        {"type": "move", "from": "t2", "to": "t5", "count": "3"},
        {"type": "move", "from": "waste", "to": "t5", "count": 2},
        {"type": "move", "from": "t2", "to": "foundation", "count": 2},
        {"type": "move", "from": "t2", "to": "f1", "count": 2},
    ],
)
def test_malformed_moves(move: object) -> None:
    game = load(position({**FILLER, 2: "KD 9S 8S 7S", 5: "2C TS"}, stock="5H"))
    before = game.position()
    with pytest.raises(InvalidMove) as info:
        game.play(move)
    assert info.value.reason == "invalid_move"
    assert game.position() == before and game.moves == []


def test_count_one_is_the_canonical_single_move() -> None:
    game = load(position({0: "7S", 1: "2C 8S"}), NO_AUTO)
    game.play({"type": "move", "from": "t0", "to": "t1", "count": 1})
    assert game.moves == [{"type": "move", "from": "t0", "to": "t1"}]


# -- positions, hidden information, notices ----------------------------------------------------


@pytest.mark.parametrize(
    ("pos", "options"),
    [
        (position(foundations=["AH 3H"]), None),
        (position(foundations=["AH 2S"]), None),
        (position(foundations=["2H"]), None),
        (position({0: "KS KS", 1: "KS"}), None),
        (position(redeals_left=1), None),
        (position(redeals_left=2), {"rules": "relaxed"}),
        (position(redeals_left=True), {"rules": "relaxed"}),
        ({**position(), "tableau": [[]] * 9}, None),
        ({**position(), "foundations": [[]] * 9}, None),
        ({**position(), "tableau": [["XX"]] + [[]] * 9}, None),
        ({**position(), "stock": "AS"}, None),
        ({**position(), "seen": ["AS", "AS", "AS"]}, None),
        ({**position(), "game": "pyramid"}, None),
    ],
)
def test_invalid_positions(pos: Json, options: object) -> None:
    with pytest.raises(InvalidPosition):
        FortyThievesGame.from_position(pos, options)


def test_position_round_trip_and_defaults() -> None:
    pos = position({0: "KS 5H"}, stock="2D 3D", waste="9C", foundations=["AC 2C"])
    game = load(pos, {"rules": "relaxed"})
    out = game.position()
    assert out["redeals_left"] == 1  # the natural default of the rules
    assert sorted(out["seen"]) == sorted(["KS", "5H", "9C", "AC", "2C"])
    assert load(out, {"rules": "relaxed"}).position() == out


def test_board_hides_the_stock_and_seen_survives_undo() -> None:
    game = load(position({0: "KS"}, stock="QD JD TD"), NO_AUTO)
    assert "QD" not in str(game.view())
    assert game.play({"type": "draw"}) == [{"type": "draw", "card": "QD"}]
    assert game.board()["waste"] == {"count": 1, "cards": ["QD"]}
    assert "JD" not in str(game.view()) and "TD" not in str(game.view())
    game.undo()
    assert "QD" not in str(game.view())
    assert "QD" in game.seen and "JD" not in game.seen
    assert "QD" in game.position()["seen"]


def test_columns_have_moves_notice() -> None:
    # A build onto a card.
    assert "columns_have_moves" in load(position({0: "7S", 1: "8S"}, stock="KC")).notices()
    # Only a run off an identical parent onto the same card: not useful, and no column is empty.
    busy = dict(zip(range(2, 10), KINGS, strict=True))
    twins = load(position({**busy, 0: "QD 8S 7S", 1: "QC 8S"}, stock="5H"), NO_AUTO)
    assert mv("t0", "t1") in twins.legal_moves()
    assert "columns_have_moves" not in twins.notices()
    assert {"type": "draw"} in twins.legal_moves()
    # A whole column into an empty column is not useful; a partial one frees a card.
    busy = dict(zip(range(2, 9), KINGS, strict=False))
    lone = load(position({**busy, 0: "7S", 1: "9H"}, stock="5H"), NO_AUTO)
    assert mv("t0", "t9") in lone.legal_moves()
    assert "columns_have_moves" not in lone.notices()
    freeing = load(position({**busy, 0: "5S 7S", 1: "9H"}, stock="5H"), NO_AUTO)
    assert freeing.notices() == ["columns_have_moves"]
    # A move to a foundation.
    ace = load(position({**busy, 0: "AS", 1: "9H", 9: "9D"}, stock="5H"), NO_AUTO)
    assert ace.notices() == ["columns_have_moves"]
    # The waste does not count: the notice is about the columns.
    waste = load(position({**busy, 0: "2S", 1: "9H", 9: "9D"}, waste="AS"), NO_AUTO)
    assert waste.notices() == []


def test_stuck_notice() -> None:
    game = load(position(dict(enumerate([*KINGS, "5C", "5D"]))), NO_AUTO)
    assert game.legal_moves() == []
    assert game.notices() == ["stuck"]


def test_pure_legal_moves_match_the_facade() -> None:
    game = FortyThievesGame.new(2)
    assert [m.to_dict() for m in legal_moves(game.state, game.options)] == game.legal_moves()
    assert game.legal_moves()[-1] == {"type": "draw"}


def test_collect_picks_the_right_copy() -> None:
    # Two KH are out and one foundation is at QH: the KH lying on the other QH goes first.
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH"
    pos = position({0: "QH KH", 1: "KH"}, foundations=[hearts + " QH", hearts])
    game = load(pos, NO_AUTO)
    assert game.board()["can_collect"] is True
    assert [(e["card"], e["from"]) for e in game.play({"type": "collect"})] == [
        ("KH", "t0"),
        ("QH", "t0"),
        ("KH", "t1"),
    ]
    assert game.status == "won"
