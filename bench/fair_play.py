"""The fair-play statistic on honest and clairvoyant players (not a test).

Five players, in this process, on winnable catalogue deals of the rulesets that hide
something (Pyramid, Forty Thieves classic and relaxed, Gaps with 2 redeals: where a redeal
will put the cards):

- *follower*: plays the honest searched hint every move (``bench/hints.py``'s
  :func:`~bench.hints.follow`, the hint at a node budget so runs repeat);
- *noisy*: the follower, but a seeded share (``--noise``) of its moves is a random fresh move;
- *clairvoyant*: the full-information solver's winning line from move one (Forty Thieves:
  with its detours taken out, as the par search does; Gaps: its redeals chosen knowing the
  shuffles);
- *half*: at each move a seeded coin picks the full-information search's move (from the
  position, the real order known) or the honest hint;
- *shortest*: a shortest winning line, the real order known (the par search's).

Each player's wins get the foreknowledge statistic (:mod:`patience.games.fair_play`). The
threshold is chosen on the *tuning* deals (the first ``--tune`` winnable deals of each
catalogue): the lowest value that keeps the honest players' false positives at most
``--fp`` there is printed, and :data:`~patience.games.fair_play.THRESHOLD` was set above it
with a margin; the figures are given on the tuning deals and on the next ``--deals`` deals,
which the choice never saw. Per-deal rows, each with its line, go to
``bench/results/fair-play-<game>-<ruleset>.json.gz`` (gzipped, small enough to commit;
resumable: rows already there are not played again; ``--rescore`` weighs their lines again
after a change to the statistic).

    nice -n 10 .venv/bin/python -m bench.fair_play --tune 25 --deals 25 --rulesets pyramid
    nice -n 15 .venv/bin/python -m bench.fair_play --tune 10 --deals 10 --rulesets gaps-2
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from bench.hints import RULESETS, follow
from patience.catalogue import cached
from patience.engine import Game
from patience.games import get, new_game
from patience.games.fair_play import foreknowledge
from patience.games.fair_play import threshold as fair_threshold
from patience.games.solving import find_par, searched_hint, solve_game
from patience.solver import Budget
from patience.solver.hints import Effort, Hint, make_hint
from patience.solver.hints.common import Line
from patience.solver.par import shorten

Json = dict[str, Any]
RESULTS = Path(__file__).parent / "results"
PLAYERS = ("follower", "noisy", "clairvoyant", "half", "shortest")
HONEST = ("follower", "noisy")
HINT_EFFORT = {"pyramid": Effort(seconds=None, nodes=20_000)}
"""The follower's hint: nodes only (a run repeats whatever the machine's load)."""
DEFAULT_EFFORT = Effort(seconds=None, nodes=24_000)
SOLVE = Budget(nodes=400_000)
"""The clairvoyant's full-information search from move one (and the half player's)."""
STEP = Budget(nodes=60_000)
"""The half player's full-information search from a position."""


FAIR_PLAY_RULESETS = ("pyramid", "ft-classic", "ft-relaxed", "gaps-2")
RULESET_HELP = f"comma-separated, of: {', '.join(FAIR_PLAY_RULESETS)}"


def hinted(g: Game[Any, Any]) -> Hint:
    return searched_hint(g, HINT_EFFORT.get(g.name, DEFAULT_EFFORT))[0]


def noisy(noise: float, rng: random.Random) -> Callable[[Game[Any, Any]], Hint]:
    def advise(g: Game[Any, Any]) -> Hint:
        if rng.random() < noise:
            fresh = Line.of(g, get(g.name).hints.public_key).fresh_moves()
            if fresh:
                return make_hint(rng.choice(fresh).to_dict(), "draw", False)
        return hinted(g)

    return advise


def clear_move(g: Game[Any, Any], budget: Budget) -> Json | None:
    result = solve_game(g, budget)
    return result.solution[0] if result.verdict == "winnable" and result.solution else None


def half(rng: random.Random) -> Callable[[Game[Any, Any]], Hint]:
    def advise(g: Game[Any, Any]) -> Hint:
        if rng.random() < 0.5:
            move = clear_move(g, STEP)
            if move is not None:
                return make_hint(move, "draw", False)
        return hinted(g)

    return advise


def play(player: str, game: str, options: Json, deal: int, args: argparse.Namespace) -> Json:
    g = new_game(game, deal=deal, options=options)
    rng = random.Random(f"{player}-{game}-{deal}-{args.seed}")
    began = time.process_time()
    if player == "shortest":  # the leaderboard hunter: a shortest line, the real order known
        par = find_par(g, Budget(seconds=10, clock=time.process_time))
        for move in (par.line or [])[: args.max_moves]:
            g.play(move)
    elif player == "clairvoyant":
        result = solve_game(g, SOLVE)
        line = result.solution if result.verdict == "winnable" and result.solution else []
        if game == "forty-thieves" and line:
            line = shorten(g, line, Budget(seconds=5, clock=time.process_time))
        for move in line[: args.max_moves]:
            g.play(move)
    else:
        advise = {"follower": hinted, "noisy": noisy(args.noise, rng), "half": half(rng)}[player]
        follow(g, advise, args.max_moves)
    played = time.process_time() - began
    row: Json = {"deal": deal, "player": player, "won": g.status == "won", "moves": len(g.moves)}
    row |= {"play_s": round(played, 2), "line": g.moves}
    return scored(row, game, options)


