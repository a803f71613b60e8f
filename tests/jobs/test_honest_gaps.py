"""Gaps with a redeal left through the job queue, with a real Redis and an
in-process burst worker: the analysis is asked for and run like any other, but its report
is ``not_applicable``/``unseen_shuffle`` unless the worker found a win that needs no further
redeal; positions that differ only in their seed read the same; kept lines hand out no move
chosen before a redeal."""

from __future__ import annotations

import json
from typing import Any

import pytest
from redis import Redis

from patience.engine import Game
from patience.games import load_position, new_game
from patience.games.solving import solve_in_sight
from patience.jobs import Analyses, lines
from patience.jobs.lines import LINE, WON, keep, kept_hint
from patience.jobs.queues import analysis_id
from patience.solver import Budget
from tests.jobs.conftest import ask
from tests.jobs.test_jobs import work
from tests.solver.test_honest_gaps import careless_until_stuck

UNSEEN_SHUFFLE = {"state": "not_applicable", "verdict": None, "reason": "unseen_shuffle"}


def reseeded(game: Game[Any, Any], seed: int) -> Game[Any, Any]:
    return load_position(dict(game.position(), seed=seed), game.options)


def test_a_stuck_board_with_a_redeal_left_reads_the_same_whatever_the_seed(redis: Redis) -> None:
    jobs = Analyses(redis)
    stuck = careless_until_stuck(1, {"redeals": 1})
    games = [reseeded(stuck, seed) for seed in (stuck.state.seed, 7, 123_456)]
    for n, game in enumerate(games):
        assert ask(jobs, game, 5, owner=f"g{n}") == {"version": 5, **UNSEEN_SHUFFLE}
    assert len(jobs.queue()) == 3  # each is searched, for a win in sight only
    work(redis)
    for game in games:
        assert jobs.report(game, 5) == {"version": 5, **UNSEEN_SHUFFLE}
        assert jobs.known(game).result["verdict"] == "none_in_sight"  # type: ignore[index]
    # Never a proven dead end: no rewind search starts, none is reported.
    assert not redis.keys("rewind-*") and not redis.keys("rq:job:rewind-*")


def test_a_win_in_sight_is_reported_winnable_and_its_line_kept(redis: Redis) -> None:
    """Kept for verdicts, never served as a hint (the analysis's search is timed: its line
    depends on the machine's load, and hints must not)."""
    jobs = Analyses(redis)
    game = new_game("gaps", deal=1, options={"redeals": 2})
    assert ask(jobs, game, 0, owner="g") == {"version": 0, **UNSEEN_SHUFFLE}  # not searched yet
    work(redis)
    assert jobs.report(game, 0) == {
        "version": 0,
        "state": "done",
        "verdict": "winnable",
        "reason": "",
    }
    kept = json.loads(redis.get(WON + game.position_key()) or "null")
    assert kept is not None and kept["type"] == "move"
    assert kept_hint(redis, game) is None


def test_full_information_once_no_redeal_is_left(redis: Redis) -> None:
    jobs = Analyses(redis, analysis_seconds=2)
    game = new_game("gaps", deal=1, options={"redeals": 1})
    game.play({"type": "redeal"})
    assert not game.unseen_shuffle()
    assert ask(jobs, game, 1, owner="g")["state"] in ("pending", "unavailable")
    work(redis)
    assert jobs.report(game, 1)["state"] in ("done", "timeout")


def test_kept_lines_keep_no_move_before_a_redeal(redis: Redis) -> None:
    """A winning line through a redeal was found knowing how it falls: the positions before
    it keep nothing; those after it (a win in sight from there) keep their next move."""
    game = new_game("gaps", deal=4, options={"redeals": 1})
    before = [game.legal_moves()[0]]
    after = game.copy()
    for move in [*before, {"type": "redeal"}]:
        after.play(move)
    rest = solve_in_sight(after, Budget(nodes=100_000)).solution  # won in 34,659 nodes
    assert rest is not None
    kept = keep(redis, game, [*before, {"type": "redeal"}, *rest])
    assert kept == len(rest)
    assert redis.get(LINE + game.position_key()) is None
    assert json.loads(redis.get(LINE + after.position_key()) or "null") == rest[0]
    assert analysis_id(game) != analysis_id(after)


def test_a_long_line_keeps_its_first_positions_only(
    redis: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A solver's line may run thousands of moves past where a player leaves it: only its
    first positions are kept (still none before a redeal)."""
    monkeypatch.setattr(lines, "KEEP_AHEAD", 5)
    game = new_game("gaps", deal=4, options={"redeals": 1})
    game.play({"type": "redeal"})
    rest = solve_in_sight(game, Budget(nodes=100_000)).solution
    assert rest is not None and len(rest) > 6
    walker = game.copy()
    positions = []
    for move in rest[:6]:
        positions.append(walker.position_key())
        walker.play(move)
    assert keep(redis, game, rest) == 5
    assert [redis.get(LINE + key) is not None for key in positions] == [True] * 5 + [False]
