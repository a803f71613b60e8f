"""Whether a running job should stop, and how a stopped one goes back on its queue.

An analysis or a rewind search runs for seconds on the one core of its worker; meanwhile a
hint may arrive, or the game that wanted the result may move on. Their searches poll
:meth:`Watch.should_stop` (through the search budget's ``cancelled``), which looks in Redis
at most every 0.2 s; a stopped run answers RQ with :func:`put_back`.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from redis import RedisError
from redis.client import Pipeline
from redis.typing import EncodableT, FieldT
from rq import Retry, get_current_job
from rq.job import Job

from patience.jobs import stopping
from patience.jobs.queues import (
    HINT_QUEUE,
    LATEST,
    REWIND,
    REWIND_PROBES,
    ROLES,
    WANTED,
    lifetime,
    queue_key,
)
from patience.jobs.results import text

Json = dict[str, Any]


PREEMPTIONS = 1
"""Runs of an analysis a waiting hint may cut short. A preempted run starts again from
nothing, so under a steady stream of hints an analysis preempted every time would never
finish (measured: 64 hint-followers, not one verdict for a stray move in a minute); after
this many, the run goes to its end and the hints wait (the API answers them with the
search-free advice meanwhile)."""


class Watch:
    """Whether the running analysis should stop: no game wants it any more, or a hint job
    waits (for the first :data:`PREEMPTIONS` runs). Looked up in Redis at most every
    ``every`` seconds; once it says stop, it stays so for this run (``reason`` says
    why)."""

    def __init__(self, job: Job, every: float = 0.2) -> None:
        self.job, self.every = job, every
        self.reason = ""
        self._next_look = 0.0

    def ask_wanted(self, pipe: Pipeline) -> None:
        """Queue on ``pipe`` the one look-up that tells whether the job is still wanted."""
        pipe.exists(WANTED + self.job.id)

    def is_wanted(self, answer: Any) -> bool:
        """Whether the job is still wanted, from the answer to :meth:`ask_wanted`."""
        return bool(answer)

    def ask_waiting(self, pipe: Pipeline) -> None:
        """Queue on ``pipe`` the look-ups of the jobs this one gives way to."""
        pipe.llen(queue_key(HINT_QUEUE))

    def gives_way(self, waiting: list[int]) -> bool:
        """Whether to stop for the jobs waiting (the answers to :meth:`ask_waiting`)."""
        return bool(waiting[0]) and (self.job.number_of_retries or 0) < PREEMPTIONS

    @classmethod
    def of_current_job(cls) -> Watch | None:
        """The watch of the job this worker runs (``None`` outside a worker)."""
        job = get_current_job()
        return None if job is None else cls(job)

    def should_stop(self) -> bool:
        if stopping.asked():
            self.reason = "worker_stopping"
            return True
        now = time.monotonic()
        if not self.reason and now >= self._next_look:
            self._next_look = now + self.every
            try:
                with self.job.connection.pipeline(transaction=False) as pipe:
                    self.ask_wanted(pipe)
                    self.ask_waiting(pipe)
                    wanted, *waiting = pipe.execute()
            except RedisError:
                return False
            if not self.is_wanted(wanted):
                self.reason = "superseded"
            elif self.gives_way(waiting):
                self.reason = "preempted"
        return bool(self.reason)

    def stopped(self) -> Json | Retry:
        """What the stopped job answers RQ: nothing to publish when superseded; when
        preempted, back on its queue behind the waiting hint; when its worker is stopping,
        back on its queue for the next worker."""
        if self.reason in ("preempted", "worker_stopping"):
            return put_back(self.job)
        return {"verdict": None, self.reason: True}


class RewindWatch(Watch):
    """The same for a rewind search: it is wanted while game ``owner`` is still at the lost
    position (analysis ``analysis``), and it gives way to every hint, analysis or ``/solve``
    waiting, however often (what it proved is kept, :data:`REWIND_PROBES`): a player who
    lost and dealt again would otherwise get the search-free advice for the rewind's
    budget, and every other player's verdicts would wait."""

    def __init__(self, job: Job, owner: str | None, analysis: str | None) -> None:
        super().__init__(job)
        self.owner, self.analysis = owner, analysis

    def ask_wanted(self, pipe: Pipeline) -> None:
        pipe.get(LATEST + (self.owner or ""))

    def is_wanted(self, answer: Any) -> bool:
        if not (self.owner and self.analysis):
            return True
        return answer is not None and text(answer) == self.analysis

    def ask_waiting(self, pipe: Pipeline) -> None:
        for name in ROLES["interactive"][: ROLES["interactive"].index(REWIND.queue)]:
            pipe.llen(queue_key(name))

    def gives_way(self, waiting: list[int]) -> bool:
        return any(waiting)


def put_back(job: Job) -> Retry:
    """What a job answers RQ to go back on its queue at once (at its end: RQ requeues a
    retry there) without spending a run of its own: it was stopped, not failed."""
    return Retry(max=(job.number_of_retries or 0) + 1)


def proved_so_far(job: Job) -> dict[int, bool]:
    """What the earlier runs of rewind ``job`` proved (:data:`REWIND_PROBES`)."""
    with contextlib.suppress(RedisError):
        kept = job.connection.hgetall(REWIND_PROBES + job.id)
        return {int(length): won == b"1" for length, won in kept.items()}
    return {}


def keep_proved(job: Job, proved: dict[int, bool]) -> None:
    """Keep what rewind ``job`` proved so far for its next run (best effort)."""
    with contextlib.suppress(RedisError):
        key = REWIND_PROBES + job.id
        if proved:
            mapping: dict[FieldT, EncodableT] = {
                str(length): "1" if won else "0" for length, won in proved.items()
            }
            with job.connection.pipeline() as pipe:
                pipe.hset(key, mapping=mapping)
                pipe.expire(key, lifetime(REWIND.keep))
                pipe.execute()
