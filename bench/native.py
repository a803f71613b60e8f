"""Node rate of the native search core against the pure Python one (not a test).

Both searches run in this one process on the same positions with the same node budget: the
Python reference (:func:`patience.solver.core.solve_python`) and its native twin
(:func:`patience.solver.core.solve_native` with the reference plan, in ``backend/native``).
They are the same search (the bench checks that every verdict, node count and line is
equal), so the time ratio is the node-rate ratio. Time is this process's CPU time (a machine
shared with other work slows the wall clock, not that); the two alternate deal by deal.

    .venv/bin/python -m bench.native --rounds 2
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

from patience import games
from patience.games import new_game
from patience.solver import MODE, core
from patience.solver.core import Budget
from patience.solver.native import twin_of

# (label, game, options, deals, node budget per deal)
CASES: list[tuple[str, str, dict[str, Any], Sequence[int], int]] = [
    # Pyramid's searches are short: its eight longest of deals 1…1000, each in full.
    ("pyramid", "pyramid", {}, (327, 756, 753, 960, 346, 295, 802, 203), 200_000),
    ("gaps redeals=0", "gaps", {"redeals": 0}, range(1, 5), 40_000),
    ("gaps redeals=1", "gaps", {"redeals": 1}, range(1, 5), 40_000),
    ("gaps redeals=2", "gaps", {"redeals": 2}, range(1, 5), 40_000),
    ("gaps redeals=unlimited", "gaps", {"redeals": "unlimited"}, range(1, 5), 40_000),
    ("gaps redeals=1 aces", "gaps", {"redeals": 1, "aces_shuffled": True}, range(1, 5), 40_000),
    ("forty-thieves classic", "forty-thieves", {"rules": "classic"}, range(1, 5), 40_000),
    ("forty-thieves relaxed", "forty-thieves", {"rules": "relaxed"}, range(1, 5), 40_000),
]


def timed(solve: Any, adapter: Any, start: Any, nodes: int) -> tuple[core.Result, float]:
    began = time.process_time()
    result = solve(adapter, start, Budget(nodes=nodes))
    return result, time.process_time() - began


def measure(
    game: str, options: dict[str, Any], deals: Sequence[int], nodes: int, rounds: int
) -> dict[str, list[Any]] | None:
    """Nodes and CPU seconds per core over ``deals``, ``rounds`` times; None when the game
    has no native twin."""
    totals = {"pure": [0, 0.0], "native": [0, 0.0]}
    for n in range(rounds):
        for deal in deals:
            adapter, start = games.get(game).solver(new_game(game, deal=deal, options=options))
            if twin_of(adapter, start) is None:
                return None
            twin = twin_of(adapter, start)
            assert twin is not None

            def native_solve(
                adapter: Any, start: Any, budget: Budget, twin: Any = twin
            ) -> core.Result:
                return core.solve_native(adapter, twin, start, budget, reference=True)

            order = [("pure", core.solve_python), ("native", native_solve)]
            results = {}
            for name, solve in order if (n + deal) % 2 else order[::-1]:
                result, seconds = timed(solve, adapter, start, nodes)
                totals[name][0] += result.nodes
                totals[name][1] += seconds
                results[name] = result
            pure, fast = results["pure"], results["native"]
            same = (pure.verdict, pure.nodes, pure.solution) == (
                fast.verdict,
                fast.nodes,
                fast.solution,
            )
            if not same:
                raise SystemExit(f"{game} {options} deal {deal}: the two searches differ")
    return totals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    if MODE != "native":
        raise SystemExit("the native core is not in use here (build it: make venv)")
    for label, game, options, deals, nodes in CASES:
        totals = measure(game, options, deals, nodes, args.rounds)
        if totals is None:
            print(f"{label:24} no native twin yet", flush=True)
            continue
        rate = {name: count / seconds for name, (count, seconds) in totals.items()}
        print(
            f"{label:24} deals {deals[0]}..{deals[-1]} ({len(deals)}) at {nodes:,} nodes, "
            f"{args.rounds} rounds: pure {rate['pure']:,.0f} nodes/CPU s, "
            f"native {rate['native']:,.0f}, ratio {rate['native'] / rate['pure']:.1f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
