"""Solver jobs through a real Redis and real RQ workers (in-process burst workers, and a
``patience worker`` subprocess for the worker-loss test)."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from redis import Redis

from patience.engine import Game
from patience.games import new_game
from patience.games.solving import solve_game
from patience.jobs import Analyses, HintSearch, Known, Solves, TooManySolves
from patience.jobs.queues import (
    LOST,
    LOST_TTL,
    REWIND_QUEUE,
    ROLES,
    SOLVES_IN_FLIGHT,
    UNSEARCHED_KEEP,
    hint_id,
    rewind_id,
)
from patience.jobs.results import Results
from patience.jobs.worker import run
from patience.solver import Budget
from patience.store.redis import connect
from tests.budgets import SEARCH_NODES
from tests.databases import redis_test_url
from tests.jobs.conftest import ask

REDIS_TEST_URL = redis_test_url()  # the suite's own database (PATIENCE_TEST_REDIS)


def work(redis: Redis) -> None:
    """Run a burst worker until the queue is empty."""
    run(REDIS_TEST_URL, burst=True, fork=False)


def rewinds(jobs: Analyses) -> list[str]:
    """The rewind searches waiting (on a queue of their own)."""
    return jobs.queue(REWIND_QUEUE).get_job_ids()


def gone(jobs: Analyses, game: Game[Any, Any]) -> bool:
    """Neither a result nor an RQ record for ``game``'s analysis."""
    return jobs.known(game) == Known(None) and not jobs.redis.exists(
        f"rq:job:analysis-{game.position_key()}"
    )


def draw_all(deal: int) -> Game[Any, Any]:
    game = new_game("pyramid", deal=deal)
    while game.view()["board"]["stock"]["count"]:
        game.play({"type": "draw"})
    return game


def test_pyramid_analysis_waits_for_the_whole_stock_then_reaches_the_verdict(redis: Redis) -> None:
    jobs = Analyses(redis)
    game = new_game("pyramid", deal=2)
    assert ask(jobs, game, 0)["state"] == "not_applicable"
    game.play({"type": "draw"})
    assert ask(jobs, game, 1) == {
        "version": 1,
        "state": "not_applicable",
        "verdict": None,
        "reason": "unseen_cards",
    }
    game = draw_all(2)
    assert game.unseen_count() == 0
    assert ask(jobs, game, 24)["state"] in ("pending", "unavailable")  # no worker yet
    work(redis)
    report = jobs.report(game, 24)
    expected = solve_game(game, Budget(nodes=SEARCH_NODES)).verdict
    assert report == {"version": 24, "state": "done", "verdict": expected, "reason": ""}


def test_a_proven_dead_end_is_reported_unwinnable(redis: Redis) -> None:
    jobs = Analyses(redis)
    game = draw_all(3)  # deal 3 cannot be won
    ask(jobs, game, 24)
    work(redis)
    assert jobs.report(game, 24)["verdict"] == "unwinnable"
    known = jobs.known(game)
    assert known.result is not None and known.result["verdict"] == "unwinnable"
    assert not known.pending and not redis.exists(f"rq:job:analysis-{game.position_key()}")


def test_a_result_is_never_shown_for_another_position(redis: Redis) -> None:
    jobs = Analyses(redis)
    game = draw_all(2)
    ask(jobs, game, 24)
    work(redis)
    assert jobs.report(game, 24)["state"] == "done"
    game.play(game.legal_moves()[0])
    after = jobs.report(game, 25)
    assert after["state"] != "done" and after["verdict"] is None
    assert jobs.known(game).result is None


def test_duplicate_requests_collapse_into_one_job(redis: Redis) -> None:
    jobs = Analyses(redis)
    game = draw_all(2)
    for version in range(3):
        ask(jobs, game, version)
    assert len(jobs.queue()) == 1
    twin = draw_all(2)
    assert twin.position_key() == game.position_key()


def test_without_redis_analysis_is_unavailable_and_nothing_raises() -> None:
    jobs = Analyses(connect("redis://127.0.0.1:1/0"))  # nothing listens there
    report = jobs.report(draw_all(2), 24)
    unavailable = {"state": "unavailable", "verdict": None, "reason": "redis_unavailable"}
    assert report == {"version": 24, **unavailable}
    assert HintSearch(jobs.redis).hint(new_game("pyramid", deal=1), wait=0.1) is None
    assert not jobs.has_workers()


def test_solve_jobs_report_their_verdict_and_line(redis: Redis) -> None:
    jobs = Solves(redis)
    job_id = jobs.submit_solve(new_game("pyramid", deal=1), "p1")
    assert jobs.job_view(job_id)["state"] == "queued"  # type: ignore[index]
    work(redis)
    view = jobs.job_view(job_id)
    assert view is not None and view["state"] == "done" and view["verdict"] == "winnable"
    replay = new_game("pyramid", deal=1)
    for move in view["solution"]:
        replay.play(move)
    assert replay.status == "won"
    assert jobs.job_view("solve-nothing") is None
    assert jobs.job_view("analysis-" + "0" * 40) is None  # only solve jobs are public


