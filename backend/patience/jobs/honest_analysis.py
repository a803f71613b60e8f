"""Analyses: the honesty rule, applied here once, and the analysis jobs it allows.

- **The honesty rule.** :func:`honesty` is the one entry point: what the rule allows of a
  position's analysis — nothing searched (the game is over, or cards are unseen), a search
  for a win in sight only (an unseen shuffle is pending), or a full search. The API's
  reports (:meth:`Analyses.report`), the asking (:meth:`Analyses.ask`), the shortcuts that
  need no search (:meth:`Analyses.infer`), the service's dead ends and rewinds, and the
  worker's search (:func:`patience.jobs.tasks.analyse`) all read it from there.
- **Reading is pure.** :meth:`Analyses.report` only reads: the result in the results store
  (:mod:`patience.jobs.results`) and whether the job is pending. :meth:`Analyses.ask` —
  called by the action that made the position and by ``POST /games/<id>/analysis`` — wants
  the analysis and queues it when it is neither known nor pending.
- **One analysis per game.** Each game records its latest wanted analysis, and each
  analysis the set of games that want it (one position may be wanted by several games).
  When a game moves on or ends, it leaves its older analysis's set; an analysis nobody
  wants any more is taken off the queue and its record deleted if it has not started, and
  stops mid-search if it has (the worker looks at the set before and during the search);
  its verdict is kept only :data:`~patience.jobs.queues.KEEP_LEFT_BEHIND` more. So a quick
  player never leaves a backlog, and Redis holds a bounded amount per game.
- **Bounds.** Past :data:`~patience.jobs.queues.ANALYSIS_QUEUE_LIMIT` queued analyses a new one
  reports ``busy`` instead of queueing.
- **Degrading.** Any Redis error, or no live worker, makes analysis ``unavailable``; play
  never waits for it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from redis import RedisError
from rq.job import Job

from patience.engine import Game
from patience.games.registry import get
from patience.jobs.lines import LINE, WON
from patience.jobs.queues import (
    ANALYSIS,
    ANALYSIS_QUEUE,
    ANALYSIS_QUEUE_LIMIT,
    ANALYSIS_SECONDS,
    GLANCE_NODES,
    KEEP_LEFT_BEHIND,
    LATEST,
    LOST,
    RESULT_TTL,
    REWIND,
    REWIND_SECONDS,
    WANTED,
    analysis_id,
    keep_lost,
    lifetime,
    live_workers,
    lost_item,
    queue_key,
    rewind_id,
)
from patience.jobs.results import RESULT, Known, Results, text
from patience.jobs.submitter import Submitter, primitives
from patience.solver import Budget, solve

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

NONE_IN_SIGHT = "none_in_sight"
"""The verdict the worker publishes for a position with an unseen shuffle pending when its
search proved that no win needs no further shuffle: not a loss (a redeal may still deal a
winnable layout), so never reported as one."""


@dataclass(frozen=True)
class Honesty:
    """What the honesty rule allows of one position's analysis."""

    refused: str | None
    """Why nothing is searched: ``game_over``, ``unseen_cards`` (stock cards never face up);
    ``None``: the worker searches the position when asked."""
    in_sight_only: bool
    """An unseen shuffle is pending (Gaps with a redeal left): where its cards will fall is
    unseen, so the worker searches only for a win that needs no further shuffle
    (:func:`~patience.games.solving.solve_in_sight`), and only such a win is reported."""

    @property
    def searched(self) -> bool:
        """Whether the worker searches the position when asked."""
        return self.refused is None

    @property
    def full_information(self) -> bool:
        """Whether the position hides nothing: its verdicts are the search's, whatever they
        are, and shortcuts, dead ends and rewinds may be read from them."""
        return self.refused is None and not self.in_sight_only

    def withheld(self, version: int, found: Json | None = None) -> Json | None:
        """The ``not_applicable`` Analysis when the rule forbids a verdict, else ``None``
        (``found``: what the worker's search published for the position, if known).

        With an unseen shuffle pending, unless the search found a win the report is
        ``not_applicable``/``unseen_shuffle`` — while it is queued or running, when it found
        none or ran out of budget, and without Redis or a worker — so a player with a redeal
        left only ever reads ``not_applicable``/``unseen_shuffle`` or ``done``/``winnable``:
        never ``unwinnable``, ``timeout``, ``pending`` nor ``unavailable``, and nothing that
        where the redeal's cards fall would decide. Once no shuffle is pending the position
        is full-information: ``None``, and the report is the search's as for any game.
        """
        if self.refused is not None:
            return report_of(version, "not_applicable", reason=self.refused)
        if self.in_sight_only and (found is None or found.get("verdict") != "winnable"):
            return report_of(version, "not_applicable", reason="unseen_shuffle")
        return None


