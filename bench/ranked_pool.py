"""What filling the ranked pool costs: for each game's daily ruleset (the production ones,
whatever ``PATIENCE_DAILY_RULESETS`` says) and a few days, how many candidates the filler
tried before one was proven winnable, and the CPU seconds it took.

    python bench/ranked_pool.py [--days 3] [--seconds 30]

A random secret per run (as a fresh server has), so the figures vary from run to run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import secrets
import time

from patience.catalogue.pool import prove
from patience.catalogue.ranked_deals import daily_name
from patience.games import entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=30.0, help="budget per candidate")
    parser.add_argument("--game", action="append", help="only these games")
    args = parser.parse_args()
    secret = secrets.token_bytes(32)
    today = dt.date.today()
    print(f"budget {args.seconds} CPU-s per candidate, {args.days} days, a fresh secret")
    for entry in entries():
        if entry.daily_ruleset is None or (args.game and entry.name not in args.game):
            continue
        for d in range(args.days):
            began = time.process_time()
            name = daily_name(today + dt.timedelta(days=d))
            found = prove(secret, entry.name, entry.daily_ruleset, name, args.seconds)
            tried = None if found is None else found.candidate + 1
            print(
                f"{entry.name:<14} {entry.daily_ruleset:<10} {name}: candidates tried {tried}, "
                f"{time.process_time() - began:.2f} CPU-s",
                flush=True,
            )


if __name__ == "__main__":
    main()