def test_hints_come_from_the_worker_when_it_answers_in_time(redis: Redis) -> None:
    jobs = HintSearch(redis)
    game = new_game("pyramid", deal=8153)
    assert jobs.hint(game, wait=0.05) is None  # no worker: the caller gives ordinary advice
    work(redis)
    # Deal 8153 cannot be won: no sample of the stock is, so the search falls back to advice.
    assert jobs.hint(game, wait=0.05) == {
        "hint": {"move": {"type": "king", "at": "p21"}, "reason": "removes_king", "searched": False}
    }
    # Advice, not a searched hint, is kept briefly: asked again later, it is searched again
    # (a search cut off by a loaded machine answers with advice too).
    assert 0 < redis.ttl(Results.key(hint_id(game))) <= UNSEARCHED_KEEP


def test_a_newer_position_supersedes_the_older_analysis_mid_search(redis: Redis) -> None:
    jobs = Analyses(redis)
    # A search that runs its whole budget unless dropped (Gaps deal 4 without redeals is
    # undecided after seconds), so the player's move always lands mid-search; the newer
    # position's analysis is quick.
    older = new_game("gaps", deal=4, options={"redeals": 0})
    newer = draw_all(327)
    ask(jobs, older, 24, owner="g1")

    def move_on() -> None:  # the player moves while the worker searches the older position
        while not jobs.queue().started_job_registry.count:
            time.sleep(0.005)
        ask(jobs, newer, 25, owner="g1")

    player = threading.Thread(target=move_on)
    player.start()
    work(redis)  # runs the older job (dropped mid-search), then the newer one
    player.join()
    # A burst worker stops when it finds its queue empty, which can fall between the older
    # job's drop and the newer job's arrival: another burst runs whatever is left.
    work(redis)
    assert gone(jobs, older)  # dropped: run to its budget, it would have said "timeout"
    assert jobs.report(newer, 25)["state"] == "done"
    # Undo back to the older position: it is wanted again, so queued again for a full search
    # (a dropped search is never taken for a finished one).
    assert ask(jobs, older, 26, owner="g1")["state"] in ("pending", "unavailable")
    assert f"analysis-{older.position_key()}" in jobs.queue().get_job_ids()


def test_a_game_queues_one_analysis_at_most_and_positions_left_behind_never_run(
    redis: Redis,
) -> None:
    jobs = Analyses(redis)
    game = new_game("gaps", deal=1, options={"redeals": 0})
    passed = []
    for version in range(3):  # three quick moves while no worker runs
        ask(jobs, game, version, owner="g2")
        assert len(jobs.queue()) == 1
        passed.append(game.copy())
        game.play(game.legal_moves()[0])
    current = ask(jobs, game, 3, owner="g2")
    assert current == {"version": 3, "state": "unavailable", "verdict": None, "reason": "no_worker"}
    assert len(jobs.queue()) == 1
    work(redis)
    for position in passed:  # taken off the queue unsearched, their records deleted
        assert gone(jobs, position)
    assert not redis.keys("rq:canceled:*")  # (RQ never cleans its canceled registry)
    assert jobs.report(game, 3)["state"] in ("done", "timeout")


def test_an_analysis_two_games_want_stays_while_one_of_them_does(redis: Redis) -> None:
    jobs = Analyses(redis, glance_nodes=0)  # queued, not decided in the asking request
    game = draw_all(2)
    ask(jobs, game, 24, owner="a")
    ask(jobs, game, 24, owner="b")
    moved = game.copy()
    moved.play(moved.legal_moves()[0])
    ask(jobs, moved, 25, owner="a")  # game a moves on; game b still waits
    assert len(jobs.queue()) == 2
    work(redis)
    assert jobs.report(game, 24)["state"] == "done"


def test_past_the_queue_bound_new_analyses_are_busy_not_queued(redis: Redis) -> None:
    jobs = Analyses(redis, queue_limit=2)
    games = [new_game("gaps", deal=deal, options={"redeals": 0}) for deal in (1, 2, 3)]
    states = [ask(jobs, g, 0, owner=f"g{n}")["reason"] for n, g in enumerate(games)]
    assert states == ["no_worker", "no_worker", "busy"]
    assert len(jobs.queue()) == 2


def test_the_newest_position_is_analysed_first_and_rewinds_wait_behind(redis: Redis) -> None:
    jobs = Analyses(redis)
    games = [new_game("gaps", deal=deal, options={"redeals": 0}) for deal in (1, 2, 3)]
    for n, g in enumerate(games):
        ask(jobs, g, 0, owner=f"g{n}")
    lost = draw_all(8153)  # a position an analysis proved lost queues its rewind search
    jobs.start_rewind(lost, "g9")
    newest_first = [f"analysis-{g.position_key()}" for g in reversed(games)]
    assert jobs.queue().get_job_ids() == newest_first
    assert rewinds(jobs) == [rewind_id(lost)]
    interactive = ROLES["interactive"]  # taken last
    assert interactive.index(REWIND_QUEUE) == len(interactive) - 1


