"""The winnability table's interval (``bench/winnability.py``): Blake & Gent's, whose low end
counts the undecided deals lost and whose high end counts them won."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.solver import bounds, wilson, winnability
from bench.winnability import table


def test_the_interval_counts_the_undecided_lost_at_its_low_end_and_won_at_its_high_end() -> None:
    found = bounds(wins=90, losses=2, undecided=108)
    assert found["interval_95"] == [round(wilson(90, 200)[0], 4), round(wilson(198, 200)[1], 4)]
    low, high = found["interval_95"]
    assert found["estimate"] == pytest.approx((low + high) / 2, abs=1e-4)
    assert found["plus_minus"] == pytest.approx((high - low) / 2, abs=1e-4)
    # Every deal decided: the plain Wilson interval.
    assert bounds(679, 321, 0)["interval_95"] == [0.6494, 0.7072]


def test_per_deal_rows_are_counted_by_verdict() -> None:
    rows = [{"verdict": v} for v in ("winnable", "winnable", "unwinnable", "unknown")]
    found = winnability(rows)
    assert (found["deals"], found["wins"], found["losses"], found["undecided"]) == (4, 2, 1, 1)


def test_a_ruleset_without_its_file_keeps_its_counts_and_gets_the_interval_again(
    tmp_path: Path,
) -> None:
    old = {
        "game": "gaps", "ruleset": "redeals-2", "deal_numbers": "1-200",
        "cpu_seconds_per_deal": 10.0, "deals": 200, "decided": 92, "winnable": 90,
    }  # fmt: skip
    per_deal = [
        {"deal": 1, "verdict": "winnable", "limit": 1.0},
        {"deal": 2, "verdict": "unknown", "limit": 1.0},
    ]
    (tmp_path / "forty-thieves-classic-native.json").write_text(json.dumps(per_deal))
    unknown = {**old, "ruleset": "no-such-ruleset"}
    assert table([old, unknown], tmp_path) == [
        {
            "game": "gaps", "ruleset": "redeals-2", "deal_numbers": "1-200",
            "cpu_seconds_per_deal": 10.0, **bounds(90, 2, 108),
        },
        {
            "game": "forty-thieves", "ruleset": "classic", "deal_numbers": "1-2",
            "cpu_seconds_per_deal": 1.0, **bounds(1, 0, 1),
        },
    ]  # fmt: skip
