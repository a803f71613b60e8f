"""What the API and the workers agree on: queue names, the kinds of job (task, queue, budget,
lifetimes), Redis keys, job ids, and the register of live workers.

- **Queues by priority.** A worker takes hint jobs first (a player is waiting), then
  analyses and rewinds (a verdict the client polls for), then ``/solve`` requests, then par
  searches, then wins' fair-play weighings, then catalogue batches.
- **Kinds.** Each kind of job is a :class:`Kind`: the dotted name of its task (the API
  enqueues by name and never imports the solver), its queue, how long a run may take, how
  long it may wait queued, and how long its result is kept in the results store
  (:mod:`patience.jobs.results`).
- **Deterministic ids.** A job's id is derived from what it computes for: the game, its
  ruleset and the full position (not the version or the move line that led there), so
  duplicates collapse and a result is only ever looked up for the exact position it was
  computed for.
- **Bounded lifetimes.** Every key the jobs write expires (:func:`lifetime`): queued jobs
  after :attr:`Kind.wait`, results after :attr:`Kind.keep`, failure records after
  :data:`KEEP_FAILED`; a finished job's RQ record is deleted at once (its result lives in
  the results store, or in the database for durable ones).
- **Roles.** A worker serves one role (:data:`ROLES`: ``interactive`` or ``background``) or
  all of them; the API and the metrics count live workers by role.
- **Live workers.** Each worker beats into one sorted set (name → time of its last beat,
  every few seconds, idle or busy), and into its role's. A worker that has not beaten for
  :data:`LIVE_SECONDS` is dead whatever RQ's own registry says (a killed worker's
  registration outlives it by a minute or more), so analysis says ``no_worker`` and
  ``/readyz`` counts 0 soon after the last interactive one dies.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass
from typing import Any

from redis import Redis
from rq import Queue

from patience.engine import Game

Json = dict[str, Any]

HINT_QUEUE = "patience-hints"
ANALYSIS_QUEUE = "patience"
SOLVE_QUEUE = "patience-solve"
REWIND_QUEUE = "patience-rewind"
PAR_QUEUE = "patience-par"
FAIR_PLAY_QUEUE = "patience-fair-play"
CATALOGUE_QUEUE = "patience-catalogue"
RANKED_QUEUE = "patience-ranked"
QUEUES = (
    HINT_QUEUE,
    ANALYSIS_QUEUE,
    SOLVE_QUEUE,
    REWIND_QUEUE,
    PAR_QUEUE,
    FAIR_PLAY_QUEUE,
    CATALOGUE_QUEUE,
    RANKED_QUEUE,
)
"""Every queue, in the order a worker takes jobs from them (catalogue builds and the ranked
pool's proofs last: they use what players leave, and the pool is filled days ahead)."""

ROLES: dict[str, tuple[str, ...]] = {
    "interactive": (HINT_QUEUE, ANALYSIS_QUEUE, SOLVE_QUEUE, REWIND_QUEUE),
    "background": (PAR_QUEUE, FAIR_PLAY_QUEUE, CATALOGUE_QUEUE, RANKED_QUEUE),
}
"""The queues of each worker role, in the order its workers take jobs from them. An ``interactive``
worker takes only what a player waits for (hints, analyses, ``/solve``, then rewind searches,
which also give way to any of the others arriving while they run), so no proof of the ranked
pool, par search or catalogue batch ever holds up a verdict; a ``background`` worker takes the
rest (the ranked pool's filler runs in short slices, so par searches and weighings queued
meanwhile go between them). A worker of role ``all`` takes every queue in :data:`QUEUES` order
(one process for a small deployment or a test)."""
ALL_ROLES = "all"

ANALYSIS_SECONDS = 20.0
"""Solver budget of an analysis; past it the verdict is ``timeout`` (never ``unwinnable``)."""
GLANCE_NODES = 2_000
"""Search nodes an analysis gets in the request that asks for it, before a job is queued
(:meth:`~patience.jobs.honest_analysis.Analyses.infer`). A game going wrong is mostly proven
lost within them: 24 of 40 Gaps positions after random moves, about 1 ms each on the native
core. Such a verdict never waits behind the worker's longer searches. Nodes, not seconds:
the verdict does not depend on the load."""
PAR_SECONDS = float(os.environ.get("PATIENCE_PAR_SECONDS", "30"))
"""CPU budget of a deal's par search (Pyramid's optimal search proves nearly every deal in
well under a second; Gaps and Forty Thieves lines are shortened within it). Read by the API,
which queues the search with it; ``PATIENCE_PAR_SECONDS`` lowers it where a test suite deals
many new deals on one or two workers (the web client's end-to-end run)."""
REWIND_SECONDS = 20.0
"""Solver budget of the search for the last winnable point of a lost game's line."""
REWIND_PROBES = "patience:rewind:probes:"
"""+ rewind job id → the verdicts its searches proved so far (line length → 1 winnable, 0
lost): a rewind stopped for a hint resumes without proving them again."""
SOLVE_SECONDS = 60.0
HINT_TIMEOUT = 60
RETRIES = 2
"""Runs a job gets again after its worker died under it (or it raised)."""

MINUTE, HOUR, DAY = 60, 3600, 24 * 3600
RESULT_TTL = DAY
"""Lifetime of what a game in play keeps: its latest wanted analysis, the set of games
wanting each analysis, the verdict of the position it is at (renewed whenever wanted)."""
KEEP_LEFT_BEHIND = 10 * MINUTE
"""Lifetime of a verdict no game wants any more (every game moved on or ended): an undo
back to it within that finds it still known."""
KEEP_FAILED = HOUR
"""Lifetime of RQ's record of a job that failed every run (for ``rq info`` and the logs)."""


def lifetime(seconds: float) -> int:
    """``seconds`` scaled by ``PATIENCE_LIFETIME_SCALE`` (default 1), at least 1: a test
    shortens every lifetime at once to watch Redis level off within a lean run."""
    scale = float(os.environ.get("PATIENCE_LIFETIME_SCALE") or 1)
    return max(1, round(seconds * scale))


@dataclass(frozen=True)
class Kind:
    """One kind of job, as the API enqueues it and the worker runs it."""

    task: str
    """The job function's dotted name (in :mod:`patience.jobs.tasks`): RQ imports it in the
    worker, so the API never loads the solver."""
    queue: str
    timeout: int
    """Seconds a run may take before RQ stops it."""
    keep: int
    """Seconds its result lives in the results store (0: durable results, written to the
    database by the task itself)."""
    wait: int
    """Seconds it may wait queued before it is dropped (asked for again, it is queued
    again)."""
    newest_first: bool = False
    """Queued at the front: the job asked for last runs next. A game wants one analysis at
    a time, of the position its player is looking at now, so the newest analysis is the one
    a player most likely still waits on; older ones belong to players who think or have
    moved on (and are then dropped)."""


ANALYSIS = Kind(
    "patience.jobs.tasks.analyse",
    ANALYSIS_QUEUE,
    int(ANALYSIS_SECONDS) + 30,
    keep=RESULT_TTL,
    wait=HOUR,
    newest_first=True,
)
REWIND = Kind(
    "patience.jobs.tasks.rewind",
    REWIND_QUEUE,
    int(REWIND_SECONDS) + 30,
    keep=HOUR,
    wait=10 * MINUTE,
)
HINT = Kind("patience.jobs.tasks.hint", HINT_QUEUE, HINT_TIMEOUT, keep=10 * MINUTE, wait=2 * MINUTE)
UNSEARCHED_KEEP = 15
"""Seconds a hint job's answer is kept when it is not a searched hint (the search was cut off
by a loaded machine, or found nothing to go on): asked again later, the position is searched
again, rather than given the same advice for :data:`HINT`'s ten minutes."""
SOLVE = Kind(
    "patience.jobs.tasks.solve_deal", SOLVE_QUEUE, int(SOLVE_SECONDS) + 30, keep=DAY, wait=HOUR
)
PAR = Kind("patience.jobs.tasks.par", PAR_QUEUE, int(PAR_SECONDS) * 4 + 60, keep=0, wait=HOUR)
FAIR_PLAY = Kind("patience.jobs.tasks.fair_play", FAIR_PLAY_QUEUE, 120, keep=0, wait=DAY)
"""Weighing a win's line for its fair-play mark (a few CPU seconds; written to the database,
so a dropped job only leaves the win ``pending``: ``patience fair-play`` weighs those)."""

FAIR_PLAY_SWEEP = Kind(
    "patience.jobs.tasks.sweep_fair_play", FAIR_PLAY_QUEUE, 5 * MINUTE, keep=0, wait=HOUR
)
"""Queueing the weighing of every win left ``pending`` (its job lost with Redis, dropped
after a day queued, or the win older than the marks): queued by the workers' maintenance at
most every :data:`FAIR_PLAY_SWEEP_EVERY` seconds."""
FAIR_PLAY_SWEEP_JOB = "fair-play-sweep"
FAIR_PLAY_SWEPT = "patience:fair-play:swept"
"""Set (for :data:`FAIR_PLAY_SWEEP_EVERY` seconds) by the worker that queued the sweep: no
other worker queues it meanwhile."""
FAIR_PLAY_SWEEP_EVERY = 10 * MINUTE
FAIR_PLAY_SWEEP_BATCH = 1000
"""The most weighings one sweep queues (the oldest wins first; the next sweep goes on)."""

POOL_SECONDS = float(os.environ.get("PATIENCE_POOL_SLICE_SECONDS") or 5)
"""How long one slice of the ranked pool's filler may start new proofs: after it, the
filler goes back on its queue (behind any par search or weighing queued meanwhile) and the
next slice goes on where it stopped (its progress is in the database). A slice may overrun
it by the candidate in flight (at most its CPU budget,
:data:`~patience.catalogue.ranked_deals.PROOF_SECONDS`)."""
POOL = Kind(
    "patience.jobs.tasks.fill_pool", RANKED_QUEUE, int(POOL_SECONDS) + 5 * MINUTE, keep=0, wait=HOUR
)
POOL_JOB = "ranked-pool"
"""The id of the filler's one job (a second request while it is queued or runs is none)."""
POOL_FULL = "patience:ranked:pool-checked"
"""Set (for :data:`POOL_RECHECK` seconds) by a filler run that left the pool full, or could
try nothing more (no secret, every missing deal's candidates tried): until it expires, no
worker queues the filler again."""
POOL_RECHECK = 10 * MINUTE

HEARTBEAT_SECONDS = 2
"""How often a busy worker marks itself and its running job alive."""
ABANDONED_AFTER = 8
"""A running job whose worker has not beaten for this long (beyond the beat interval) is
abandoned: RQ's own registry cleanup puts it back on its queue, once per retry left."""
IDLE_WAIT_SECONDS = 5
"""How long an idle worker blocks on the queues between beats and maintenance."""
LIVE_SECONDS = 15.0
"""A worker silent for this long is counted dead."""

ANALYSIS_QUEUE_LIMIT = 200
"""Default bound on queued analyses, past which new ones report ``busy`` (``ANALYSIS_QUEUE_LIMIT``
in the API's environment). Each game has at most one analysis queued, so the bound only
bites when more games than this await their first verdict at once."""
SOLVES_IN_FLIGHT = 3
"""At most this many ``/solve`` jobs queued or running per player."""
PAR_QUEUE_LIMIT = 50
"""At most this many par searches queued: past it the oldest is dropped (its deal's par is
searched again when the deal is next dealt)."""

WORKERS = "patience:workers:alive"
"""Sorted set: worker name → Unix time of its last beat (``…:<role>``: those serving the
role)."""
LATEST = "patience:analysis:latest:"
"""+ game id → the id of the game's latest wanted analysis job."""
WANTED = "patience:analysis:wanted:"
"""+ job id → the set of games that still want that analysis (gone: nobody does)."""
LOST = "patience:analysis:lost:"
"""+ game id → the positions (JSON) its analyses proved lost, with nothing unseen and no
shuffle pending: later analyses of that game never search them again."""


def lost_item(position: Json) -> str:
    """A position's member in a game's :data:`LOST` set (one text for one position)."""
    return json.dumps(position, sort_keys=True, separators=(",", ":"))


LOST_LIMIT = 64
"""Lost positions kept per game, at most (the first ones proved: the set is not added to
once full)."""
LOST_TTL = 3600
"""Seconds a game's lost positions are kept after its last proof."""


def keep_lost(redis: Redis, owner: str, position: Json) -> None:
    """Keep a position proven lost among game ``owner``'s :data:`LOST` positions (raises
    ``RedisError``)."""
    if redis.scard(LOST + owner) < LOST_LIMIT:
        with redis.pipeline(transaction=False) as pipe:
            pipe.sadd(LOST + owner, lost_item(position))
            pipe.expire(LOST + owner, lifetime(LOST_TTL))
            pipe.execute()


SOLVES = "patience:solve:player:"
"""+ player id → the set of that player's ``/solve`` job ids not yet known to be over."""

SOLVE_ID = re.compile(r"solve-[0-9a-f]{40}")
"""The shape of every ``/solve`` job id (anything else is no job of ours, and RQ refuses
some ids outright)."""


def seen_key(game: Game[Any, Any]) -> str:
    """A fingerprint of the cards the player has seen (a hint depends on them)."""
    return hashlib.sha256(",".join(game.seen).encode()).hexdigest()[:16]


def analysis_id(game: Game[Any, Any]) -> str:
    return f"analysis-{game.position_key()}"


def hint_id(game: Game[Any, Any]) -> str:
    """A hint depends on the position, the cards seen and, through the no-cycle rule, on
    the positions the line has been in (its moves say which)."""
    return f"hint-{game.position_key()}-{seen_key(game)}-{line_key(game)}"


def line_key(game: Game[Any, Any]) -> str:
    """A fingerprint of the move line that led to the position."""
    text = json.dumps(game.moves, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def solve_id(game: Game[Any, Any]) -> str:
    return f"solve-{game.position_key()}"


def par_id(name: str, ruleset: str, deal: int) -> str:
    """The par search of a deal under a ruleset."""
    return f"par-{name}-{ruleset}-{deal}"


def fair_play_id(game_id: str) -> str:
    """The fair-play weighing of a won game."""
    return f"fair-play-{game_id}"


def rewind_id(game: Game[Any, Any]) -> str:
    """The rewind search of ``game``'s very move line (unlike a verdict, the last winnable
    point depends on the way the position was reached)."""
    deal = game.deal if game.deal is not None else game.start
    text = json.dumps(
        [game.name, game.ruleset, deal, game.moves], sort_keys=True, separators=(",", ":")
    )
    return "rewind-" + hashlib.sha256(text.encode()).hexdigest()[:40]


def role_queues(role: str) -> tuple[str, ...]:
    """The queues a worker of ``role`` takes jobs from, in order (``all``: every queue).

    >>> role_queues("interactive")
    ('patience-hints', 'patience', 'patience-solve', 'patience-rewind')
    """
    return QUEUES if role == ALL_ROLES else ROLES[role]


def roles_of(role: str) -> tuple[str, ...]:
    """The roles a worker of ``role`` serves (``all``: every one)."""
    return tuple(ROLES) if role == ALL_ROLES else (role,)


def beat(redis: Redis, name: str, role: str = ALL_ROLES) -> None:
    """Mark worker ``name`` (serving ``role``) alive now, and forget workers long dead."""
    now = time.time()
    with redis.pipeline(transaction=False) as pipe:
        for key in (WORKERS, *(WORKERS + ":" + served for served in roles_of(role))):
            pipe.zadd(key, {name: now})
            pipe.zremrangebyscore(key, "-inf", now - 10 * LIVE_SECONDS)
        pipe.execute()


def forget(redis: Redis, name: str) -> None:
    """Worker ``name`` stopped cleanly."""
    with redis.pipeline(transaction=False) as pipe:
        for key in (WORKERS, *(WORKERS + ":" + served for served in ROLES)):
            pipe.zrem(key, name)
        pipe.execute()


def live_workers(redis: Redis, role: str | None = None) -> int:
    """How many workers beat within :data:`LIVE_SECONDS`: every one, or those serving
    ``role`` (a worker of role ``all`` counts for each); raises ``RedisError``."""
    key = WORKERS if role is None else WORKERS + ":" + role
    return int(redis.zcount(key, time.time() - LIVE_SECONDS, "+inf"))


def queued(redis: Redis, role: str) -> int:
    """How many jobs wait on the queues of ``role`` (raises ``RedisError``)."""
    with redis.pipeline(transaction=False) as pipe:
        for name in ROLES[role]:
            pipe.llen(queue_key(name))
        return sum(int(n) for n in pipe.execute())


def queue_key(name: str) -> str:
    """The Redis list of queue ``name`` (RQ's own key)."""
    key: str = Queue.redis_queue_namespace_prefix + name
    return key
