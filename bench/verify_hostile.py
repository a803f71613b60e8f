"""Hostile records against ``POST /records/verify`` (not a test): records as large as the API
takes (``MAX_CONTENT_LENGTH``, 1 MiB) built to cost the most, sent by ``--clients``
concurrent clients to a real gunicorn (:func:`bench.api_load.server`: a throwaway PostgreSQL
database, rate limits raised), while one more client calls ``GET /healthz`` back to back.

The records (``--kind``):

- ``tags``: tag pairs of names the format does not define, ``[T123 "v"]`` a line;
- ``comment``: three tags, then one comment filling the rest;
- ``redeals``: Gaps with unlimited redeals, :data:`~patience.record.MAX_MOVES` redeals
  (the dearest replay the format allows), padded with a comment.

Printed: the verify answers (status → count) and latency, and ``/healthz`` latency meanwhile.

    .venv/bin/python -m bench.verify_hostile --kind tags --clients 8 --rounds 3
"""

from __future__ import annotations

import argparse
import collections
import os
import threading
import time

from bench.api_load import Client, latency_line, server
from patience.record import MAX_MOVES

LIMIT = 1024 * 1024
"""The API's ``MAX_CONTENT_LENGTH``: the largest body it reads."""
HEAD = '[Game "gaps"]\n[DealId "gaps-1"]\n[Result "*"]\n'


def hostile(kind: str, size: int) -> bytes:
    """A record of about ``size`` bytes (never over) built to cost the most of its kind."""
    if kind == "tags":
        lines, total, n = [], 0, 0
        while total + 16 < size:
            line = f'[T{n} "v"]\n'
            lines.append(line)
            total += len(line)
            n += 1
        return ("".join(lines) + "*").encode()
    if kind == "comment":
        return (HEAD + "{" + "x" * (size - len(HEAD) - 4) + "} *").encode()
    if kind == "redeals":
        head = HEAD.replace("\n[DealId", '\n[Options "redeals=unlimited"]\n[DealId')
        moves = " ".join(["R"] * MAX_MOVES)
        pad = max(0, size - len(head) - len(moves) - 8)
        return (head + "{" + "x" * pad + "} " + moves + " *").encode()
    raise SystemExit(f"no such kind: {kind}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=("tags", "comment", "redeals"), default="tags")
    parser.add_argument("--size", type=int, default=LIMIT, help="bytes a record (≤ 1 MiB)")
    parser.add_argument("--clients", type=int, default=8, help="concurrent verify clients")
    parser.add_argument("--rounds", type=int, default=3, help="records each client sends")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=8, help="gunicorn threads per worker")
    args = parser.parse_args(argv)
    body = hostile(args.kind, min(args.size, LIMIT))
    os.environ["RATE_LIMIT_RECORDS"] = "100000/minute"
    statuses: collections.Counter[int] = collections.Counter()
    verify_s: list[float] = []
    health_s: list[float] = []
    done = threading.Event()

    def sender(base: str) -> None:
        client = Client(base)
        client.conn.timeout = 900  # the reader before the fix took minutes a record
        for _ in range(args.rounds):
            began = time.perf_counter()
            conn = client.conn
            conn.request("POST", "/api/v1/records/verify", body, {"Content-Type": "text/plain"})
            response = conn.getresponse()
            response.read()
            verify_s.append(time.perf_counter() - began)
            statuses[response.status] += 1

    def prober(base: str) -> None:
        client = Client(base)
        client.conn.timeout = 900
        while not done.is_set():
            began = time.perf_counter()
            client.call("GET", "/healthz")
            health_s.append(time.perf_counter() - began)
            time.sleep(0.02)

    with server(args) as base:
        probe = threading.Thread(target=prober, args=(base,))
        probe.start()
        began = time.perf_counter()
        senders = [threading.Thread(target=sender, args=(base,)) for _ in range(args.clients)]
        for thread in senders:
            thread.start()
        for thread in senders:
            thread.join()
        took = time.perf_counter() - began
        done.set()
        probe.join()
    print(f"record: {args.kind}, {len(body)} bytes; {args.clients} clients × {args.rounds}")
    print(f"gunicorn {args.workers} worker(s) × {args.threads} threads; wall {took:.1f} s")
    print(f"verify answers: {dict(sorted(statuses.items()))}")
    print(f"verify latency ms: {latency_line(verify_s)}  max {max(verify_s) * 1000:.0f}")
    print(f"/healthz meanwhile ({len(health_s)} calls) ms: {latency_line(health_s)}", end="")
    print(f"  max {max(health_s) * 1000:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
