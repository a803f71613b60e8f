"""Redis stays bounded under play: a few thousand quick Gaps moves by sixteen
players through the API, with a real ``patience worker`` analysing every position, on a
private Redis. Every lifetime is scaled down (``PATIENCE_LIFETIME_SCALE``) so that what a
day of play would keep expires within the run: the keys without an expiry must not grow
with the moves, and the memory must level off."""

from __future__ import annotations

import pytest

from bench.redis_growth import play
from tests.servers import private_redis

MOVES, EVERY = 2000, 500
SCALE = "0.002"  # a day: under three minutes; ten minutes (a verdict left behind): 1.2 s


def test_keys_without_expiry_do_not_grow_and_memory_levels_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PATIENCE_LIFETIME_SCALE", SCALE)  # the API here and the worker
    with private_redis() as redis:
        samples = play(MOVES, players=16, every=EVERY, redis_url=redis.url)
    for s in samples:
        print(s["moves"], "moves:", s["persistent"], "keys without expiry", s["used_memory"], "B")
    warm = samples[1]  # queues and registries exist once the first jobs ran
    for later in samples[2:]:
        assert later["persistent"] <= warm["persistent"] + 3, later["shapes"]
    assert not any(s.startswith("rq:job:") and n > 3 for s, n in samples[-1]["shapes"].items())
    half = samples[len(samples) // 2]
    assert samples[-1]["used_memory"] - half["used_memory"] < 256_000  # < 256 B a move
