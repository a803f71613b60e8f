"""``patience catalogue build`` and ``show``: examine deals 1, 2, 3 … on every core (or on
workers anywhere, through the :class:`Batches` the caller hands in:
:func:`patience.jobs.catalogue_batches.on_workers`) until the catalogue holds enough
proven-winnable deals, saving as it goes so a build resumes."""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import sys
import threading
import time
from collections.abc import Generator, Iterator, Mapping
from typing import Any, Protocol

from patience.catalogue import SOLVER_VERSION, Catalogue, ruleset_of
from patience.catalogue.measure import Examination, Result, examine, record

SAVE_EVERY = 20


class Batches(Protocol):
    """Deal-ordered results from deal ``start`` on, computed elsewhere (work still pending
    when the generator is closed is taken back)."""

    def __call__(
        self, examination: Examination, start: int, max_deals: int
    ) -> Generator[Result]: ...


def build(
    game: str,
    options: Mapping[str, Any],
    count: int,
    *,
    workers: int | None = None,
    time_limit: float = 10.0,
    node_limit: int | None = None,
    max_deals: int = 100_000,
    batches: Batches | None = None,
) -> Catalogue:
    """Examine deals from where the catalogue stopped until it holds ``count`` winnable
    ones: on ``workers`` local processes, or, given ``batches``, wherever they compute
    (the job queue's ``patience worker`` processes, anywhere)."""
    ruleset = ruleset_of(game, options)
    catalogue = Catalogue.load(game, ruleset) or Catalogue(game, ruleset, dict(options))
    if catalogue.solver_version != SOLVER_VERSION:
        raise SystemExit(f"{game}.{ruleset}: built by solver {catalogue.solver_version}; rebuild")
    catalogue.time_limit, catalogue.node_limit = time_limit, node_limit
    examination = Examination(game, dict(options), time_limit, node_limit)
    start = catalogue.examined + 1
    with contextlib.ExitStack() as stack:
        if batches is not None:
            remote = batches(examination, start, max_deals)
            results: Iterator[Result] = stack.enter_context(contextlib.closing(remote))
        else:
            results = _local(stack, examination, start, max_deals, workers)
        stack.enter_context(_stopping_on_sigterm())
        _record_until(catalogue, results, count)
    print(file=sys.stderr)
    return catalogue


def _local(
    stack: contextlib.ExitStack,
    examination: Examination,
    start: int,
    max_deals: int,
    workers: int | None,
) -> Iterator[Result]:
    """Deal-ordered results from processes on this machine."""
    deals = examination.tasks(start, max_deals)
    processes = workers or multiprocessing.cpu_count()
    if processes == 1:
        return map(examine, deals)
    # Spawned, not forked: a fork could copy a lock held by another thread of the caller.
    pool = multiprocessing.get_context("spawn").Pool(processes)
    stack.callback(pool.terminate)
    return pool.imap(examine, deals)


def _record_until(catalogue: Catalogue, results: Iterator[Result], count: int) -> None:
    """Record deal-ordered results until the catalogue holds ``count`` winnable deals,
    saving every :data:`SAVE_EVERY` deals and when stopped."""
    began, first = time.monotonic(), catalogue.examined
    pending: list[Result] = []
    try:
        for result in results:
            pending.append(result)
            catalogue.examined = result[0]
            if len(pending) >= SAVE_EVERY:
                record(catalogue, pending)
                pending.clear()
                catalogue.save()
            found = len(catalogue.winnable) + sum(v == "winnable" for _, v, _ in pending)
            _progress(catalogue, found, count, began, first)
            if found >= count:
                break
    finally:
        record(catalogue, pending)
        catalogue.save()


@contextlib.contextmanager
def _stopping_on_sigterm() -> Any:
    """SIGTERM stops the build like Ctrl-C: what was examined is saved. (A build started in
    the background by a non-interactive shell ignores SIGINT, so SIGTERM is how it is
    stopped.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _progress(catalogue: Catalogue, found: int, goal: int, began: float, first: int) -> None:
    done = min(goal, found)
    bar = "#" * (30 * done // max(goal, 1))
    elapsed = time.monotonic() - began
    rate = (catalogue.examined - first) / max(elapsed, 1e-9)
    print(
        f"\r{catalogue.game} {catalogue.ruleset} [{bar:<30}] {done}/{goal} winnable, "
        f"{catalogue.examined} examined, {rate:.2f} deals/s, {elapsed:.0f} s",
        end="",
        file=sys.stderr,
        flush=True,
    )


def show(catalogue: Catalogue) -> str:
    """Sizes, the grade thresholds and the distribution of the difficulty score."""
    grades = catalogue.grades()
    scores = sorted(catalogue.winnable.values())
    buckets = [0] * 10
    for score in scores:
        buckets[min(9, int(score * 10))] += 1
    lines = [
        f"{catalogue.game} {catalogue.ruleset}: {len(catalogue.winnable)} winnable, "
        f"{len(catalogue.unwinnable)} unwinnable, {len(catalogue.unknown)} undecided "
        f"of deals 1..{catalogue.examined} (limit {catalogue.time_limit:g} s"
        + (f" and {catalogue.node_limit} nodes" if catalogue.node_limit else "")
        + f", solver {catalogue.solver_version})",
        "grades (playout score): "
        + ", ".join(
            f"{grade} {len(deals)} [{lo:.2f}..{hi:.2f}]"
            for grade, deals in grades.items()
            for lo, hi in [catalogue.thresholds().get(grade, [0.0, 0.0])]
        ),
        "distribution: " + " ".join(f"{n / 10:.1f}+:{count}" for n, count in enumerate(buckets)),
    ]
    return "\n".join(lines)
