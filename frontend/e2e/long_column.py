"""Move lines for the client's e2e tests (frontend/e2e/lines.json): a Forty Thieves line
(classic rules, auto_safe off) that builds one column as long as it can (layout.e2e.ts), and a
Gaps line without redeals that ends with no legal move (screens.e2e.ts).

A column grows only by same-suit cards one rank lower, so its longest is the 3 cards dealt under
a king plus K…A: 16 cards. Seeded random greedy playouts that prefer moves onto the longest
column; prints the deal and the move line as JSON.

    .venv/bin/python frontend/e2e/long_column.py
"""

from __future__ import annotations

import json
import random

from patience.engine import gaps
from patience.engine.forty_thieves import FortyThievesGame, apply_move, legal_moves

OPTIONS: dict[str, bool | int | str] = {
    "rules": "classic",
    "auto_safe": False,
    "winnable_only": False,
}


def _score(d: dict[str, object], lengths: list[int], rng: random.Random) -> float:
    """Onto the longest column first; a draw before any other move."""
    to = str(d.get("to", ""))
    if to.startswith("t"):
        return lengths[int(to[1:])] + rng.random()
    return -1.0 if d["type"] == "draw" else -5.0 + rng.random()


def playout(deal: int, rng: random.Random, limit: int = 400) -> tuple[int, list[dict[str, object]]]:
    """One greedy playout: the longest column reached and the line that reached it first."""
    state = FortyThievesGame.deal_state(deal, OPTIONS)
    line: list[dict[str, object]] = []
    best, best_line = 0, []
    for _ in range(limit):
        moves = legal_moves(state, OPTIONS)
        if not moves:
            break

        lengths = [len(c) for c in state.tableau]
        scores = [_score(m.to_dict(), lengths, rng) for m in moves]
        move = moves[scores.index(max(scores))]
        state, _ = apply_move(state, move, OPTIONS)
        line.append(move.to_dict())
        longest = max(len(c) for c in state.tableau)
        if longest > best:
            best, best_line = longest, list(line)
    return best, best_line


def gaps_stuck() -> tuple[int, list[dict[str, object]]]:
    """The shortest seeded random Gaps playout (no redeals) that ends with no legal move."""
    options: dict[str, bool | int | str] = {
        "redeals": 0,
        "aces_shuffled": False,
        "difficulty": "any",
        "show_fits": False,
    }
    best: tuple[int, list[dict[str, object]]] | None = None
    for deal in range(1, 40):
        for seed in range(20):
            rng = random.Random(deal * 100 + seed)
            state = gaps.GapsGame.deal_state(deal, options)
            line: list[dict[str, object]] = []
            while moves := [m for m in gaps.legal_moves(state) if m.to_dict()["type"] != "redeal"]:
                if len(line) == 200:
                    break
                move = rng.choice(moves)
                state = gaps.apply_move(state, move)
                line.append(move.to_dict())
            else:
                if line and (best is None or len(line) < len(best[1])):
                    best = (deal, line)
        if best and len(best[1]) < 40:
            return best
    raise SystemExit("no stuck Gaps line found")


def main() -> None:
    found: tuple[int, int, list[dict[str, object]]] = (0, 0, [])
    for deal in range(1, 200):
        rng = random.Random(deal)
        for _ in range(20):
            n, line = playout(deal, rng)
            if n > found[0] or (n == found[0] and len(line) < len(found[2])):
                found = (n, deal, line)
        if found[0] >= 16:
            break
    n, deal, line = found
    stuck_deal, stuck_line = gaps_stuck()
    print(
        json.dumps(
            {
                "longColumn": {"deal": deal, "longest": n, "moves": line},
                "gapsStuck": {"deal": stuck_deal, "moves": stuck_line},
            }
        )
    )


if __name__ == "__main__":
    main()