def scored(row: Json, game: str, options: Json) -> Json:
    """``row`` with the statistic of its line when it is a win (again, when rescoring)."""
    if row["won"]:
        g = new_game(game, deal=row["deal"], options=options)
        for move in row["line"]:
            g.play(move)
        began = time.process_time()
        fk = foreknowledge(g)
        row |= {
            "score": round(fk.score, 4),
            "evidence": round(fk.evidence, 4),
            "counted": fk.counted,
            "weighed": len(fk.decisions),
            "cpu_s": round(time.process_time() - began, 3),
        }
    return row


def rates(rows: list[Json], threshold: float) -> list[str]:
    """FP of the honest players, detections of the clairvoyant ones: 'flagged/wins (pct)'."""
    out = []
    for player in PLAYERS:
        wins = [r for r in rows if r["player"] == player and r["won"]]
        flagged = sum(r["score"] > threshold for r in wins)
        out.append(f"{flagged}/{len(wins)} ({pct(flagged, len(wins))})")
    return out


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def choose(rows: list[Json], fp: float) -> float:
    """The lowest threshold keeping the honest wins' false positives at most ``fp``."""
    honest = sorted((r["score"] for r in rows if r["player"] in HONEST and r["won"]), reverse=True)
    allowed = math.floor(fp * len(honest))
    return honest[allowed] if len(honest) > allowed else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tune", type=int, default=25, help="tuning deals per ruleset")
    parser.add_argument("--deals", type=int, default=25, help="evaluation deals per ruleset")
    parser.add_argument("--rulesets", default="pyramid,ft-classic,ft-relaxed", help=RULESET_HELP)
    parser.add_argument("--noise", type=float, default=0.15)
    parser.add_argument("--fp", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=800)
    parser.add_argument("--threshold", type=float, help="use this instead of the module's")
    parser.add_argument("--rescore", action="store_true", help="weigh the kept lines again")
    args = parser.parse_args()
    tables = []
    for name in args.rulesets.split(","):
        if name not in FAIR_PLAY_RULESETS:
            parser.error(f"unknown ruleset {name!r} ({RULESET_HELP})")
        game, options, ruleset = RULESETS[name]
        catalogue = cached(game, ruleset)
        assert catalogue is not None, ruleset
        deals = sorted(catalogue.winnable)[: args.tune + args.deals]
        path = RESULTS / f"fair-play-{game}-{ruleset}.json.gz"
        done = {(r["deal"], r["player"]): r for r in _load(path)}
        if args.rescore:  # the statistic changed: weigh the kept lines again
            for key, row in done.items():
                if key[0] in deals:
                    done[key] = scored(row, game, options)
            _save(path, done.values())
        for deal in deals:
            for player in PLAYERS:
                if (deal, player) not in done:
                    done[deal, player] = play(player, game, options, deal, args)
                    shown = {k: v for k, v in done[deal, player].items() if k != "line"}
                    print(name, json.dumps(shown), flush=True)
                    _save(path, done.values())
        tune = [done[d, p] for d in deals[: args.tune] for p in PLAYERS]
        test = [done[d, p] for d in deals[args.tune :] for p in PLAYERS]
        tuned = choose(tune, args.fp)
        threshold = fair_threshold(game) if args.threshold is None else args.threshold
        cpu = sorted(r["cpu_s"] for r in tune + test if r["won"])
        tables.append((name, deals, threshold, rates(tune, threshold), rates(test, threshold), cpu))
        print(f"{name}: lowest threshold with the tuning deals' FP <= {args.fp:.0%}: {tuned:.3f}")
    print(f"\nfair play: noise {args.noise}, threshold {threshold} (patience.games.fair_play)")
    print(
        "ruleset      set    deals        threshold  follower FP      noisy FP         "
        "clairvoyant      half             shortest         CPU s p50/max"
    )
    for name, deals, threshold, tune_rates, test_rates, cpu in tables:
        median = cpu[len(cpu) // 2] if cpu else 0.0
        most = cpu[-1] if cpu else 0.0
        for label, figures, span in (
            ("tune", tune_rates, deals[: args.tune]),
            ("test", test_rates, deals[args.tune :]),
        ):
            where = f"{span[0]}..{span[-1]}" if span else "-"
            print(
                f"{name:12} {label:6} {where:12} {threshold:9.3f}  "
                + "  ".join(f"{f:15}" for f in figures)
                + f"  {median:.2f} / {most:.2f}"
            )


def _load(path: Path) -> list[Json]:
    """The rows kept at ``path`` (gzipped JSON; an older plain ``.json`` beside it is read
    when there is no ``.gz`` yet)."""
    if path.exists():
        return list(json.loads(gzip.decompress(path.read_bytes())))
    plain = path.with_suffix("")
    return list(json.loads(plain.read_text())) if plain.exists() else []


def _save(path: Path, rows: Iterable[Json]) -> None:
    """Gzipped, with no timestamp (the same rows give the same bytes): a file small enough
    to commit, so a run stopped for time resumes on another machine."""
    text = json.dumps(list(rows), separators=(",", ":")) + "\n"
    path.write_bytes(gzip.compress(text.encode(), compresslevel=9, mtime=0))


if __name__ == "__main__":
    main()
