"""The job functions the worker runs. RQ imports them by name (:class:`~patience.jobs.queues.
Kind`), in the worker only: the API never loads this module, nor the solver behind it.

They take plain JSON — the position an analysis is about, or the deal and move line where
the way there matters (hints, rewinds) — so a job can be retried anywhere. Inside a worker
each publishes its result in the results store (:mod:`patience.jobs.results`) for its
kind's lifetime, or, when durable (a deal's par), writes it to the database; each also
returns it (a direct call, as in these doctests, only returns it).

>>> from patience.games import new_game
>>> analyse(new_game("pyramid", deal=1).position(), {}, seconds=5)["verdict"]
'winnable'
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from typing import Any

from redis import RedisError
from rq import Retry, get_current_job
from rq.job import Job
from sqlalchemy import Engine, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from patience.catalogue.ranked_deals import deal_start
from patience.engine import Game
from patience.games import load_position, new_game, start_game
from patience.games.fair_play import foreknowledge
from patience.games.solving import (
    find_par,
    last_winnable,
    searched_hint,
    solve_game,
    solve_in_sight,
)
from patience.jobs import stopping
from patience.jobs.background import FairPlayWeighing
from patience.jobs.honest_analysis import NONE_IN_SIGHT, Analyses, honesty
from patience.jobs.lines import LINE, WON, keep
from patience.jobs.queues import (
    ANALYSIS,
    FAIR_PLAY_SWEEP_BATCH,
    HINT,
    KEEP_LEFT_BEHIND,
    LOST,
    POOL_FULL,
    POOL_RECHECK,
    POOL_SECONDS,
    REWIND,
    SOLVE,
    UNSEARCHED_KEEP,
    WANTED,
    keep_lost,
    lifetime,
)
from patience.jobs.results import members, publish, text
from patience.jobs.watch import RewindWatch, Watch, keep_proved, proved_so_far, put_back
from patience.solver import Budget
from patience.solver.par import shorten
from patience.store import GameRecord, database_url, make_engine, session_factory, utcnow
from patience.store.pars import offer_par

log = logging.getLogger(__name__)

Json = dict[str, Any]

SHORTEN_SECONDS = 2.0
"""Time an analysis spends taking the detours out of the winning line it keeps for hints."""


def rebuild(
    game: str, options: Json, deal: int | Json, line: list[Json], seen: list[str]
) -> Game[Any, Any]:
    """The engine game for stored primitives (the same replay the API does); ``deal`` is a
    number or a ranked deal's start."""
    built = start_game(game, deal, options)
    built.replay(line, seen)
    return built


def analyse(
    position: Json, options: Json, *, seconds: float, nodes: int | None = None
) -> Json | Retry:
    """The verdict for a position with nothing unseen (the API asks only when the honesty
    rule allows it). ``unknown`` when the budget (``seconds``, and ``nodes`` if given) runs
    out. While an unseen shuffle is pending (Gaps with a redeal left) only a win in sight is
    searched for (:func:`~patience.games.solving.solve_in_sight`): ``winnable`` when one is
    found, :data:`~patience.jobs.honest_analysis.NONE_IN_SIGHT` when there is none (not a loss: the
    API reports ``not_applicable``), ``unknown`` — so the answer is the same whatever the
    position's seed. Dropped without a verdict as soon as no game wants this position
    analysed any more (``superseded``); put back on its queue when a player waits for a hint
    (the hint goes first). A proven dead end starts the rewind search of each game at that
    position.

    >>> analyse(new_game("pyramid", deal=8153).position(), {}, seconds=5)["verdict"]
    'unwinnable'
    """
    watch = Watch.of_current_job()
    if watch is not None and watch.should_stop():
        return watch.stopped()
    stop = stopping.asked if watch is None else watch.should_stop
    budget = Budget(nodes=nodes, seconds=seconds, cancelled=stop)
    game = load_position(position, options)
    lost = [] if watch is None else _proved_lost(watch.job, options)
    result = solve_in_sight(game, budget, lost)
    if result.verdict == "unknown" and watch is not None and watch.should_stop():
        return watch.stopped()
    verdict: str = result.verdict
    if verdict == "unwinnable" and honesty(game).in_sight_only:
        verdict = NONE_IN_SIGHT
    found = {"verdict": verdict, "nodes": result.nodes, "seconds": round(result.seconds, 3)}
    if watch is None:
        return found
    if verdict == "winnable" and result.solution:
        # Later verdicts along it are instant (never its hints: this search was timed).
        line = shorten(game, result.solution, Budget(seconds=SHORTEN_SECONDS))
        _keep(watch.job, game, line, WON)
    with contextlib.suppress(RedisError):
        wanted = watch.job.connection.exists(WANTED + watch.job.id)
        publish(watch.job, found, lifetime(ANALYSIS.keep if wanted else KEEP_LEFT_BEHIND))
        if verdict == "unwinnable":
            _keep_lost(watch.job, position)
            _start_rewinds(watch.job, game)
    return found


