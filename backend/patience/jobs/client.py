"""The API's side of the job queue: enqueue by name, report, and keep Redis bounded.

- **By name.** :meth:`Jobs.submit` queues a job of a :class:`~patience.jobs.queues.Kind`
  under its task's dotted name: this module never imports the tasks, so the API process
  loads no job function (only the worker does). A job id already queued or running is not
  queued twice.
- **Reading is pure.** :meth:`Jobs.report` only reads: the result in the results store
  (:mod:`patience.jobs.results`) and whether the job is pending. :meth:`Jobs.ask` — called
  by the action that made the position and by ``POST /games/<id>/analysis`` — wants the
  analysis and queues it when it is neither known nor pending.
- **One analysis per game.** Each game records its latest wanted analysis, and each
  analysis the set of games that want it (one position may be wanted by several games).
  When a game moves on or ends, it leaves its older analysis's set; an analysis nobody
  wants any more is taken off the queue and its record deleted if it has not started, and
  stops mid-search if it has (the worker looks at the set before and during the search);
  its verdict is kept only :data:`~patience.jobs.queues.KEEP_LEFT_BEHIND` more. So a quick
  player never leaves a backlog, and Redis holds a bounded amount per game.
- **Bounds.** Past :data:`~patience.jobs.queues.ANALYSIS_QUEUE_LIMIT` queued analyses a new one
  reports ``busy`` instead of queueing; a player has at most
  :data:`~patience.jobs.queues.SOLVES_IN_FLIGHT` ``/solve`` jobs queued or running; past
  :data:`~patience.jobs.queues.PAR_QUEUE_LIMIT` queued par searches the oldest is dropped.
- **Degrading.** Any Redis error, or no live worker, makes analysis ``unavailable``; play
  never waits for it.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass, replace
from typing import Any

from redis import Redis, RedisError
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError
from rq.job import Job

from patience.engine import Game
from patience.jobs.honesty import NONE_IN_SIGHT, not_applicable, report_of, worker_searches
from patience.jobs.lines import LINE, WON, kept_hint
from patience.jobs.queues import (
    ANALYSIS,
    ANALYSIS_QUEUE,
    ANALYSIS_QUEUE_LIMIT,
    ANALYSIS_SECONDS,
    FAIR_PLAY,
    HINT,
    KEEP_FAILED,
    KEEP_LEFT_BEHIND,
    LATEST,
    PAR,
    PAR_QUEUE,
    PAR_QUEUE_LIMIT,
    PAR_SECONDS,
    POOL,
    POOL_FULL,
    POOL_JOB,
    RESULT_TTL,
    RETRIES,
    REWIND,
    REWIND_SECONDS,
    SOLVE,
    SOLVE_ID,
    SOLVE_SECONDS,
    SOLVES,
    SOLVES_IN_FLIGHT,
    WANTED,
    Kind,
    analysis_id,
    fair_play_id,
    hint_id,
    lifetime,
    live_workers,
    par_id,
    queue_key,
    rewind_id,
    solve_id,
    state_key,
)
from patience.jobs.results import RESULT, Known, Results, members

Json = dict[str, Any]

# Game KEYS[1] now wants analysis ARGV[1] ('' : none, the game ended). The analysis it
# wanted before, if no game wants it any more, leaves the queue unstarted (its RQ record
# deleted) and its verdict is kept only ARGV[4] seconds more. With ARGV[9] = '1', answers
# what is known of the analysis now wanted (result, RQ status) and its queue's length.
WANT = """
local previous = redis.call('GET', KEYS[1])
if ARGV[1] ~= '' then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
  local wanted = ARGV[5] .. ARGV[1]
  redis.call('SADD', wanted, ARGV[2])
  redis.call('EXPIRE', wanted, ARGV[3])
  if redis.call('EXISTS', ARGV[8] .. ARGV[1]) == 1 then
    redis.call('EXPIRE', ARGV[8] .. ARGV[1], ARGV[3])
  end
