"""The winnability table: each ruleset's per-deal results (``bench/solver.py
--json``, in ``bench/results/``) summarised as Blake & Gent's Solvitaire table does
(:func:`bench.solver.bounds`), written to ``docs/solvers/winnability.json`` and, for the
client's rules pages, to ``frontend/src/model/winnability.ts``, and printed as the Markdown
table of the docs' solver figures page (not a test).

    .venv/bin/python -m bench.winnability

A ruleset whose file is absent (files over 100 KB are not committed) keeps its row from the
last ``winnability.json``, its interval worked out again from its counts; one still running
is summarised as far as it got (its deal count says so).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench.solver import bounds, winnability

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
OUT = ROOT / "docs" / "solvers" / "winnability.json"
CLIENT = ROOT / "frontend" / "src" / "model" / "winnability.ts"
METHOD = (
    "Deals 1-1,000 of each ruleset, each solved within the stated CPU seconds of one core. "
    "The 95 % interval is Blake & Gent's for Solvitaire's table: its low end is the Wilson "
    "score interval's low end with every undecided deal counted lost, its high end the Wilson "
    "interval's high end with every undecided deal counted won; the estimate is its midpoint, "
    "plus or minus half its width. Decided means a winning line the engine replays, or a "
    "search that exhausted the space."
)

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


def table(previous: list[dict[str, Any]], results: Path = RESULTS) -> list[dict[str, Any]]:
    """One row per ruleset with results: from its per-deal file in ``results``, else from
    ``previous`` (the last table's rows)."""
    kept = {(row["game"], row["ruleset"]): row for row in previous}
    rows = []
    for game, ruleset, name in ROWS:
        path = results / name
        if path.exists():
            per_deal = json.loads(path.read_text())
            deals = [row["deal"] for row in per_deal]
            limits = sorted({row["limit"] for row in per_deal if row.get("limit") is not None})
            figures = winnability(per_deal)
            numbers = f"{min(deals)}-{max(deals)}"
            limit: Any = limits[0] if len(limits) == 1 else limits
        elif (game, ruleset) in kept:
            old = kept[game, ruleset]
            figures = bounds(*_counts(old))
            numbers, limit = old["deal_numbers"], old["cpu_seconds_per_deal"]
        else:
            continue
        rows.append({
            "game": game, "ruleset": ruleset, "deal_numbers": numbers,
            "cpu_seconds_per_deal": limit, **figures,
        })  # fmt: skip
    return rows


def _counts(row: dict[str, Any]) -> tuple[int, int, int]:
    """Wins, losses and undecided of a kept row (older rows gave decided and winnable)."""
    if "wins" in row:
        return row["wins"], row["losses"], row["undecided"]
    won, decided = row["winnable"], row["decided"]
    return won, decided - won, row["deals"] - decided


def client_module(rows: list[dict[str, Any]]) -> str:
    """The client's copy of the table (a Vitest test holds it equal to the JSON)."""
    entries = "".join(
        f"  {{\n    game: '{r['game']}',\n    ruleset: '{r['ruleset']}',\n"
        f"    deals: '{r['deal_numbers']}',\n"
        f"    cpuSecondsPerDeal: {_number(r['cpu_seconds_per_deal'])},\n"
        f"    wins: {r['wins']},\n    losses: {r['losses']},\n    undecided: {r['undecided']},\n"
        f"    interval95: {_number(r['interval_95'])},\n"
        f"    estimate: {_number(r['estimate'])},\n  }},\n"
        for r in rows
    )
    return (
        "// How many of deals 1-1,000 of each ruleset can be won: the table of\n"
        "// docs/solvers/winnability.json, written with this file by\n"
        "// `python -m bench.winnability`"
        " (do not edit by hand; test/winnability.test.ts holds the two equal).\n"
        "import type { GameName } from './types';\n\n"
        "export interface Winnability {\n"
        "  game: GameName;\n"
        "  ruleset: string;\n"
        "  /** The deal numbers solved, `first-last`. */\n"
        "  deals: string;\n"
        "  /** The CPU seconds of one core each deal was given (or the several used). */\n"
        "  cpuSecondsPerDeal: number | number[];\n"
        "  wins: number;\n"
        "  losses: number;\n"
        "  undecided: number;\n"
        "  /** 95 %: Wilson's low end with the undecided lost, its high end with them won. */\n"
        "  interval95: [number, number];\n"
        "  /** The interval's midpoint. */\n"
        "  estimate: number;\n"
        "}\n\n"
        f"export const WINNABILITY: readonly Winnability[] = [\n{entries}];\n\n"
        "/** The rows of one game, in the table's order. */\n"
        "export const winnabilityOf = (game: GameName): Winnability[] => "
        "WINNABILITY.filter((w) => w.game === game);\n"
    )


def _number(x: float | list[float]) -> str:
    """A number, or a list of them, as Prettier writes it (``10``, not ``10.0``)."""
    return f"[{', '.join(map(_number, x))}]" if isinstance(x, list) else f"{x:g}"


def percent(x: float) -> str:
    return f"{100 * x:.1f}"


def main() -> int:
    previous = json.loads(OUT.read_text())["rows"] if OUT.exists() else []
    rows = table(previous)
    OUT.write_text(json.dumps({"method": METHOD, "rows": rows}, indent=1) + "\n")
    CLIENT.write_text(client_module(rows))
    print("| game | ruleset | deals | CPU s a deal | won | lost | undecided | 95 % interval |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        low, high = r["interval_95"]
        print(
            f"| {r['game']} | {r['ruleset']} | {r['deal_numbers']} | {r['cpu_seconds_per_deal']} "
            f"| {r['wins']} | {r['losses']} | {r['undecided']} "
            f"| {percent(low)}–{percent(high)} % |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