def honesty(game: Game[Any, Any]) -> Honesty:
    """What the honesty rule allows of ``game``'s position's analysis: the one place the rule
    is decided.

    >>> from patience.games import new_game
    >>> rule = honesty(new_game("gaps", deal=1))
    >>> rule.searched, rule.full_information, rule.withheld(0)["reason"]
    (True, False, 'unseen_shuffle')
    >>> rule.withheld(0, {"verdict": "winnable"}) is None
    True
    >>> honesty(new_game("gaps", deal=1, options={"redeals": 0})).full_information
    True
    >>> honesty(new_game("pyramid", deal=1)).refused
    'unseen_cards'
    """
    if game.status != "playing":
        return Honesty("game_over", in_sight_only=False)
    if game.unseen_count():
        return Honesty("unseen_cards", in_sight_only=False)
    return Honesty(None, in_sight_only=game.unseen_shuffle())


def report_of(version: int, state: str, *, verdict: str | None = None, reason: str = "") -> Json:
    """An Analysis of API.md."""
    return {"version": version, "state": state, "verdict": verdict, "reason": reason}


def offline_report(game: Game[Any, Any], version: int) -> Json:
    """The Analysis when Redis is not configured: what the rule says, else ``unavailable``."""
    return honesty(game).withheld(version) or report_of(
        version, "unavailable", reason="not_configured"
    )