def _proved_lost(job: Job, options: Json) -> list[Game[Any, Any]]:
    """The positions earlier analyses proved lost in the games that want this one (best
    effort: without Redis, none)."""
    try:
        owners = members(job.connection, WANTED + job.id)
        with job.connection.pipeline(transaction=False) as pipe:
            for owner in owners:
                pipe.smembers(LOST + owner)
            found = set().union(*pipe.execute()) if owners else set()
    except RedisError:
        return []
    return [load_position(json.loads(text(p)), options) for p in sorted(found)]


def _keep_lost(job: Job, position: Json) -> None:
    """Keep a position proved lost for the later analyses of each game that wants it."""
    with contextlib.suppress(RedisError):
        for owner in members(job.connection, WANTED + job.id):
            keep_lost(job.connection, owner, position)


def _start_rewinds(job: Job, game: Game[Any, Any]) -> None:
    """Queue the rewind search of each stored game that wants this (lost) position and is
    still at it (best effort: without the database, rewinds wait to be asked for)."""
    owners = members(job.connection, WANTED + job.id)
    try:
        with database_session() as session:
            records = [session.get(GameRecord, owner) for owner in owners]
            playing = [r for r in records if r is not None and r.status == "playing"]
            starts = [deal_start(session, r.game, r.deal) for r in playing]
    except SQLAlchemyError as exc:
        log.warning("rewind searches not started: %s", exc)
        return
    analyses = Analyses(job.connection)
    for record, start in zip(playing, starts, strict=True):
        built = rebuild(record.game, record.options, start, record.line, record.seen)
        if built.position_key() == game.position_key():  # not moved on meanwhile
            analyses.start_rewind(built, record.id)


def rewind(
    game: str,
    options: Json,
    deal: int | Json,
    line: list[Json],
    seen: list[str],
    *,
    seconds: float,
    analysis: str | None = None,
    owner: str | None = None,
) -> Json | Retry:
    """The last winnable point of a line whose position is proven lost: how many moves into
    the line (``found``; ``None``: not even the deal), unless the searches ran out of budget
    (``inconclusive``). Skipped, or stopped, when game ``owner`` has left position
    ``analysis``; put back on its queue when a hint waits (:class:`RewindWatch`) or the
    worker stops."""
    job = get_current_job()
    watch = None if job is None else RewindWatch(job, owner, analysis)
    if watch is not None and watch.should_stop():  # the game moved on, or others wait
        return watch.stopped()
    stop = stopping.asked if watch is None else watch.should_stop
    proved = {} if watch is None else proved_so_far(watch.job)
    built = rebuild(game, options, deal, line, seen)
    point = last_winnable(built, seconds, cancelled=stop, proved=proved)
    if point.inconclusive and watch is not None and watch.reason:
        keep_proved(watch.job, proved)
        return watch.stopped()
    found = {
        "found": point.found,
        "length": len(line),
        "inconclusive": point.inconclusive,
        "searches": point.searches,
        "seconds": round(point.seconds, 3),
    }
    return _published(job, found, REWIND.keep)


def par(game: str, options: Json, deal: int, *, seconds: float) -> Json | Retry:
    """A deal's par: the fewest moves of a winning line the search finds (proven the fewest
    when ``proven``), with the line (which stays on the server: it is a solution). In a
    worker it is offered to the database as the deal's par, where the API reads it; a
    search cut short by its worker stopping goes back on its queue."""
    built = new_game(game, deal=deal, options=options)
    budget = Budget(seconds=seconds, clock=time.process_time, cancelled=stopping.asked)
    found = find_par(built, budget).to_json()
    job = get_current_job()
    if job is not None and stopping.asked():
        return put_back(job)
    if found.get("moves") is not None and job is not None:
        try:
            _store_par(built, found["line"], proven=found["proven"])
        except SQLAlchemyError as exc:  # searched again when the deal is next dealt
            log.warning("par of %s-%s not stored: %s", game, deal, exc)
    return found


def _store_par(game: Game[Any, Any], line: list[Json], *, proven: bool) -> None:
    assert game.deal is not None
    with database_session() as session:
        offer_par(
            session,
            game.name,
            game.ruleset,
            game.deal,
            line,
            proven=proven,
            source="solver",
            now=utcnow(),
        )
        session.commit()


def fair_play(game_id: str) -> Json:
    """Weigh won game ``game_id``'s line for its fair-play mark and write the mark and the
    statistic to the database (:func:`weigh`)."""
    with database_session() as session:
        found = weigh(session, game_id)
        session.commit()
    return found


def pending_wins(session: Session, limit: int | None = None) -> list[str]:
    """The won games whose fair-play mark is still ``pending``, the oldest win first."""
    query = (
        select(GameRecord.id)
        .where(GameRecord.fair_play == "pending")
        .order_by(GameRecord.finished_at, GameRecord.id)
        .limit(limit)
    )
    return list(session.scalars(query))


