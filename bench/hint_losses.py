"""The hint-follower's losses, one by one, in this process (no API, not a test).

Each deal is played as :func:`bench.hints.follow` plays it with the worker's hint
(:func:`~patience.games.solving.searched_hint`, node budget only, no cut-off); a winning line
the hint hands back is kept and played out, as the worker keeps it. Each hint is tagged with
the branch that chose it: ``solver`` (a win found: a line came back), ``beam`` (searched, no
win: the guided beam's most promising line, or Pyramid's sample vote) or ``advice`` (the
search-free advice). Then, on a lost game:

- the *turning move*: the last position of the line a full-information solve wins
  (``--solve`` CPU seconds a position, four times that when undecided), found by bisection
  (a position reached from a lost one is lost; where solves stay undecided it is the last
  position proven won, and the printed verdicts bound the turn). Full information is the
  honest view in Gaps without redeals; in Pyramid it is clairvoyant (the true stock): there,
  what the player could see is the share of honest samples of the unseen stock each move
  wins (``--samples``);
- there: every fresh move, whether a solve wins after it and whether the cheap dead-end
  proof (``is_dead``) already condemns it; and the node budget the searched hint needs to
  find the win from there (its calibrated budget doubled until a line comes back, up to
  ``--max-doublings``).

    nice -n 15 .venv/bin/python -m bench.hint_losses --ruleset gaps-0 --deals 1079,1088

With ``--play-only``, no analysis: the games' outcomes and the count won (``--winnable
400:50``: the catalogue's winnable deals 401-450, the evaluation deals of ``bench/hints.py
--skip 400``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bench.hints import RULESETS
from patience.catalogue import cached
from patience.engine import Game
from patience.engine.pyramid import apply_move
from patience.games import get, new_game
from patience.games.solving import searched_hint, solve_game
from patience.solver import Budget
from patience.solver.core import solve
from patience.solver.hints import Effort, Hint, Line, hint_move
from patience.solver.hints import pyramid as ph
from patience.solver.hints.common import canonical, sampled_stocks
from patience.solver.pyramid import PyramidAdapter

Json = dict[str, Any]
Advise = Callable[[Game[Any, Any], Effort], tuple[Hint, list[Json] | None]]


@dataclass
class Played:
    """One followed game: the moves, each hint's branch, and how it ended."""

    moves: list[Json] = field(default_factory=list)
    branches: list[str] = field(default_factory=list)
    won: bool = False
    kept_from: int | None = None
    """The move from which a kept winning line was played."""


def branch(hint: Hint, line: list[Json] | None) -> str:
    if line is not None:
        return "solver"
    return "beam" if hint is not None and hint["searched"] else "advice"


def play(
    game: str, options: Json, deal: int, max_moves: int, advise: Advise = searched_hint
) -> Played:
    """Follow ``advise`` (effort: the calibrated nodes, no cut-off) from the deal's start."""
    g = new_game(game, deal=deal, options=options)
    out = Played()
    effort = Effort(seconds=None)
    while g.status == "playing" and len(g.moves) < max_moves:
        hint, line = advise(g, effort)
        if hint is None:
            break
        if line is not None:  # the worker keeps the line: every next hint is its next move
            out.kept_from = len(g.moves)
            for move in line[: max_moves - len(g.moves)]:  # the API's follower stops there too
                g.play(move)
                out.moves.append(move)
                out.branches.append("solver")
            break
        g.play(hint_move(hint))
        out.moves.append(hint_move(hint))
        out.branches.append(branch(hint, line))
    out.won = g.status == "won"
    return out


def position(game: str, options: Json, deal: int, moves: list[Json]) -> Game[Any, Any]:
    g = new_game(game, deal=deal, options=options)
    for move in moves:
        g.play(move)
    return g


def verdict(g: Game[Any, Any], seconds: float) -> str:
    """A full-information verdict (clairvoyant where cards are unseen): ``won``, ``lost`` or
    ``?``, trying four times the CPU seconds when the first try is undecided."""
    if g.status == "won":
        return "won"
    for budget in (seconds, 4 * seconds):
        result = solve_game(g, Budget(seconds=budget, clock=time.process_time))
        if result.verdict != "unknown":
            return "won" if result.verdict == "winnable" else "lost"
    return "?"


def turning(
    game: str, options: Json, deal: int, played: Played, seconds: float
) -> tuple[int, dict[int, str]]:
    """The index of the last position of the line that is won (its move loses), by
    bisection; the verdicts met on the way."""
    verdicts: dict[int, str] = {}

    def at(n: int) -> str:
        if n not in verdicts:
            verdicts[n] = verdict(position(game, options, deal, played.moves[:n]), seconds)
        return verdicts[n]

    lo, hi = 0, len(played.moves)
    if at(hi) != "lost":
        return -1, verdicts
    while hi - lo > 1:  # at(lo) is taken as won (catalogue deals are), at(hi) is lost
        mid = (lo + hi) // 2
        v = at(mid)
        if v == "lost":
            hi = mid
        elif v == "won":
            lo = mid
        else:  # undecided: look just before it
            for n in range(mid - 1, lo, -1):
                if at(n) == "won":
                    lo = n
                    break
                if at(n) == "lost":
                    hi = n
                    break
            else:
                return lo, verdicts
    return lo, verdicts


