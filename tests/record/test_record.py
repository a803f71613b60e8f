"""The record format: the examples of docs/record.md, every move of each notation, the tags,
and every way a record can be wrong — each a typed error at its line and column."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from patience.engine import new_game
from patience.engine.forty_thieves import COLUMNS, FOUNDATIONS
from patience.record import (
    GENERIC,
    MAX_MOVES,
    DealNotRevealed,
    Header,
    InvalidNotation,
    InvalidTag,
    Record,
    RecordError,
    RecordSyntaxError,
    notation_for,
    parse_record,
    verify,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "record.md"
EXAMPLES = re.findall(r"```patience\n(.*?)```", DOCS.read_text(), flags=re.S)
HEAD = '[Game "pyramid"]\n[DealId "pyramid-1"]\n[Result "*"]\n\n'


def test_the_documented_examples_are_valid_records() -> None:
    assert len(EXAMPLES) == 3
    statuses = []
    for text in EXAMPLES:
        record = parse_record(text)
        verdict = verify(record)
        assert verdict.valid, verdict
        assert verdict.moves == record.header.moves == len(record.moves)
        statuses.append(verdict.status)
        # Written again, a record reads back the same (comments are not kept).
        assert parse_record(record.text()) == record
    assert statuses == ["won", "resigned", "playing"]


def _pyramid_moves() -> list[dict[str, Any]]:
    places = [f"p{i}" for i in range(28)] + ["stock", "waste"]
    pairs = [{"type": "pair", "a": a, "b": b} for a, b in itertools.product(places, places)]
    kings = [{"type": "king", "at": at} for at in places]
    return [*pairs, *kings, {"type": "draw"}, {"type": "recycle"}]


def _gaps_moves() -> list[dict[str, Any]]:
    cards = [f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"]
    gaps = [f"r{r}c{c}" for r in range(4) for c in range(13)]
    return [{"type": "move", "card": c, "to": g} for c in cards for g in gaps] + [
        {"type": "redeal"}
    ]


def _forty_thieves_moves() -> list[dict[str, Any]]:
    sources = [f"t{i}" for i in range(COLUMNS)] + ["waste"]
    targets = [f"t{i}" for i in range(COLUMNS)] + ["foundation"]
    targets += [f"f{i}" for i in range(FOUNDATIONS)]
    moves: list[dict[str, Any]] = [{"type": t} for t in ("draw", "redeal", "collect")]
    for source, target in itertools.product(sources, targets):
        counts = [1] if source == "waste" or target[0] == "f" else range(1, 14)
        for count in counts:
            move = {"type": "move", "from": source, "to": target}
            moves.append(move if count == 1 else {**move, "count": count})
    return moves


@pytest.mark.parametrize(
    ("game", "moves"),
    [
        ("pyramid", _pyramid_moves()),
        ("gaps", _gaps_moves()),
        ("forty-thieves", _forty_thieves_moves()),
    ],
)
def test_every_well_formed_move_has_one_token_that_reads_back(
    game: str, moves: list[dict[str, Any]]
) -> None:
    notation = notation_for(game)
    tokens = [notation.write(move) for move in moves]
    assert len(set(tokens)) == len(tokens)
    assert [notation.read(token) for token in tokens] == moves
    assert all(re.fullmatch(r'[^\s{};\[\]"]+', token) for token in tokens)


@pytest.mark.parametrize(
    ("game", "token", "move"),
    [
        ("pyramid", "stock+waste", {"type": "pair", "a": "stock", "b": "waste"}),
        ("pyramid", "Kwaste", {"type": "king", "at": "waste"}),
        ("gaps", "10d>r0c12", {"type": "move", "card": "TD", "to": "r0c12"}),
        (
            "forty-thieves",
            "waste>foundation",
            {"type": "move", "from": "waste", "to": "foundation"},
        ),
        ("forty-thieves", "t1>t2x1", {"type": "move", "from": "t1", "to": "t2"}),
    ],
)
def test_the_readers_take_the_long_forms_too(game: str, token: str, move: Any) -> None:
    assert notation_for(game).read(token) == move


def test_a_game_without_a_notation_of_its_own_is_written_generically() -> None:
    moves: list[dict[str, Any]] = [
        {"type": "up"},
        {"type": "move", "card": "6H", "to": "r1c5"},
        {"type": "x", "n": -3, "flag": True},
    ]
    assert [GENERIC.read(GENERIC.write(m)) for m in moves] == moves
    assert GENERIC.write(moves[1]) == "move(card=6H,to=r1c5)"
    bad_moves: list[dict[str, Any]] = [{"type": "m", "to": "two words"}, {"type": "m", "n": "3"}]
    for bad in [*bad_moves, {"type": 5}]:
        with pytest.raises(ValueError):
            GENERIC.write(bad)


def test_every_tag_reads_back() -> None:
    import datetime as dt

    header = Header(
        game="forty-thieves",
        deal_id="forty-thieves-9001",
        result="resigned",
        ruleset="relaxed",
        options={"rules": "relaxed", "auto_safe": False, "winnable_only": True},
        player='Ann "Q" \\ Lee',
        date=dt.date(2026, 12, 1),
        daily=dt.date(2026, 12, 1),
        moves=0,
        elapsed_ms=3_723_004,
        undos=2,
        hints=3,
        solver_assisted=True,
        game_id="ab" * 16,
        extra=(("Site", "patience.example"), ("Round", "3")),
    )
    text = Record(header, ()).text()
    assert '[Time "1:02:03.004"]' in text and '[Player "Ann \\"Q\\" \\\\ Lee"]' in text
    assert parse_record(text).header == header


def test_tags_may_be_left_out_but_three() -> None:
    record = parse_record('[Game "gaps"]\n[DealId "gaps-5"]\n[Result "*"]\n1. R 2. R *')
    assert record.moves == ({"type": "redeal"}, {"type": "redeal"})
    verdict = verify(record)
    assert (verdict.valid, verdict.ruleset, verdict.moves) == (True, "redeals-2", 2)
    ruleset_only = parse_record(
        '[Game "gaps"]\n[Ruleset "redeals-1"]\n[DealId "gaps-5"]\n[Result "*"]\nR R *'
    )
    error = verify(ruleset_only).error
    assert error is not None and (error.move_number, error.reason) == (2, "no_redeals_left")


BAD: list[tuple[str, type[RecordError], str, tuple[int, int]]] = [
    (HEAD + "1. d", RecordSyntaxError, "invalid_record", (5, 5)),
    (HEAD + "1. d 3. d *", RecordSyntaxError, "invalid_record", (5, 6)),
    (HEAD + "1. 2. d *", RecordSyntaxError, "invalid_record", (5, 4)),
    (HEAD + "d 2. *", RecordSyntaxError, "invalid_record", (5, 3)),
    (HEAD + "d * d", RecordSyntaxError, "invalid_record", (5, 5)),
    (HEAD + "d {never closed *", RecordSyntaxError, "invalid_record", (5, 3)),
    (HEAD + "d ( d ) *", InvalidNotation, "invalid_notation", (5, 3)),
    (HEAD + "d } *", RecordSyntaxError, "invalid_record", (5, 3)),
    (HEAD + 'd [Game "gaps"] *', RecordSyntaxError, "invalid_record", (5, 3)),
    (HEAD + "d\x00 *", RecordSyntaxError, "invalid_record", (5, 2)),
    (HEAD + "p29+w *", InvalidNotation, "invalid_notation", (5, 1)),
    (HEAD + "  d 6H>r1c5 *", InvalidNotation, "invalid_notation", (5, 5)),
    ('[Game "pyramid"]\n[Game "pyramid"]\n', RecordSyntaxError, "duplicate_tag", (2, 1)),
    ("[Game pyramid]\n*", RecordSyntaxError, "invalid_record", (1, 1)),
    ('[Game "pyr\namid"]\n*', RecordSyntaxError, "invalid_record", (1, 1)),
    (
        '[Game "klondike"]\n[DealId "klondike-1"]\n[Result "*"]\n*',
        InvalidTag,
        "invalid_tag",
        (1, 1),
    ),
    ('[Game "gaps"]\n[DealId "pyramid-1"]\n[Result "*"]\n*', InvalidTag, "invalid_tag", (2, 1)),
    ('[Game "gaps"]\n[DealId "gaps-0"]\n[Result "*"]\n*', InvalidTag, "invalid_tag", (2, 1)),
    (
        '[Game "gaps"]\n[DealId "gaps-4294967296"]\n[Result "*"]\n*',
        InvalidTag,
        "invalid_tag",
        (2, 1),
    ),
    ('[Game "gaps"]\n[DealId "gaps-1"]\n*', InvalidTag, "missing_tag", (1, 1)),
    ('[Game "gaps"]\n[DealId "gaps-1"]\n[Result "lost"]\n*', InvalidTag, "invalid_tag", (3, 1)),
    (
        '[Game "gaps"]\n[DealId "gaps-1"]\n[Result "won"]\n*',
        RecordSyntaxError,
        "invalid_record",
        (4, 1),
    ),
    (HEAD.replace("\n\n", '\n[Time "1:2:3"]\n\n') + "*", InvalidTag, "invalid_tag", (4, 1)),
    (HEAD.replace("\n\n", '\n[Moves "-1"]\n\n') + "*", InvalidTag, "invalid_tag", (4, 1)),
    (HEAD.replace("\n\n", '\n[Date "2026-02-30"]\n\n') + "*", InvalidTag, "invalid_tag", (4, 1)),
    (HEAD.replace("\n\n", '\n[Options "a=1 a=2"]\n\n') + "*", InvalidTag, "invalid_tag", (4, 1)),
    (HEAD.replace("\n\n", '\n[Layout "[[[["]\n\n') + "*", InvalidTag, "invalid_tag", (4, 1)),
]


@pytest.mark.parametrize(("text", "error", "reason", "place"), BAD)
def test_a_wrong_record_is_a_typed_error_at_its_place(
    text: str, error: type[RecordError], reason: str, place: tuple[int, int]
) -> None:
    with pytest.raises(error) as raised:
        parse_record(text)
    assert (raised.value.reason, (raised.value.line, raised.value.column)) == (reason, place)


@pytest.mark.parametrize(
    ("tags", "tag", "line"),
    [
        ('[Options "redeals=7"]', "Options", 4),
        ('[Options "colour=red"]', "Options", 4),
        ('[Ruleset "redeals-9"]', "Ruleset", 4),
        ('[Ruleset "redeals-1"]\n[Options "redeals=2"]', "Ruleset", 4),
        ('[Layout "{}"]', "Layout", 4),
    ],
)
def test_tags_that_disagree_with_the_game_are_refused_at_the_tag(
    tags: str, tag: str, line: int
) -> None:
    text = f'[Game "gaps"]\n[DealId "gaps-5"]\n[Result "*"]\n{tags}\n\n*'
    with pytest.raises(InvalidTag) as raised:
        verify(parse_record(text))
    assert (raised.value.line, raised.value.column) == (line, 1), raised.value


def test_binary_and_huge_records_are_refused_cheaply() -> None:
    with pytest.raises(RecordSyntaxError) as raised:
        parse_record(HEAD.encode() + b"d \xc3\x28 *")
    assert (raised.value.line, raised.value.column) == (5, 3)
    with pytest.raises(RecordSyntaxError) as raised:
        parse_record(HEAD + "d " * (MAX_MOVES + 1) + "*")
    assert raised.value.reason == "record_too_long"
    # A comment opened and never closed, megabytes long: refused at its start.
    with pytest.raises(RecordSyntaxError) as raised:
        parse_record(HEAD + "{" * 1_000_000)
    assert (raised.value.line, raised.value.column) == (5, 1)


def test_verify_names_the_first_illegal_move_and_false_claims() -> None:
    text = HEAD + "1. d 2. d {fine} 3. Kp0 4. d *"
    verdict = verify(parse_record(text))
    assert not verdict.valid and verdict.moves == 2 and verdict.status == "playing"
    assert verdict.error is not None
    assert (verdict.error.move_number, verdict.error.reason) == (3, "covered")
    assert (verdict.error.line, verdict.error.column) == (5, 21)
    claimed = verify(parse_record(HEAD.replace("*", "won") + "d won"))
    assert claimed.error is not None and claimed.error.reason == "result_mismatch"
    counted = verify(parse_record(HEAD.replace("\n\n", '\n[Moves "3"]\n\n') + "d d *"))
    assert counted.error is not None and counted.error.reason == "moves_mismatch"
    assert (counted.error.move_number, counted.error.line) == (None, 4)


def test_a_move_after_the_win_is_game_over() -> None:
    won = parse_record(EXAMPLES[0])
    text = Record(won.header.replace(moves=None), (*won.moves, {"type": "draw"})).text()
    verdict = verify(parse_record(text))
    assert verdict.error is not None and verdict.error.reason == "game_over"
    assert verdict.status == "won" and verdict.moves == len(won.moves)


def test_a_ranked_deal_replays_from_its_layout_only() -> None:
    played = parse_record(EXAMPLES[1])
    ranked = played.header.replace(deal_id="gaps-daily-2026-12-02")
    with pytest.raises(DealNotRevealed):
        verify(Record(ranked, played.moves))
    layout = new_game("gaps", deal=77, options=played.header.options).position()
    revealed = Record(ranked.replace(layout=layout), played.moves)
    again = parse_record(revealed.text())
    assert again.header.layout == layout
    assert verify(again).to_json() == {**verify(played).to_json(), "deal_id": ranked.deal_id}
    # A numbered deal's record never carries a layout.
    with pytest.raises(InvalidTag):
        verify(Record(played.header.replace(layout=layout), played.moves))
