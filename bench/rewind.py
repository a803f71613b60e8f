"""How long the worker takes to find the last winnable point (not a test).

On the hidden dead ends of the tests (``tests/solver/dead_ends.py``: catalogue deals played
by a careless seeded player until the solver proves the position lost, every card seen), it
runs :func:`patience.solver.rewind.last_winnable` as the rewind job does and prints, per
game, where the point is and how long the search took.

    .venv/bin/python -m bench.rewind --count 5 --seconds 20
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from patience.games.solving import last_winnable
from tests.solver.dead_ends import dead_ends

CASES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("pyramid", "standard", {}),
    ("gaps", "redeals-1", {"redeals": 1}),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=5, help="dead ends per game")
    parser.add_argument("--seconds", type=float, default=20.0, help="budget per rewind search")
    args = parser.parse_args(argv)
    for game, ruleset, options in CASES:
        times, rows = [], []
        for lost in dead_ends(game, ruleset, args.count, **options):
            found = last_winnable(lost, args.seconds)
            back = None if found.found is None else lost.move_count - found.found
            times.append(found.seconds)
            rows.append(
                f"deal {lost.deal}: {lost.move_count} moves, "
                f"{'inconclusive' if found.inconclusive else f'{back} back'}, "
                f"{found.searches} searches, {found.seconds:.3f} s"
            )
        if not times:
            print(f"{game} {ruleset}: no hidden dead end among the catalogue's deals")
            continue
        print(f"{game} {ruleset}: median {statistics.median(times):.3f} s, max {max(times):.3f} s")
        for row in rows:
            print("  " + row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
