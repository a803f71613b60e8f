"""Round trips over random games, every ruleset: the game's line → its record → parsed → the
same line (and the same text again); a sample replayed through ``verify`` is valid with the
game's own status.

Hypothesis draws a deal, a seed and a length; the game is random legal play from the deal
(the seed picks each move), on the engine's typed states (``legal`` / ``apply``, skipping the
facade's per-move bookkeeping), so a thousand games per ruleset stay within seconds.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience.engine.deal import MAX_DEAL
from patience.games import game_class, get, new_game
from patience.record import Header, Record, Result, parse_record, verify

RULESETS = [
    (name, ruleset, options)
    for name in ("pyramid", "gaps", "forty-thieves")
    for ruleset, options in game_class(name).ruleset_options().items()
]
IDS = [f"{name}-{ruleset}" for name, ruleset, _ in RULESETS]
GAMES = 2_000
"""Random games per ruleset."""
LONGEST = {"pyramid": 50, "gaps": 40, "forty-thieves": 30}
"""The longest random game per game (Forty Thieves' legal moves cost the most to list)."""

deals = st.integers(min_value=1, max_value=MAX_DEAL)
seeds = st.integers(min_value=0, max_value=2**32)


def random_line(
    name: str, options: Any, deal: int, seed: int, length: int
) -> tuple[list[Any], bool]:
    """A line of up to ``length`` random legal moves from the deal, and whether it wins."""
    game = new_game(name, deal=deal, options=options)
    rng = random.Random(seed)
    state = game.state
    line = []
    for _ in range(length):
        legal = game.legal(state)
        if not legal:
            break
        move = rng.choice(legal)
        state, _ = game.apply(state, move)
        line.append(move.to_dict())
    return line, game.is_won(state)


def header(name: str, options: Any, deal: int, won: bool, moves: int) -> Header:
    result: Result = "won" if won else "playing"
    ruleset = game_class(name).ruleset_of(options)
    return Header(
        game=name,
        deal_id=f"{name}-{deal}",
        result=result,
        ruleset=ruleset,
        options=options,
        moves=moves,
    )


@pytest.mark.parametrize(("name", "ruleset", "options"), RULESETS, ids=IDS)
def test_a_line_survives_its_record(name: str, ruleset: str, options: Any) -> None:
    @settings(max_examples=GAMES, suppress_health_check=list(HealthCheck), deadline=None)
    @given(deal=deals, seed=seeds, length=st.integers(0, LONGEST[name]))
    def check(deal: int, seed: int, length: int) -> None:
        line, won = random_line(name, options, deal, seed, length)
        record = Record(header(name, options, deal, won, len(line)), tuple(line))
        text = record.text(get(name).notation)
        read = parse_record(text, get)
        assert list(read.moves) == line
        assert read == record
        assert read.text(get(name).notation) == text

    check()


@pytest.mark.parametrize(("name", "ruleset", "options"), RULESETS, ids=IDS)
def test_a_recorded_line_replays_as_played(name: str, ruleset: str, options: Any) -> None:
    @settings(max_examples=60, suppress_health_check=list(HealthCheck), deadline=None)
    @given(deal=deals, seed=seeds, length=st.integers(0, LONGEST[name]))
    def check(deal: int, seed: int, length: int) -> None:
        line, won = random_line(name, options, deal, seed, length)
        text = Record(header(name, options, deal, won, len(line)), tuple(line)).text(
            get(name).notation
        )
        verdict = verify(parse_record(text, get), get)
        assert verdict.valid, verdict
        assert (verdict.status, verdict.moves, verdict.ruleset) == (
            "won" if won else "playing",
            len(line),
            ruleset,
        )

    check()
