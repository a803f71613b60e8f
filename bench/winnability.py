"""The winnability table (issue 28 part 2): each ruleset's per-deal results (``bench/solver.py
--json``, committed in ``bench/results/``) summarised as Solvitaire's paper does
(:func:`bench.solver.winnability`), written to ``docs/solvers/winnability.json`` and printed
as the Markdown table of the docs' solver figures page (not a test).

    .venv/bin/python -m bench.winnability

A ruleset whose file is missing is left out; one still running is summarised as far as it got
(its deal count says so). Forty Thieves' rows come from its own result files, listed here too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench.solver import winnability

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
OUT = ROOT / "docs" / "solvers" / "winnability.json"

# (game, ruleset, per-deal results file)
ROWS = [
    ("pyramid", "standard", "pyramid-native.json"),
    ("gaps", "redeals-0", "gaps-redeals-0-native.json"),
    ("gaps", "redeals-1", "gaps-redeals-1-native.json"),
    ("gaps", "redeals-2", "gaps-redeals-2-native.json"),
    ("gaps", "redeals-unlimited", "gaps-redeals-unlimited-native.json"),
    ("gaps", "redeals-1-aces", "gaps-redeals-1-aces-native.json"),
    ("gaps", "redeals-2-aces", "gaps-redeals-2-aces-native.json"),
    ("gaps", "redeals-unlimited-aces", "gaps-redeals-unlimited-aces-native.json"),
    ("forty-thieves", "classic", "forty-thieves-classic-native.json"),
    ("forty-thieves", "relaxed", "forty-thieves-relaxed-native.json"),
]


def table() -> list[dict[str, Any]]:
    rows = []
    for game, ruleset, name in ROWS:
        path = RESULTS / name
        if not path.exists():
            continue
        per_deal = json.loads(path.read_text())
        deals = [row["deal"] for row in per_deal]
        limits = sorted({row.get("limit") for row in per_deal if row.get("limit") is not None})
        rows.append({
            "game": game,
            "ruleset": ruleset,
            "deal_numbers": f"{min(deals)}-{max(deals)}",
            "cpu_seconds_per_deal": limits[0] if len(limits) == 1 else limits,
            **winnability(per_deal),
        })  # fmt: skip
    return rows


def percent(x: float) -> str:
    return f"{100 * x:.1f}"


def main() -> int:
    rows = table()
    method = (
        "95 % Wilson intervals of the winnable share, as Blake & Gent's Solvitaire paper: over "
        "the decided deals only, and with the undecided deals counted as losses; the estimate "
        "is the midpoint of the range from the lower bound of the second to the upper bound of "
        "the first, plus or minus half its width. Decided means a winning line the engine "
        "replays, or a search that exhausted the space."
    )
    OUT.write_text(json.dumps({"method": method, "rows": rows}, indent=1) + "\n")
    print(
        "| game | ruleset | deals | decided | winnable | decided only | undecided lost | estimate |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        low, high = r["decided_only_95ci"]
        low2, high2 = r["undecided_as_losses_95ci"]
        print(
            f"| {r['game']} | {r['ruleset']} | {r['deal_numbers']} | {r['decided']} "
            f"| {r['winnable']} | "
            f"{percent(low)}–{percent(high)} % | {percent(low2)}–{percent(high2)} % | "
            f"{percent(r['estimate'])} ± {percent(r['plus_minus'])} % |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
