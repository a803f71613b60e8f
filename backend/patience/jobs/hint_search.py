"""Searched hints: the worker's hint for a position, waited for briefly (a waiting hint
preempts any analysis the worker is running); the caller gives ordinary advice when it is
not ready in time."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from redis import RedisError

from patience.engine import Game
from patience.jobs.lines import kept_hint
from patience.jobs.queues import HINT, hint_id
from patience.jobs.submitter import Json, Submitter, primitives


class HintSearch(Submitter):
    """The searched-hint jobs."""

    def hint(self, game: Game[Any, Any], wait: float) -> Json | None:
        """The worker's hint for ``game``, waiting at most ``wait`` seconds; ``None`` when it
        is not ready (the caller gives ordinary advice instead)."""
        try:
            found = self.kept(game)
            if found is not None:  # a winning line through here is known: no search
                return found
            job_id = hint_id(game)
            deadline = time.monotonic() + wait
            (known,) = self.results.read(job_id)
            if known.unknown:
                self.submit(HINT, job_id, primitives(game), known=known)
                known = replace(known, status="queued")
            while known.result is None:
                if not known.pending or time.monotonic() > deadline:
                    return None
                time.sleep(0.02)
                (known,) = self.results.read(job_id)
            return known.result
        except RedisError:
            return None

    def kept(self, game: Game[Any, Any]) -> Json | None:
        """The hint a winning line kept through ``game``'s position gives, with no search
        and no worker (``None``: none is kept, or Redis does not answer)."""
        try:
            kept = kept_hint(self.redis, game)
        except RedisError:
            return None
        return None if kept is None else {"hint": kept}