else
  redis.call('DEL', KEYS[1])
end
if previous and previous ~= ARGV[1] then
  local older = ARGV[5] .. previous
  redis.call('SREM', older, ARGV[2])
  if redis.call('SCARD', older) == 0 then
    if redis.call('LREM', ARGV[6], 0, previous) > 0 then
      redis.call('DEL', ARGV[7] .. previous)
    end
    local result = ARGV[8] .. previous
    local ttl = redis.call('TTL', result)
    if ttl == -1 or ttl > tonumber(ARGV[4]) then redis.call('EXPIRE', result, ARGV[4]) end
  end
end
if ARGV[9] ~= '1' then return redis.call('LLEN', ARGV[6]) end
return {redis.call('GET', ARGV[8] .. ARGV[1]), redis.call('HGET', ARGV[7] .. ARGV[1], 'status'),
        redis.call('LLEN', ARGV[6])}
"""

# Queue KEYS[1] keeps at most ARGV[1] jobs: the oldest leave it, their records deleted.
TRIM = """
local dropped = 0
while redis.call('LLEN', KEYS[1]) > tonumber(ARGV[1]) do
  redis.call('DEL', ARGV[2] .. redis.call('LPOP', KEYS[1]))
  dropped = dropped + 1
end
return dropped
"""


class TooManySolves(Exception):
    """A player already has :data:`SOLVES_IN_FLIGHT` ``/solve`` jobs queued or running."""


@dataclass
class Jobs:
    """Enqueueing and reporting, on one Redis connection."""

    redis: Redis
    queue_limit: int = ANALYSIS_QUEUE_LIMIT
    analysis_seconds: float = ANALYSIS_SECONDS

    def __post_init__(self) -> None:
        self.results = Results(self.redis)
        self._want_script = self.redis.register_script(WANT)

    def queue(self, name: str = ANALYSIS_QUEUE) -> Queue:
        return Queue(name, connection=self.redis)

    # -- enqueue by name ---------------------------------------------------------------------

    def submit(
        self,
        kind: Kind,
        job_id: str,
        args: tuple[Any, ...],
        kwargs: Json | None = None,
        *,
        timeout: int | None = None,
        known: Known | None = None,
    ) -> None:
        """Queue ``kind``'s task for ``job_id`` unless that job is queued or running already
        (a spent one of that id is replaced; ``known``: what the caller just read of it). Its
        RQ record goes as soon as it ends."""
        known = known or self.results.read(job_id)[0]
        if known.pending:
            return
        if known.status is not None:  # failed every run (or stopped): start afresh
            old = self._fetch(job_id)
            if old is not None:
                old.delete()
        # DuplicateJobError: another API process queued it a moment ago.
        with contextlib.suppress(DuplicateJobError):
            self.queue(kind.queue).enqueue_call(
                kind.task,
                args=args,
                kwargs=kwargs or {},
                job_id=job_id,
                timeout=timeout or kind.timeout,
                result_ttl=0,
                ttl=lifetime(kind.wait),
                failure_ttl=lifetime(KEEP_FAILED),
                retry=Retry(max=RETRIES),
                unique=True,
            )

    # -- analysis ----------------------------------------------------------------------------

    def known(self, game: Game[Any, Any]) -> Known:
        """What is known of ``game``'s position's analysis (raises ``RedisError``)."""
        return self.results.read(analysis_id(game))[0]

    def report(self, game: Game[Any, Any], version: int, known: Known | None = None) -> Json:
        """The Analysis of API.md for ``game`` at ``version``: a pure read (``known``: what a
        read in this request found already)."""
        if not worker_searches(game):
            refused = not_applicable(game, version)
            assert refused is not None
            return refused
        try:
            known = known or self.known(game)
        except RedisError:
            known = None
        refused = not_applicable(game, version, None if known is None else known.result)
        if refused is not None:
            return refused
        if known is None:
            return report_of(version, "unavailable", reason="redis_unavailable")
        try:
            return self._report(game, version, known)
        except RedisError:
            return report_of(version, "unavailable", reason="redis_unavailable")

    def ask(
        self,
        game: Game[Any, Any],
        version: int,
        owner: str | None = None,
        known: Known | None = None,
        *,
        again: bool = False,
    ) -> Known:
        """Want ``game``'s analysis (as the latest of game ``owner``) and queue it unless it
        is known or pending — or, ``again``, when all that is known is a search that ran out
        of budget; for a proven dead end, its rewind search too (raises ``RedisError``).
        ``known``: what a read in this request found already (else the want reads it, in
        the same round trip)."""
        if not worker_searches(game):
            return Known(None)
        job_id = analysis_id(game)
        found, queued = self._want(owner or f"direct:{job_id}", job_id, read=known is None)
        known = known or found
        if again and known.result is not None and not _proven(known.result):
            self.redis.delete(Results.key(job_id))  # a timeout: searched once more
            known = Known(None, known.status)
        if known.result is not None:
            if known.result.get("verdict") == "unwinnable" and owner is not None:
                self.start_rewind(game, owner)
            return known
        if known.pending:
            return known
        inferred = self.infer(game, owner)
        if inferred is not None:
            return inferred
        if queued >= self.queue_limit:
            return replace(known, busy=True)
        args, kwargs = (game.position(), dict(game.options)), {"seconds": self.analysis_seconds}
        timeout = int(self.analysis_seconds) + 30
        self.submit(ANALYSIS, job_id, args, kwargs, timeout=timeout, known=known)
        return replace(known, status="queued")

    def infer(self, game: Game[Any, Any], owner: str | None = None) -> Known | None:
        """Keep ``game``'s verdict when it needs no search (:meth:`_inferred`; for a proven
        dead end, game ``owner``'s rewind search is queued); what is then known, else
        ``None`` (raises ``RedisError``)."""
        inferred = self._inferred(game)
        if inferred is None:
            return None
        self.results.put(analysis_id(game), inferred, lifetime(ANALYSIS.keep))
        if inferred["verdict"] == "unwinnable" and owner is not None:
            self.start_rewind(game, owner)
        return Known(inferred)

    def _inferred(self, game: Game[Any, Any]) -> Json | None:
        """A verdict that needs no search, for a full-information position with no shuffle
        ahead: ``winnable`` on a kept winning line (the rest of the line proves it);
        ``unwinnable`` one move from a position proven lost that had nothing unseen and no
        shuffle ahead either (every position it leads to is lost). ``None`` otherwise."""
        if game.unseen_shuffle():
            return None
        here = state_key(game)
        keys = [LINE + here, WON + here]
        parent = None
        if game.moves:
            parent = game.copy()
            parent.undo()
            if not (parent.unseen_count() or parent.unseen_shuffle()):
                keys.append(Results.key(analysis_id(parent)))
        on_hint_line, on_line, *before = self.redis.mget(keys)
        if on_hint_line is not None or on_line is not None:
            return {"verdict": "winnable", "nodes": 0, "seconds": 0.0, "from": "kept_line"}
        lost = before and before[0] is not None and json.loads(before[0]).get("verdict")
        if lost == "unwinnable":
            return {"verdict": "unwinnable", "nodes": 0, "seconds": 0.0, "from": "lost_parent"}
        return None

    def release(self, owner: str) -> None:
        """Game ``owner`` ended: it wants no analysis any more (raises ``RedisError``)."""
        self._want(owner, "", read=False)

    def _want(self, owner: str, job_id: str, *, read: bool) -> tuple[Known, int]:
        """Run :data:`WANT`: what is known of ``job_id`` (when ``read``) and the analysis
        queue's length."""
        keeps = [lifetime(RESULT_TTL), lifetime(KEEP_LEFT_BEHIND)]
        prefixes = [WANTED, queue_key(ANALYSIS_QUEUE), Job.redis_job_namespace_prefix, RESULT]
        args = [job_id, owner, *keeps, *prefixes, "1" if read else "0"]
        answer = self._want_script(keys=[LATEST + owner], args=args)
        if not read:
            return Known(None), int(answer)
        found, status, queued = answer
        return Results.known_of(found, status), int(queued)

    def _report(self, game: Game[Any, Any], version: int, known: Known) -> Json:
        if known.result is not None:
            verdict = known.result.get("verdict")
            if verdict == "winnable":
                return report_of(version, "done", verdict=verdict)
            if verdict == "unwinnable":
                report = report_of(version, "done", verdict=verdict)
                return report | self._rewind_report(game, version)
            return report_of(version, "timeout", reason="budget_exhausted")
        if known.busy:
            return report_of(version, "unavailable", reason="busy")
        if not live_workers(self.redis):
            return report_of(version, "unavailable", reason="no_worker")
        if known.pending:
            return report_of(version, "pending")
        return report_of(version, "unavailable", reason="not_started")

    # -- rewinds -----------------------------------------------------------------------------

    def start_rewind(self, game: Game[Any, Any], owner: str) -> None:
        """Queue the search for the last winnable point of game ``owner``'s line (its
        position is proven lost) unless it is known or pending."""
        job_id = rewind_id(game)
        (known,) = self.results.read(job_id)
        if known.unknown:
            kwargs = {"seconds": REWIND_SECONDS, "analysis": analysis_id(game), "owner": owner}
            self.submit(REWIND, job_id, _primitives(game), kwargs, known=known)

    def _rewind_report(self, game: Game[Any, Any], version: int) -> Json:
        """``rewind`` for a lost position: ``{moves_back, version}`` or ``None`` (not even the
        deal could be won) once the search is done; absent while it runs or if it was
        inconclusive."""
        point = self.rewind_point(game)
        if point is None:
            return {}
        found, length = point
        back = None if found is None else {"moves_back": length - found, "version": version}
        return {"rewind": back}

    def rewind_point(self, game: Game[Any, Any]) -> tuple[int | None, int] | None:
        """The finished rewind search of ``game``'s line: (moves into the line where it could
        last be won, or ``None`` for nowhere; the line's length); ``None`` if not known."""
        result = self.results.get(rewind_id(game))
        if result is None or result.get("inconclusive", True):
            return None
        return result["found"], result["length"]

    def has_workers(self) -> bool:
        """Whether any worker is alive (False when Redis does not answer)."""
        try:
            return bool(live_workers(self.redis))
        except RedisError:
            return False

    # -- hints -------------------------------------------------------------------------------

    def hint(self, game: Game[Any, Any], wait: float) -> Json | None:
        """The worker's hint for ``game``, waiting at most ``wait`` seconds; ``None`` when it
        is not ready (the caller gives ordinary advice instead)."""
        try:
            kept = kept_hint(self.redis, game)
            if kept is not None:  # a winning line through here is known: no search
                return {"hint": kept}
            job_id = hint_id(game)
            deadline = time.monotonic() + wait
            (known,) = self.results.read(job_id)
            if known.unknown:
                self.submit(HINT, job_id, _primitives(game), known=known)
                known = replace(known, status="queued")
            while known.result is None:
                if not known.pending or time.monotonic() > deadline:
                    return None
                time.sleep(0.02)
                (known,) = self.results.read(job_id)
            return known.result
        except RedisError:
            return None

    # -- /solve ------------------------------------------------------------------------------

    def submit_solve(self, game: Game[Any, Any], player: str) -> str:
        """Enqueue a whole-deal solve for ``player``; returns the job id (raises
        :class:`TooManySolves`; RedisError propagates)."""
        job_id = solve_id(game)
        mine = SOLVES + player
        known = members(self.redis, mine)
        for other, state in zip(known, self.results.read(*known), strict=True):
            if not state.pending:  # forget the player's jobs that are over
                self.redis.srem(mine, other)
        if job_id not in known and self.redis.scard(mine) >= SOLVES_IN_FLIGHT:
            raise TooManySolves(f"at most {SOLVES_IN_FLIGHT} solves at a time")
        (state,) = self.results.read(job_id)
        if state.result is None:
            deal = (game.name, dict(game.options), game.deal)
            self.submit(SOLVE, job_id, deal, {"seconds": SOLVE_SECONDS}, known=state)
            with self.redis.pipeline(transaction=False) as pipe:
                pipe.sadd(mine, job_id)
                pipe.expire(mine, lifetime(RESULT_TTL))
                pipe.execute()
        return job_id

    def job_view(self, job_id: str) -> Json | None:
        """``GET /jobs/<id>``: state, verdict, solution, stats (``None``: no such job)."""
        if not SOLVE_ID.fullmatch(job_id):
            return None
        (known,) = self.results.read(job_id)
        view: Json = {"id": job_id, "state": "queued", "verdict": None, "solution": None}
        view["stats"] = {"nodes": None, "seconds": None}
        if known.result is not None:
            result = known.result
            view["verdict"] = result.get("verdict")
            view["solution"] = result.get("solution")
            view["stats"] = {"nodes": result.get("nodes"), "seconds": result.get("seconds")}
            view["state"] = "timeout" if view["verdict"] == "unknown" else "done"
            return view
        if known.status is None:
            return None
        if not known.pending:
            view["state"] = "failed"
        elif known.status == "started":
            view["state"] = "running"
        return view

    # -- par ---------------------------------------------------------------------------------

    def submit_par(self, game: Game[Any, Any]) -> None:
        """Queue the par search of ``game``'s deal unless it is queued or running; past
        :data:`PAR_QUEUE_LIMIT` queued searches, the oldest is dropped (raises
        ``RedisError``)."""
        assert game.deal is not None
        job_id = par_id(game.name, game.ruleset, game.deal)
        deal = (game.name, dict(game.options), game.deal)
        self.submit(PAR, job_id, deal, {"seconds": PAR_SECONDS})
        trim = self.redis.register_script(TRIM)
        trim(keys=[queue_key(PAR_QUEUE)], args=[PAR_QUEUE_LIMIT, Job.redis_job_namespace_prefix])

    def submit_fair_play(self, game_id: str) -> None:
        """Queue the weighing of won game ``game_id``'s line for its fair-play mark (raises
        ``RedisError``)."""
        self.submit(FAIR_PLAY, fair_play_id(game_id), (game_id,))

    # -- the ranked pool ---------------------------------------------------------------------

    def top_up_pool(self) -> None:
        """Queue the ranked pool's filler, unless a recent run left the pool full or it is
        queued or running (raises ``RedisError``)."""
        if not self.redis.exists(POOL_FULL):
            self.submit(POOL, POOL_JOB, ())

    # -- plumbing ----------------------------------------------------------------------------

    def _fetch(self, job_id: str) -> Job | None:
        try:
            return Job.fetch(job_id, connection=self.redis)
        except Exception:  # gone (NoSuchJobError), or half-written by a race: not a job
            return None


def _primitives(game: Game[Any, Any]) -> tuple[str, Json, int | Json, list[Json], list[str]]:
    """What a job needs to rebuild ``game``: name, options, deal (its number, or the start
    of a ranked deal), move line, seen cards."""
    deal = game.deal if game.deal is not None else game.start
    if deal is None:
        raise ValueError("jobs rebuild deals only, not hand-made positions")
    return game.name, dict(game.options), deal, game.moves, game.seen


def _proven(result: Json) -> bool:
    """A finished search: a verdict, or (a redeal left) no win in sight."""
    return result.get("verdict") in ("winnable", "unwinnable", NONE_IN_SIGHT)