def test_a_queue_no_worker_reaches_keeps_no_ids_of_dropped_jobs(redis: Redis) -> None:
    jobs = Analyses(redis)
    first, second = draw_all(8153), draw_all(8154)
    jobs.start_rewind(first, "g1")
    # Rewinds that waited past their lifetime: RQ dropped the jobs, not their ids.
    redis.rpush(jobs.queue(REWIND_QUEUE).key, *(f"rewind-dropped-{n}" for n in range(300)))
    jobs.start_rewind(second, "g2")
    assert sorted(rewinds(jobs)) == sorted([rewind_id(first), rewind_id(second)])


def test_a_player_has_a_few_solves_in_flight_at_most(redis: Redis) -> None:
    jobs = Solves(redis)
    for deal in range(1, SOLVES_IN_FLIGHT + 1):
        jobs.submit_solve(new_game("pyramid", deal=deal), "p1")
    again = jobs.submit_solve(new_game("pyramid", deal=1), "p1")  # the same job: fine
    assert again == f"solve-{new_game('pyramid', deal=1).position_key()}"
    with pytest.raises(TooManySolves):
        jobs.submit_solve(new_game("pyramid", deal=99), "p1")
    jobs.submit_solve(new_game("pyramid", deal=99), "p2")  # another player is not held up
    work(redis)
    jobs.submit_solve(new_game("pyramid", deal=99), "p1")  # the first ones are done


def test_asking_again_searches_a_timed_out_position_once_more(redis: Redis) -> None:
    jobs = Analyses(redis, analysis_seconds=0.5)
    game = new_game("gaps", deal=4, options={"redeals": 0})  # undecided within the budget
    ask(jobs, game, 0, owner="g")
    work(redis)
    assert jobs.report(game, 0)["state"] == "timeout"
    assert ask(jobs, game, 0, owner="g")["state"] == "timeout"  # an action does not re-search
    jobs.ask(game, 0, "g", again=True)  # POST /games/<id>/analysis does
    assert jobs.report(game, 0)["reason"] == "no_worker" and len(jobs.queue()) == 1
    work(redis)
    assert jobs.report(game, 0)["state"] == "timeout"


def test_a_position_lost_within_the_glance_is_told_by_the_asking_request(redis: Redis) -> None:
    """No analysis job: the asking request's own short search (``GLANCE_NODES``) proves the
    position lost, keeps it among the game's dead ends and queues only the rewind search;
    a position it cannot decide is queued for a worker as before."""
    jobs = Analyses(redis)
    lost = draw_all(8153)  # proven lost within the glance's nodes (deal 327: not within them)
    report = ask(jobs, lost, 0, owner="g1")
    assert report["state"] == "done" and report["verdict"] == "unwinnable"
    assert (jobs.known(lost).result or {}).get("from") == "glance"
    assert not jobs.queue().get_job_ids() and rewinds(jobs)  # no analysis; the rewind
    (kept,) = redis.smembers(LOST + "g1")
    assert json.loads(kept) == lost.position()
    undecided = new_game("gaps", deal=4, options={"redeals": 0})
    assert ask(jobs, undecided, 0, owner="g2")["reason"] == "no_worker"
    assert f"analysis-{undecided.position_key()}" in jobs.queue().get_job_ids()


def test_a_proven_dead_end_is_kept_for_the_games_later_analyses(redis: Redis) -> None:
    jobs = Analyses(redis, glance_nodes=0)  # the worker's proof, not the asking request's
    lost = draw_all(327)  # a proven dead end at once
    ask(jobs, lost, 0, owner="g1")
    work(redis)
    assert jobs.report(lost, 0)["verdict"] == "unwinnable"
    (kept,) = redis.smembers(LOST + "g1")
    assert json.loads(kept) == lost.position()
    assert 0 < redis.ttl(LOST + "g1") <= LOST_TTL


def test_every_position_after_a_proven_dead_end_is_lost_without_a_search(redis: Redis) -> None:
    jobs = Analyses(redis, glance_nodes=0)  # no search at all, not even the request's glance
    lost = draw_all(327)  # a proven dead end at once
    ask(jobs, lost, 0, owner="g1")
    work(redis)
    later = lost.copy()
    for _ in range(2):  # two moves on, the one between never analysed
        later.play(later.legal_moves()[0])
    report = ask(jobs, later, 2, owner="g1")
    assert report["state"] == "done" and report["verdict"] == "unwinnable"
    assert not jobs.queue().get_job_ids() and rewinds(jobs)  # no analysis; the rewind
    assert (jobs.known(later).result or {}).get("from") == "lost_ancestor"
    elsewhere = draw_all(327)  # another game at the same dead end, none of it proved there
    elsewhere.play(elsewhere.legal_moves()[1])
    elsewhere.play(elsewhere.legal_moves()[0])
    assert ask(jobs, elsewhere, 2, owner="g2")["state"] != "done"