def sweep_fair_play() -> Json:
    """Queue the weighing of each win left ``pending`` (up to
    :data:`~patience.jobs.queues.FAIR_PLAY_SWEEP_BATCH`, oldest first); a win whose weighing
    is queued or running already is not queued twice."""
    job = get_current_job()
    if job is None:
        return {"queued": 0}
    with database_session() as session:
        pending = pending_wins(session, FAIR_PLAY_SWEEP_BATCH)
    weighing = FairPlayWeighing(job.connection)
    for game_id in pending:
        weighing.submit_fair_play(game_id)
    return {"queued": len(pending)}


def weigh(session: Session, game_id: str) -> Json:
    """The foreknowledge statistic of a won game still ``pending``
    (:mod:`patience.games.fair_play`), written to its row (``ok`` or ``review``); a game not
    pending is left as it is (``{"skipped": True}``). The caller commits."""
    record = session.get(GameRecord, game_id)
    if record is None or record.status != "won" or record.fair_play != "pending":
        return {"skipped": True}
    start = deal_start(session, record.game, record.deal)
    built = rebuild(record.game, record.options, start, record.line, record.seen)
    began = time.process_time()
    found = foreknowledge(built)
    session.execute(
        update(GameRecord)
        .where(GameRecord.id == game_id, GameRecord.fair_play == "pending")
        .values(fair_play=found.mark, foreknowledge=found.score)
    )
    return {
        "fair_play": found.mark,
        "foreknowledge": round(found.score, 4),
        "decisions": found.counted,
        "cpu_s": round(time.process_time() - began, 3),
    }


def hint(game: str, options: Json, deal: int | Json, line: list[Json], seen: list[str]) -> Json:
    """A hint for the position (the hint function obeys the honesty rule and the no-cycle
    rule itself); a winning line it found from the position is kept for the next hints."""
    built = rebuild(game, options, deal, line, seen)
    found, winning = searched_hint(built)
    job = get_current_job()
    if winning and job is not None:
        _keep(job, built, winning, LINE)
    keep = HINT.keep if found is not None and found["searched"] else UNSEARCHED_KEEP
    return _published(job, {"hint": found}, keep)


def solve_deal(game: str, options: Json, deal: int, *, seconds: float) -> Json | Retry:
    """``POST /solve``: the verdict for a whole deal, with its solution line (back on its
    queue when its worker stops meanwhile)."""
    budget = Budget(seconds=seconds, cancelled=stopping.asked)
    result = solve_game(new_game(game, deal=deal, options=options), budget)
    job = get_current_job()
    if job is not None and stopping.asked():
        return put_back(job)
    return _published(job, result.to_json(), SOLVE.keep)


def fill_pool() -> Json | Retry:
    """One slice of the ranked pool's filler (:mod:`patience.catalogue.pool`): proofs
    started for about :data:`~patience.jobs.queues.POOL_SECONDS`, each search going on
    where the last slice left it (in the database). With more to try, the job goes back on
    its queue for the next slice (also when its worker is stopping). A run that
    leaves the pool full, or with nothing more to try, says so in Redis, so that no worker
    queues this again for a while. Without a ``DEAL_SECRET`` it deals nothing (and logs
    why): the API then answers 503 for today's daily and ``/readyz`` says the pool is
    dry."""
    from patience.catalogue.pool import fill, missing, next_attempt
    from patience.catalogue.ranked_deals import MissingSecret, secret_bytes

    try:
        secret = secret_bytes(os.environ.get("DEAL_SECRET"))
    except MissingSecret as exc:
        log.error("ranked pool not filled: %s", exc)
        _pool_checked()
        return {"stored": 0, "error": "no_secret"}
    today = utcnow().date()
    with database_session() as session:
        stored = fill(
            session,
            secret,
            today,
            until=time.monotonic() + POOL_SECONDS,
            cancelled=stopping.asked,
        )
        more = next_attempt(session, today) is not None
        left = len(missing(session, today))
    job = get_current_job()
    if more and job is not None:
        return put_back(job)
    if left:
        log.warning("ranked pool: %d dailies still missing, none left to try", left)
    _pool_checked()
    return {"stored": len(stored), "missing": left}


def _pool_checked() -> None:
    job = get_current_job()
    if job is not None:
        with contextlib.suppress(RedisError):
            job.connection.set(POOL_FULL, 1, ex=lifetime(POOL_RECHECK))


def _published(job: Job | None, result: Json, keep: int) -> Json:
    """``result``, published for ``job`` (when in a worker) for ``keep`` seconds."""
    if job is not None:
        publish(job, result, lifetime(keep))
    return result


def _keep(job: Job, game: Game[Any, Any], line: list[Json], prefix: str) -> None:
    """Keep a winning line in Redis under ``prefix`` (best effort: a hint never fails for
    it)."""
    with contextlib.suppress(RedisError):
        keep(job.connection, game, line, prefix)


_engines: dict[str, Engine] = {}


def database_session() -> Session:
    """A database session on ``DATABASE_URL`` (the API's database), for durable results;
    one engine per process (a forked work horse makes its own)."""
    url = database_url()
    if url not in _engines:
        _engines[url] = make_engine(url)
    return session_factory(_engines[url])()
