"""The proven-winnable deal catalogue: committed files re-verified, builds that resume, deal
picking by grade, and the API reading it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import patience.catalogue as catalogue_module
import patience.catalogue.build as build_module
from patience.catalogue import (
    GRADES,
    SOLVER_VERSION,
    Catalogue,
    cached,
    lookup,
    pick,
)
from patience.catalogue.build import build, show
from patience.catalogue.measure import playout_score, rescore
from patience.engine import new_game
from patience.engine.deal import SplitMix64
from patience.games.solving import solve_game
from patience.solver import Budget
from tests.budgets import SEARCH_NODES

COMMITTED = sorted(catalogue_module.DATA.glob("*.json"))


@pytest.mark.parametrize("path", COMMITTED, ids=[p.stem for p in COMMITTED])
def test_committed_catalogues_hold_and_a_sample_replays_to_a_win(path: Path) -> None:
    game, ruleset = path.stem.split(".")
    found = Catalogue.load(game, ruleset)
    assert found is not None and found.solver_version == SOLVER_VERSION
    assert not set(found.winnable) & set(found.unwinnable)
    grades = found.grades()
    assert sorted(d for deals in grades.values() for d in deals) == sorted(found.winnable)
    rng = SplitMix64(len(found.winnable))
    sample = sorted(found.winnable)
    for _ in range(3):
        deal = sample[rng.below(len(sample))]
        game_now = new_game(game, deal=deal, options=found.options)
        # 30 CPU seconds: on a machine shared with other work, 30 s of wall time can be 2.
        result = solve_game(game_now, Budget(nodes=SEARCH_NODES))
        assert result.verdict == "winnable", (game, ruleset, deal)
        assert result.solution is not None
        for move in result.solution:
            game_now.play(move)
        assert game_now.status == "won"


def test_a_build_resumes_where_it_stopped(scratch: Path) -> None:
    first = build("pyramid", {}, 3, workers=1, time_limit=5)
    assert len(first.winnable) == 3
    examined = first.examined
    second = build("pyramid", {}, 5, workers=1, time_limit=5)
    assert second.examined > examined
    assert set(first.winnable) <= set(second.winnable) and len(second.winnable) == 5
    assert set(second.unwinnable) | set(second.unknown) | set(second.winnable) == set(
        range(1, second.examined + 1)
    )
    assert "5 winnable" in show(second)
    # Every deal recorded winnable really is (the build replays each solution).
    assert all(0.0 <= score <= 1.0 for score in second.winnable.values())


def test_sigterm_stops_a_build_and_keeps_what_it_examined(
    scratch: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A supervisor (or `kill`) stops a long build with SIGTERM; nothing examined is lost.
    # The signal comes once the build reports its third deal, not after a fixed delay (on a
    # slow machine a second can pass before the first deal is done).
    before = signal.getsignal(signal.SIGTERM)
    report = build_module._progress

    def progress_then_stop(catalogue: Catalogue, *args: Any) -> None:
        report(catalogue, *args)
        if catalogue.examined == 3:
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(build_module, "_progress", progress_then_stop)
    with pytest.raises(KeyboardInterrupt):
        build("pyramid", {}, 100_000, workers=1, time_limit=5)
    saved = Catalogue.load("pyramid", "standard")
    assert saved is not None and saved.examined >= 3
    assert set(saved.unwinnable) | set(saved.unknown) | set(saved.winnable) == set(
        range(1, saved.examined + 1)
    )
    assert signal.getsignal(signal.SIGTERM) == before  # the handler is put back


def test_a_node_budget_makes_a_build_independent_of_the_machine(scratch: Path) -> None:
    runs = []
    for _ in range(2):
        for file in scratch.glob("*.json"):
            file.unlink()
        built = build("pyramid", {}, 30, workers=1, time_limit=60, node_limit=40, max_deals=30)
        runs.append((sorted(built.winnable), built.unwinnable, built.unknown))
    assert runs[0] == runs[1]
    winnable, _, unknown = runs[0]
    assert winnable and unknown  # the budget decided some deals and not others
    loaded = Catalogue.load("pyramid", "standard")
    assert loaded is not None and loaded.node_limit == 40


def test_picking_by_grade_and_lookups(scratch: Path) -> None:
    made = Catalogue("gaps", "redeals-2", {"redeals": 2})
    made.winnable = {deal: deal / 10 for deal in range(1, 10)}
    made.unwinnable = [10]
    made.examined = 10
    made.save()
    cached.cache_clear()
    grades = made.grades()
    assert [len(grades[g]) for g in GRADES] == [3, 3, 3]
    assert grades["easy"] == [9, 8, 7]  # the most playouts won
    for seed in range(20):
        assert pick("gaps", {"difficulty": "hard"}, seed) in grades["hard"]
    assert pick("gaps", {"difficulty": "any"}, 1) is None  # any deal will do (older spelling)
    assert pick("gaps", {"winnable_only": False}, 1) is None  # the same, as in every game
    assert pick("gaps", {"winnable_only": True}, 1) in grades["normal"]
    assert pick("gaps", {"redeals": 1, "difficulty": "easy"}, 1) is None  # no such catalogue
    assert pick("pyramid", {}, 1) is None
    assert lookup("gaps", "redeals-2", 9) == (True, "easy")
    assert lookup("gaps", "redeals-2", 10) == (False, None)
    assert lookup("gaps", "redeals-2", 11) == (None, None)


def test_without_redeals_the_aces_option_shares_one_catalogue(scratch: Path) -> None:
    # The aces only join redeals: without redeals both options deal and play the same game.
    for deal in (1, 2, 3):
        plain = new_game("gaps", deal=deal, options={"redeals": 0})
        aces = new_game("gaps", deal=deal, options={"redeals": 0, "aces_shuffled": True})
        assert plain.view()["board"] == aces.view()["board"]
        assert plain.legal_moves() == aces.legal_moves()
    made = Catalogue("gaps", "redeals-0", {"redeals": 0})
    made.winnable = {deal: deal / 10 for deal in range(1, 10)}
    made.examined = 9
    made.save()
    cached.cache_clear()
    options = {"redeals": 0, "aces_shuffled": True, "difficulty": "easy"}
    assert pick("gaps", options, 1) in made.grades()["easy"]
    assert lookup("gaps", "redeals-0-aces", 9) == (True, "easy")
    assert pick("gaps", {"redeals": 1, "aces_shuffled": True, "difficulty": "easy"}, 1) is None


def test_grades_separate_deals_by_measured_difficulty() -> None:
    # With unlimited redeals every playout wins; the grades must still tell deals apart
    # (there a win counts less the more redeals it took), as they do for every ruleset.
    for path in COMMITTED:
        found = Catalogue.load(*path.stem.split("."))
        assert found is not None
        thresholds = found.thresholds()
        assert thresholds["easy"][0] > thresholds["hard"][1], path.stem


def test_rescoring_keeps_verdicts_and_measures_again(scratch: Path) -> None:
    made = Catalogue("gaps", "redeals-unlimited", {"redeals": "unlimited"})
    made.winnable = {1: 1.0, 2: 1.0, 3: 1.0}
    made.examined = 3
    rescored = rescore(made)
    assert sorted(rescored.winnable) == [1, 2, 3]
    assert all(0.0 < score < 1.0 for score in rescored.winnable.values())  # redeals were needed
    assert rescored.winnable[1] == playout_score("gaps", {"redeals": "unlimited"}, 1)


def test_the_look_up_loads_nothing_of_the_build() -> None:
    """Every new game asks the catalogue; only ``patience catalogue build`` measures deals
    and reaches the job queue."""
    code = "import sys, patience.catalogue; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    build = {"patience.catalogue.build", "patience.catalogue.measure"}
    assert not {*build, "patience.catalogue.distributed", "patience.jobs", "rq"} & {*loaded}
