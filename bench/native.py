"""Node rate of the compiled solver core against the pure Python one (not a test).

The same source runs both ways (``patience.solver.native``): each measurement is a fresh
process solving the same deals with the same node budget, so both searches visit exactly the
same nodes and the time ratio is the node-rate ratio. Time is each process's CPU time (a
machine shared with other work slows the wall clock, not that). The two cores alternate,
round by round (which goes first alternates too), so a machine whose speed drifts treats both
alike.

    .venv/bin/python bench/native.py --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

# (label, game, options, deals, node budget per deal)
CASES: list[tuple[str, str, dict[str, Any], range, int]] = [
    ("pyramid", "pyramid", {}, range(320, 340), 20_000),
    ("gaps redeals=0", "gaps", {"redeals": 0}, range(1, 5), 40_000),
    ("gaps redeals=1", "gaps", {"redeals": 1}, range(1, 5), 40_000),
    ("forty-thieves classic", "forty-thieves", {"rules": "classic"}, range(1, 5), 40_000),
    ("forty-thieves relaxed", "forty-thieves", {"rules": "relaxed"}, range(1, 5), 40_000),
]


def measure(game: str, options: dict[str, Any], deals: range, nodes: int) -> dict[str, Any]:
    """Solve ``deals`` in this process; the core, the nodes and the CPU seconds spent."""
    from patience.engine import new_game
    from patience.games.solving import solve_game
    from patience.solver import MODE, Budget

    spent, seconds, verdicts = 0, 0.0, []
    for deal in deals:
        g = new_game(game, deal=deal, options=options)
        began = time.process_time()
        result = solve_game(g, Budget(nodes=nodes))
        seconds += time.process_time() - began
        spent += result.nodes
        verdicts.append(result.verdict)
    return {"mode": MODE, "nodes": spent, "seconds": seconds, "verdicts": verdicts}


def child(mode: str, case: int) -> dict[str, Any]:
    env = dict(os.environ, PATIENCE_PURE_PYTHON="1" if mode == "pure" else "0")
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(case)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    if result["mode"] != mode:
        raise SystemExit(f"asked for the {mode} core, got {result['mode']} (build it: make venv)")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        _, game, options, deals, nodes = CASES[args.child]
        print(json.dumps(measure(game, options, deals, nodes)))
        return 0
    for case, (label, _, _, deals, nodes) in enumerate(CASES):
        totals = {"pure": [0, 0.0], "compiled": [0, 0.0]}
        verdicts: dict[str, list[str]] = {}
        for n in range(args.rounds):
            for mode in ("pure", "compiled") if n % 2 == 0 else ("compiled", "pure"):
                result = child(mode, case)
                totals[mode][0] += result["nodes"]
                totals[mode][1] += result["seconds"]
                verdicts[mode] = result["verdicts"]
        if verdicts["pure"] != verdicts["compiled"] or totals["pure"][0] != totals["compiled"][0]:
            raise SystemExit(f"{label}: the two cores searched differently")
        rate = {mode: nodes_ / seconds for mode, (nodes_, seconds) in totals.items()}
        ratio = rate["compiled"] / rate["pure"]
        print(
            f"{label:22} deals {deals.start}..{deals.stop - 1} at {nodes:,} nodes, "
            f"{args.rounds} rounds: pure {rate['pure']:,.0f} nodes/CPU s, "
            f"compiled {rate['compiled']:,.0f}, ratio {ratio:.2f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
