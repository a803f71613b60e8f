"""The results store: the one home of what the worker finds that is not durable — verdicts,
rewind points, hints, ``/solve`` answers — keyed by job id, each with a lifetime.

The worker writes a job's result here as the job ends (:func:`publish`); RQ's own record of
the job is deleted at once (``result_ttl=0``), so a job's key exists only while it is queued
or running. The API reads a job's result and whether it is still pending in one round trip
(:meth:`Results.read`). Durable results (a deal's par) go straight to the database instead.

>>> Results.key("analysis-abc")
'patience:result:analysis-abc'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from redis import Redis
from rq.job import Job, JobStatus

Json = dict[str, Any]

RESULT = "patience:result:"
"""+ job id → the job's result (JSON)."""

PENDING = frozenset(
    s.value
    for s in (
        JobStatus.QUEUED,
        JobStatus.STARTED,
        JobStatus.DEFERRED,
        JobStatus.SCHEDULED,
        JobStatus.CREATED,
    )
)
"""RQ statuses of a job that will still run (anything else is over: failed, stopped)."""


@dataclass(frozen=True)
class Known:
    """What Redis says of one job: its result, if any, and RQ's status of the job while its
    record exists (queued or running; failed, for a while, when every run failed)."""

    result: Json | None
    status: str | None = None
    busy: bool = False
    """The API refused to queue it: its queue was at its bound."""

    @property
    def pending(self) -> bool:
        """Whether the job will still run (or runs now)."""
        return self.status in PENDING

    @property
    def unknown(self) -> bool:
        """Neither a result nor a job that will give one."""
        return self.result is None and not self.pending


class Results:
    """Results by job id, on one Redis connection."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    @staticmethod
    def key(job_id: str) -> str:
        return RESULT + job_id

    def put(self, job_id: str, result: Json, keep: int) -> None:
        """Keep ``result`` for ``keep`` seconds."""
        self.redis.set(self.key(job_id), json.dumps(result, separators=(",", ":")), ex=keep)

    def read(self, *job_ids: str) -> list[Known]:
        """Each job's result and whether it is pending, in one round trip."""
        with self.redis.pipeline(transaction=False) as pipe:
            for job_id in job_ids:
                pipe.get(self.key(job_id))
                pipe.hget(Job.key_for(job_id), "status")
            answers = pipe.execute()
        return [self.known_of(*pair) for pair in zip(answers[::2], answers[1::2], strict=True)]

    @staticmethod
    def known_of(found: bytes | None, status: bytes | None) -> Known:
        """A job's :class:`Known` from its stored result and its RQ status, as Redis gives
        them."""
        return Known(
            None if found is None else json.loads(found), None if status is None else text(status)
        )

    def get(self, job_id: str) -> Json | None:
        """A job's result, if it is known."""
        return self.read(job_id)[0].result


def text(value: bytes | str) -> str:
    """A Redis reply as text (the clients here do not decode replies)."""
    return value.decode() if isinstance(value, bytes) else value


def members(redis: Redis, key: str) -> list[str]:
    """The members of the set at ``key``, as text."""
    return [text(member) for member in redis.smembers(key)]


def publish(job: Job, result: Json, keep: int) -> None:
    """The worker's side: ``job``'s result, kept ``keep`` seconds (raises ``RedisError``)."""
    Results(job.connection).put(job.id, result, keep)
