"""The background jobs no player waits for: a deal's par, the weighing of a win for its
fair-play mark, and the ranked pool's filler. Each is queued best effort by its caller."""

from __future__ import annotations

from typing import Any

from rq.job import Job

from patience.engine import Game
from patience.jobs.queues import (
    FAIR_PLAY,
    FAIR_PLAY_SWEEP,
    FAIR_PLAY_SWEEP_EVERY,
    FAIR_PLAY_SWEEP_JOB,
    FAIR_PLAY_SWEPT,
    PAR,
    PAR_QUEUE,
    PAR_QUEUE_LIMIT,
    PAR_SECONDS,
    POOL,
    POOL_FULL,
    POOL_JOB,
    fair_play_id,
    lifetime,
    par_id,
    queue_key,
)
from patience.jobs.submitter import Submitter

# Queue KEYS[1] keeps at most ARGV[1] jobs: the oldest leave it, their records deleted.
TRIM = """
local dropped = 0
while redis.call('LLEN', KEYS[1]) > tonumber(ARGV[1]) do
  redis.call('DEL', ARGV[2] .. redis.call('LPOP', KEYS[1]))
  dropped = dropped + 1
end
return dropped
"""


class Pars(Submitter):
    """Par searches."""

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


class FairPlayWeighing(Submitter):
    """The weighing of wins for their fair-play mark, and the sweep of wins whose weighing
    was lost."""

    def submit_fair_play(self, game_id: str) -> None:
        """Queue the weighing of won game ``game_id``'s line (raises ``RedisError``)."""
        self.submit(FAIR_PLAY, fair_play_id(game_id), (game_id,))

    def sweep_fair_play(self) -> bool:
        """Queue the sweep of wins left ``pending`` unless one was queued within
        :data:`FAIR_PLAY_SWEEP_EVERY` seconds (whether it was queued; raises ``RedisError``)."""
        if not self.redis.set(FAIR_PLAY_SWEPT, 1, nx=True, ex=lifetime(FAIR_PLAY_SWEEP_EVERY)):
            return False
        self.submit(FAIR_PLAY_SWEEP, FAIR_PLAY_SWEEP_JOB, ())
        return True


class PoolFiller(Submitter):
    """The ranked pool's filler."""

    def top_up_pool(self) -> None:
        """Queue the filler, unless a recent run left the pool full or it is queued or
        running (raises ``RedisError``)."""
        if not self.redis.exists(POOL_FULL):
            self.submit(POOL, POOL_JOB, ())
