"""What keeps the queues and Redis bounded, through a real Redis: par searches one per deal and
ruleset, capped (the oldest dropped, queued again when its deal is dealt again) and expiring
while queued; a game that ends lets go of its analysis."""

from __future__ import annotations

from redis import Redis

from patience.games import new_game
from patience.jobs import Analyses, Known, Pars
from patience.jobs.queues import HOUR, LATEST, PAR_QUEUE, PAR_QUEUE_LIMIT
from tests.jobs.conftest import ask


def test_par_searches_are_deduplicated_capped_and_expire(redis: Redis) -> None:
    jobs = Pars(redis)
    queue = jobs.queue(PAR_QUEUE)
    jobs.submit_par(new_game("gaps", deal=1))
    jobs.submit_par(new_game("gaps", deal=1))  # the same deal and ruleset: one search
    assert queue.get_job_ids() == ["par-gaps-redeals-2-1"]
    jobs.submit_par(new_game("gaps", deal=1, options={"redeals": 0}))  # another ruleset
    assert len(queue) == 2
    assert 0 < redis.ttl("rq:job:par-gaps-redeals-2-1") <= HOUR  # dropped if never run
    for deal in range(2, PAR_QUEUE_LIMIT + 1):
        jobs.submit_par(new_game("gaps", deal=deal))
    ids = queue.get_job_ids()
    assert len(ids) == PAR_QUEUE_LIMIT
    assert "par-gaps-redeals-2-1" not in ids  # the oldest went, and its record with it
    assert not redis.exists("rq:job:par-gaps-redeals-2-1")
    jobs.submit_par(new_game("gaps", deal=1))  # dealt again: searched again
    assert queue.get_job_ids()[-1] == "par-gaps-redeals-2-1" and len(queue) == PAR_QUEUE_LIMIT


def test_a_game_that_ends_lets_go_of_its_analysis(redis: Redis) -> None:
    jobs = Analyses(redis)
    game = new_game("gaps", deal=2)
    ask(jobs, game, 0, owner="g")
    ask(jobs, game, 0, owner="h")  # another game at the same position
    jobs.release("g")
    assert len(jobs.queue()) == 1  # h still wants it
    jobs.release("h")
    assert len(jobs.queue()) == 0 and not redis.keys(f"{LATEST}*")
    assert jobs.known(game) == Known(None)
    assert not redis.exists(f"rq:job:analysis-{game.position_key()}")
