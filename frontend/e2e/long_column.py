"""Find a Forty Thieves line (classic rules, auto_safe off) that builds one column as long as
the rules allow, for the client's long-column e2e test (frontend/e2e/layout.e2e.ts).

A column grows only by same-suit cards one rank lower, so its longest is the 3 cards dealt under
a king plus K…A: 16 cards. Seeded random greedy playouts that prefer moves onto the longest
column; prints the deal and the move line as JSON.

    .venv/bin/python frontend/e2e/long_column.py
"""

from __future__ import annotations

import json
import random

from patience.engine.forty_thieves import FortyThievesGame, apply_move, legal_moves

OPTIONS = {"rules": "classic", "auto_safe": False, "winnable_only": False}


def playout(deal: int, rng: random.Random, limit: int = 400) -> tuple[int, list[dict[str, object]]]:
    """One greedy playout: the longest column reached and the line that reached it first."""
    state = FortyThievesGame.deal_state(deal, OPTIONS)
    line: list[dict[str, object]] = []
    best, best_line = 0, []
    for _ in range(limit):
        moves = legal_moves(state, OPTIONS)
        if not moves:
            break

        def score(m: object) -> float:
            d = m.to_dict()  # type: ignore[attr-defined]
            to = str(d.get("to", ""))
            if to.startswith("t"):
                return len(state.tableau[int(to[1:])]) + rng.random()
            return -1.0 if d["type"] == "draw" else -5.0 + rng.random()

        move = max(moves, key=score)
        state, _ = apply_move(state, move, OPTIONS)
        line.append(move.to_dict())
        longest = max(len(c) for c in state.tableau)
        if longest > best:
            best, best_line = longest, list(line)
    return best, best_line


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
    print(json.dumps({"deal": deal, "longest": n, "moves": line}))


if __name__ == "__main__":
    main()
