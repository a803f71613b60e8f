"""Plot the time-per-deal distribution of solver benchmark runs (not a test).

Reads the per-deal files that ``bench/solver.py --json FILE`` writes and draws, for each run,
the share of deals *decided* (winnable or unwinnable) within t seconds, t on a log scale —
the curve tops out at the decided share, so undecided deals show as the gap below 100 %.

    .venv/bin/python bench/plot.py --out docs/solvers/solver-times.png \\
        "Pyramid=/tmp/pyramid.json" "Gaps, no redeal=/tmp/gaps0.json"

With ``--par`` it reads ``bench/solver.py --par`` files instead and draws the share of deals
whose par is *settled* (proven fewest moves, or proven lost) within t seconds, each run twice:
in CPU seconds (solid) and wall-clock seconds (dashed; on a shared machine the difference is
the time other processes held the core):

    .venv/bin/python bench/plot.py --par --out docs/solvers/par-times.png \\
        "Pyramid par=bench/results/pyramid-par.json"
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt


def decided_curve(rows: list[dict[str, Any]]) -> tuple[list[float], list[float]]:
    """The step curve (time, share of all deals decided by then) of one run.

    >>> decided_curve([{"verdict": "winnable", "seconds": 0.2},
    ...                {"verdict": "unknown", "seconds": 10.0},
    ...                {"verdict": "unwinnable", "seconds": 0.1},
    ...                {"verdict": "unknown", "seconds": 10.0}])
    ([0.1, 0.2], [25.0, 50.0])
    """
    times = sorted(r["seconds"] for r in rows if r["verdict"] != "unknown")
    return times, [100 * (n + 1) / len(rows) for n in range(len(times))]


def settled_curve(
    rows: list[dict[str, Any]], field: str = "seconds"
) -> tuple[list[float], list[float]]:
    """The step curve (time, share of all deals settled by then) of one par run.

    >>> settled_curve([{"proven": True, "seconds": 0.3}, {"proven": False, "seconds": 10.0},
    ...                {"proven": True, "seconds": 0.1}, {"proven": True, "seconds": 0.2}])
    ([0.1, 0.2, 0.3], [25.0, 50.0, 75.0])
    """
    times = sorted(r[field] for r in rows if r["proven"])
    return times, [100 * (n + 1) / len(rows) for n in range(len(times))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", metavar="LABEL=FILE")
    parser.add_argument("--out", default="docs/solvers/solver-times.png")
    parser.add_argument("--limit", type=float, default=10.0, help="the runs' time limit (s)")
    parser.add_argument("--par", action="store_true", help="par runs: share settled")
    args = parser.parse_args(argv)

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=120)
    for run in args.runs:
        label, _, file = run.partition("=")
        rows = json.loads(Path(file).read_text())
        if args.par:
            for field, clock, style in (("cpu_seconds", "CPU", "-"), ("seconds", "wall", "--")):
                times, shares = settled_curve(rows, field)
                done = f"{len(times)}/{len(rows)} settled"
                ax.step(times, shares, style, where="post", label=f"{label}, {clock} ({done})")
        else:
            times, shares = decided_curve(rows)
            done = f"{len(times)}/{len(rows)} decided"
            ax.step(times, shares, where="post", label=f"{label} ({done})")
    ax.axvline(args.limit, color="grey", linestyle="--", linewidth=1)
    ax.text(args.limit, 2, f" {args.limit:g} s limit", color="grey", fontsize=8)
    ax.set_xscale("log")
    ax.set_xlabel("seconds per deal (log scale, one core)")
    ax.set_ylabel(f"% of deals {'settled' if args.par else 'decided'} within that time")
    ax.set_ylim(0, 100)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    what = "a proven par (fewest moves, or lost)" if args.par else "a verdict"
    ax.set_title(f"Solver: time to {what}, per deal")
    fig.tight_layout()
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