@dataclass
class Analyses(Submitter):
    """The analysis jobs (and the rewind searches of lost positions)."""

    queue_limit: int = ANALYSIS_QUEUE_LIMIT
    analysis_seconds: float = ANALYSIS_SECONDS
    glance_nodes: int = GLANCE_NODES

    def __post_init__(self) -> None:
        super().__post_init__()
        self._want_script = self.redis.register_script(WANT)

    # -- analysis ----------------------------------------------------------------------------

    def known(self, game: Game[Any, Any]) -> Known:
        """What is known of ``game``'s position's analysis (raises ``RedisError``)."""
        return self.results.read(analysis_id(game))[0]

    def report(self, game: Game[Any, Any], version: int, known: Known | None = None) -> Json:
        """The Analysis of API.md for ``game`` at ``version``: a pure read (``known``: what a
        read in this request found already)."""
        rule = honesty(game)
        refused = rule.withheld(version)
        if not rule.searched and refused is not None:
            return refused
        try:
            known = known or self.known(game)
        except RedisError:
            known = None
        refused = rule.withheld(version, None if known is None else known.result)
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
        if not honesty(game).searched:
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

    def infer(
        self, game: Game[Any, Any], owner: str | None = None, *, want: bool = False
    ) -> Known | None:
        """Keep ``game``'s verdict when it needs no job: none needs a search
        (:meth:`_inferred`), or a short one in this request finds it (:meth:`_glanced`). For
        a proven dead end, it is kept among game ``owner``'s dead ends and the game's rewind
        search is queued (``want``: game ``owner`` is first recorded as at this position, as
        :meth:`ask` does, so that the rewind runs for it). What is then known, else ``None``
        (raises ``RedisError``)."""
        inferred = self._inferred(game, owner) or self._glanced(game)
        if inferred is None:
            return None
        self.results.put(analysis_id(game), inferred, lifetime(ANALYSIS.keep))
        if inferred["verdict"] == "unwinnable" and owner is not None:
            if want:
                self._want(owner, analysis_id(game), read=False)
            if inferred["from"] == "glance":
                keep_lost(self.redis, owner, game.position())
            self.start_rewind(game, owner)
        return Known(inferred)

    def _glanced(self, game: Game[Any, Any]) -> Json | None:
        """The verdict of a search of :attr:`glance_nodes` nodes, for a full-information
        position with no shuffle ahead; ``None`` when it decides nothing."""
        if self.glance_nodes <= 0 or not honesty(game).full_information:
            return None
        # Full information and no shuffle ahead: the game's own search, as the worker's
        # (patience.games.solving, which the API does not import: it holds worker searches).
        result = solve(*get(game.name).solver(game), Budget(nodes=self.glance_nodes))
        if result.verdict == "unknown":
            return None
        seconds = round(result.seconds, 3)
        return {
            "verdict": result.verdict,
            "nodes": result.nodes,
            "seconds": seconds,
            "from": "glance",
        }

    def _inferred(self, game: Game[Any, Any], owner: str | None = None) -> Json | None:
        """A verdict that needs no search, for a full-information position with no shuffle
        ahead: ``winnable`` on a kept winning line (the rest of the line proves it);
        ``unwinnable`` one move from a position proven lost that had nothing unseen and no
        shuffle ahead either (every position it leads to is lost), or anywhere after such a
        position in game ``owner``'s line (its analyses' kept dead ends). ``None``
        otherwise."""
        if not honesty(game).full_information:
            return None
        here = game.position_key()
        keys = [LINE + here, WON + here]
        parent = None
        if game.moves:
            parent = game.copy()
            parent.undo()
            if honesty(parent).full_information:
                keys.append(Results.key(analysis_id(parent)))
        with self.redis.pipeline(transaction=False) as pipe:  # one round trip
            pipe.mget(keys)
            if owner is not None:  # the game's kept dead ends
                pipe.smembers(LOST + owner)
            (on_hint_line, on_line, *before), *kept = pipe.execute()
        dead_ends = kept[0] if kept else set()
        if on_hint_line is not None or on_line is not None:
            return {"verdict": "winnable", "nodes": 0, "seconds": 0.0, "from": "kept_line"}
        lost = before and before[0] is not None and json.loads(before[0]).get("verdict")
        if lost == "unwinnable":
            return {"verdict": "unwinnable", "nodes": 0, "seconds": 0.0, "from": "lost_parent"}
        if dead_ends and after_dead_end(game, {text(d) for d in dead_ends}):
            return {"verdict": "unwinnable", "nodes": 0, "seconds": 0.0, "from": "lost_ancestor"}
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
        if not live_workers(self.redis, "interactive"):
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
            self.submit(REWIND, job_id, primitives(game), kwargs, known=known)

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

    def proven_unwinnable(self, game: Game[Any, Any], known: Known | None = None) -> bool:
        """Whether a finished proof says ``game``'s full-information position cannot be won
        (``known``: what a read in this request found already; raises ``RedisError``)."""
        if not honesty(game).full_information:
            return False
        result = (known or self.known(game)).result
        return result is not None and result.get("verdict") == "unwinnable"

    def moves_back(self, game: Game[Any, Any]) -> int | None:
        """How many moves back the last winnable point of ``game``'s line is, when a finished
        search says so (raises ``RedisError``)."""
        if not honesty(game).full_information:
            return None
        point = self.rewind_point(game)
        if point is None or point[0] is None:
            return None
        return point[1] - point[0]


def after_dead_end(game: Game[Any, Any], dead_ends: set[str]) -> bool:
    """Whether an earlier position of ``game``'s line is one of its analyses' kept
    ``dead_ends`` (:data:`~patience.jobs.queues.LOST`: proved lost with nothing unseen and no
    shuffle ahead, so every position after it is lost too)."""
    return any(lost_item(p) in dead_ends for p in game.earlier_positions())


def _proven(result: Json) -> bool:
    """A finished search: a verdict, or (a redeal left) no win in sight."""
    return result.get("verdict") in ("winnable", "unwinnable", NONE_IN_SIGHT)
