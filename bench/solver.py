"""Solver benchmark (not a test): verdicts, win rate and time per deal over a fixed deal set.

The deal set is documented and fixed: deal numbers ``first … first+count−1`` (default 1 … N)
of the chosen game and ruleset. Each deal is solved in this process with a time limit; the
figures printed are: decided/undecided counts, the win rate among decided deals with a 95 %
Wilson interval, time per deal (median, 90th percentile, max) and the process's peak memory.
In the same run, the independent brute-force search (:mod:`patience.solver.naive`) solves the
first ``--baseline`` deals with the same limit, and the ratio of the two is printed.

    .venv/bin/python bench/solver.py --game pyramid --count 1000 --time-limit 10
    .venv/bin/python bench/solver.py --game gaps --option redeals=0 --count 200 --time-limit 10
    .venv/bin/python bench/solver.py --game forty-thieves --rules classic --count 200

With ``--par``, each deal's par is found instead (:func:`patience.solver.par.find_par`, the
same time limit, of CPU time with ``--cpu``): the share of deals whose par is settled (proven
fewest moves, or proven lost), the time per deal (both wall clock and this process's CPU
time: on a shared machine the wall clock also counts the time other processes hold the core)
and the peak memory; no brute-force baseline.

    .venv/bin/python bench/solver.py --par --cpu --game pyramid --count 1000

With ``--without LEVER`` (repeatable) one of the solver's proven levers (:data:`LEVERS`) is off
for the run, to measure what it is worth against the same deals with it on.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from patience.games import new_game
from patience.games.solving import find_par, solve_game
from patience.solver import Budget, Result
from patience.solver.forty_thieves import FortyThievesAdapter
from patience.solver.gaps import GapsAdapter
from patience.solver.naive import brute_force

Solver = Callable[[Any, Budget], Result]

LEVERS: dict[str, tuple[type, str]] = {
    "symmetric-rows": (GapsAdapter, "symmetric_rows"),
    "safe-closure": (FortyThievesAdapter, "safe_closure"),
    "locked-columns": (FortyThievesAdapter, "locked_columns"),
}
"""The levers ``--without`` turns off: the adapter class and its switch (on by default; the
verdicts are the same either way, only the search's speed changes)."""


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def budget(limit: float, cpu: bool) -> Budget:
    """``limit`` seconds of wall-clock time, or with ``cpu`` of this process's CPU time (on a
    machine shared with other work, what one core gives the solver in that time)."""
    return Budget(seconds=limit, clock=time.process_time if cpu else time.perf_counter)


def run(
    solver: Solver,
    game: str,
    deals: range,
    options: dict[str, Any],
    limit: float,
    progress: bool,
    cpu: bool = False,
    save: Path | None = None,
) -> dict[str, Any]:
    verdicts: dict[str, int] = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    times: list[float] = []
    per_deal: list[dict[str, Any]] = []
    # Resumable: the deals a saved run of the same limit already has are kept, not re-run.
    kept = {row["deal"]: row for row in _saved(save) if row.get("limit", limit) == limit}
    for n, deal in enumerate(deals, 1):
        if deal in kept:
            row = kept[deal]
            verdicts[row["verdict"]] += 1
            times.append(row["seconds"])
            per_deal.append(row)
            continue
        g = new_game(game, deal=deal, options=options)
        clock = time.process_time if cpu else time.perf_counter
        began = clock()
        result = solver(g, budget(limit, cpu))
        elapsed = clock() - began
        verdicts[result.verdict] += 1
        times.append(elapsed)
        per_deal.append({
            "deal": deal, "verdict": result.verdict, "seconds": round(elapsed, 4),
            "nodes": result.nodes, "limit": limit, "by": next(iter(result.stats), None),
        })  # fmt: skip
        if save is not None:  # after every deal: a long run stopped early still has its results
            save.write_text(json.dumps(per_deal, indent=1))
        if progress and (n % 50 == 0 or n == len(deals)):
            print(f"  {n}/{len(deals)} {verdicts}", file=sys.stderr, flush=True)
    return {"verdicts": verdicts, "times": times, "per_deal": per_deal}


def run_par(
    game: str, deals: range, options: dict[str, Any], limit: float, cpu: bool
) -> list[dict[str, Any]]:
    """Each deal's par within ``limit`` seconds (see :func:`budget`), one row per deal."""
    rows: list[dict[str, Any]] = []
    for n, deal in enumerate(deals, 1):
        g = new_game(game, deal=deal, options=options)
        began, cpu_began = time.perf_counter(), time.process_time()
        par = find_par(g, budget(limit, cpu))
        rows.append(
            {
                "deal": deal,
                "moves": par.moves,
                "proven": par.proven,
                "seconds": round(time.perf_counter() - began, 4),
                "cpu_seconds": round(time.process_time() - cpu_began, 4),
                "nodes": par.nodes,
            }
        )
        if n % 50 == 0 or n == len(deals):
            settled = sum(row["proven"] for row in rows)
            print(f"  {n}/{len(deals)} settled {settled}", file=sys.stderr, flush=True)
    return rows


def par_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Proven share and time per deal (wall and CPU) of a par run."""
    out: dict[str, Any] = {
        "deals": len(rows),
        "proven": sum(row["proven"] for row in rows),
        "proven_share": round(sum(row["proven"] for row in rows) / len(rows), 4),
        "with_par": sum(row["moves"] is not None for row in rows),
        "proven_lost": sum(row["proven"] and row["moves"] is None for row in rows),
    }
    for field in ("seconds", "cpu_seconds"):
        times = [row[field] for row in rows]
        prefix = "" if field == "seconds" else "cpu_"
        out[f"{prefix}median_s"] = round(statistics.median(times), 4)
        out[f"{prefix}p90_s"] = round(percentile(times, 0.9), 4)
        out[f"{prefix}max_s"] = round(max(times), 4)
    return out


def par_main(args: argparse.Namespace, deals: range, options: dict[str, Any]) -> int:
    """The ``--par`` run: print the summary, save the per-deal rows."""
    rows = run_par(args.game, deals, options, args.time_limit, args.cpu)
    stats = par_summary(rows)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    stats["peak_memory_mb"] = round(peak, 1)
    print(json.dumps(stats))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


def summary(label: str, stats: dict[str, Any]) -> dict[str, Any]:
    v, times = stats["verdicts"], stats["times"]
    decided = v["winnable"] + v["unwinnable"]
    low, high = wilson(v["winnable"], decided)
    out = {
        "solver": label,
        "deals": len(times),
        "decided": decided,
        "undecided": v["unknown"],
        "winnable": v["winnable"],
        "win_rate": round(v["winnable"] / decided, 4) if decided else None,
        "win_rate_95ci": [round(low, 4), round(high, 4)],
        "median_s": round(statistics.median(times), 4),
        "p90_s": round(percentile(times, 0.9), 4),
        "max_s": round(max(times), 4),
        "total_s": round(sum(times), 2),
    }
    return out


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="pyramid")
    parser.add_argument("--rules", help="Forty Thieves ruleset")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON")
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal")
    parser.add_argument(
        "--cpu", action="store_true", help="limit and time CPU seconds, not wall-clock ones"
    )
    parser.add_argument("--baseline", type=int, default=50, help="deals for the brute force")
    parser.add_argument("--json", help="write per-deal results to this file")
    parser.add_argument("--par", action="store_true", help="find each deal's par instead")
    parser.add_argument(
        "--without", action="append", default=[], choices=sorted(LEVERS), help="a lever off"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    for lever in args.without:
        adapter, switch = LEVERS[lever]
        setattr(adapter, switch, False)

    options: dict[str, Any] = {
        k: json.loads(v) for k, _, v in (o.partition("=") for o in args.option)
    }
    if args.rules:
        options["rules"] = args.rules
    deals = range(args.first, args.first + args.count)
    print(
        f"{args.game} {options or ''} deals {deals.start}..{deals.stop - 1}, "
        f"limit {args.time_limit:g} {'CPU ' if args.cpu else ''}s per deal"
        + "".join(f", without {lever}" for lever in args.without),
        flush=True,
    )

    if args.par:
        return par_main(args, deals, options)

    save = Path(args.json) if args.json else None
    main_stats = run(solve_game, args.game, deals, options, args.time_limit, True, args.cpu, save)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    ours = summary("patience", main_stats)
    ours["peak_memory_mb"] = round(peak_mb, 1)
    print(json.dumps(ours))
    print(json.dumps({"winnability": winnability(main_stats["per_deal"])}))

    if args.baseline:
        base_deals = range(deals.start, deals.start + min(args.baseline, len(deals)))
        base = summary(
            "brute force",
            run(brute_force, args.game, base_deals, options, args.time_limit, False, args.cpu),
        )
        mine = summary(
            "patience",
            {
                "verdicts": _count(main_stats["per_deal"][: len(base_deals)]),
                "times": main_stats["times"][: len(base_deals)],
            },
        )
        print(json.dumps(base))
        print(
            f"same {len(base_deals)} deals: decided {mine['decided']} vs {base['decided']}, "
            f"total time ratio brute/patience = {base['total_s'] / max(mine['total_s'], 1e-9):.1f}"
        )
    return 0


def _saved(save: Path | None) -> list[dict[str, Any]]:
    """The per-deal rows of an earlier run saved at ``save`` (none when absent)."""
    if save is None or not save.exists():
        return []
    rows: list[dict[str, Any]] = json.loads(save.read_text())
    return rows


def winnability(per_deal: list[dict[str, Any]]) -> dict[str, Any]:
    """The winnability of a deal set as Blake & Gent give it for Solvitaire's table (*The
    Winnability of Klondike Solitaire and Many Other Patience Games*): see :func:`bounds`."""
    counts = _count(per_deal)
    return bounds(counts["winnable"], counts["unwinnable"], counts["unknown"])


def bounds(wins: int, losses: int, undecided: int) -> dict[str, Any]:
    """One 95 % interval of the winnable share that no undecided deal can fall outside: its low
    end is the Wilson interval's low end with every undecided deal lost, its high end the
    Wilson interval's high end with every undecided deal won; the estimate is its midpoint,
    ± half its width.

    >>> bounds(679, 321, 0)["interval_95"]
    [0.6494, 0.7072]
    >>> bounds(90, 2, 108)["interval_95"]
    [0.3826, 0.9973]
    """
    n = wins + losses + undecided
    low = wilson(wins, n)[0]
    high = wilson(wins + undecided, n)[1]
    return {
        "deals": n,
        "wins": wins,
        "losses": losses,
        "undecided": undecided,
        "interval_95": [round(low, 4), round(high, 4)],
        "estimate": round((low + high) / 2, 4),
        "plus_minus": round((high - low) / 2, 4),
    }


def _count(per_deal: list[dict[str, Any]]) -> dict[str, int]:
    counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    for row in per_deal:
        counts[row["verdict"]] += 1
    return counts


if __name__ == "__main__":
    raise SystemExit(main())