def moves_there(g: Game[Any, Any], seconds: float) -> list[tuple[str, str, bool]]:
    """Every fresh move at ``g``: (move, full-information verdict after it, is_dead after it)."""
    entry = get(g.name)
    line = Line.of(g, entry.hints.public_key)
    out = []
    for move in line.fresh_moves():
        after = g.copy()
        after.play(move.to_dict())
        adapter, start = entry.solver(after)
        out.append((canonical(move.to_dict()), verdict(after, seconds), adapter.is_dead(start)))
    return out


def nodes_needed(g: Game[Any, Any], doublings: int) -> int | None:
    """The least budget (the calibrated one doubled) at which the searched hint finds a win."""
    nodes = get(g.name).hints.NODES
    for _ in range(doublings + 1):
        if searched_hint(g, Effort(seconds=None, nodes=nodes))[1] is not None:
            return nodes
        nodes *= 2
    return None


def honest_shares(g: Game[Any, Any], samples: int, seconds: float) -> dict[str, str]:
    """Pyramid: per fresh move, the share of honest samples of the unseen stock (drawn from
    public information, as the hint's vote draws them) a full solve wins after the move."""
    state, seen = g.state, g.seen_counts()
    unknown = ph.unseen_places(state, seen)
    stocks = sampled_stocks(state.stock, unknown, ("losses", len(g.moves)), samples)
    out = {}
    for move in Line.of(g, ph.public_key).fresh_moves():
        wins = decided = 0
        for stock in stocks:
            after = apply_move(replace(state, stock=stock), move)
            budget = Budget(seconds=seconds, clock=time.process_time)
            result = solve(*PyramidAdapter.from_state(after), budget)
            decided += result.verdict != "unknown"
            wins += result.verdict == "winnable"
        out[canonical(move.to_dict())] = f"{wins}/{decided}"
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="gaps-0", choices=sorted(RULESETS))
    parser.add_argument("--deals", help="comma-separated deal numbers")
    parser.add_argument(
        "--winnable", metavar="SKIP:COUNT", help="instead: catalogue winnable deals SKIP+1 on"
    )
    parser.add_argument("--play-only", action="store_true", help="no analysis of the losses")
    parser.add_argument("--max-moves", type=int, default=1500)
    parser.add_argument("--solve", type=float, default=4.0, help="CPU s per verdict")
    parser.add_argument("--max-doublings", type=int, default=5)
    parser.add_argument("--samples", type=int, default=24)
    args = parser.parse_args()
    game, options, ruleset = RULESETS[args.ruleset]
    if args.winnable:
        skip, count = (int(n) for n in args.winnable.split(":"))
        catalogue = cached(game, ruleset)
        assert catalogue is not None, ruleset
        deals = sorted(catalogue.winnable)[skip : skip + count]
    else:
        deals = [int(d) for d in args.deals.split(",")]
    wins = 0
    for deal in deals:
        began = time.process_time()
        played = play(game, options, deal, args.max_moves)
        branches = {b: played.branches.count(b) for b in ("solver", "beam", "advice")}
        print(
            f"\n== {args.ruleset} deal {deal}: {'won' if played.won else 'lost'} after"
            f" {len(played.moves)} moves (hints by branch {branches}, kept line from move"
            f" {played.kept_from}; {time.process_time() - began:.0f} CPU s)",
            flush=True,
        )
        wins += played.won
        if played.won or args.play_only:
            continue
        n, verdicts = turning(game, options, deal, played, args.solve)
        print("verdicts met:", " ".join(f"{k}:{v}" for k, v in sorted(verdicts.items())))
        if n < 0:
            print("the end position is not proven lost")
            continue
        g = position(game, options, deal, played.moves[:n])
        print(
            f"turning move {n + 1}: {canonical(played.moves[n])} by {played.branches[n]};"
            f" hint search finds the win at {nodes_needed(g, args.max_doublings)} nodes"
            f" (calibrated {get(game).hints.NODES:,})",
            flush=True,
        )
        shares = honest_shares(g, args.samples, args.solve) if game == "pyramid" else {}
        for move, after, dead in moves_there(g, args.solve):
            share = f"  honest samples won {shares[move]}" if move in shares else ""
            mark = "  <- played" if move == canonical(played.moves[n]) else ""
            print(f"   {move:48} after: {after:4} is_dead {dead!s:5}{share}{mark}", flush=True)
    print(f"\n{args.ruleset}: {wins} of {len(deals)} won", flush=True)


if __name__ == "__main__":
    main()
