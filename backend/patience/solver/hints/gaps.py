"""Gaps hints. Every card is face up, but while a redeal remains, where its cards will fall
is unseen (the honesty rule: no hint may depend on it; the position's ``seed`` decides it).

- **No redeal left** (or redeals 0): the position is full-information, so the exact solver
  leads: its winning line is the hint (and the worker keeps the line, so the next hints along
  it are instant). When no win is found in the budget, a guided beam's most promising line
  leads instead.
- **A redeal left**: first a search for a win *in sight* — one that needs no further redeal
  (:func:`~patience.solver.gaps.no_redeals`): it reads nothing of the seed, and its line is
  kept like the exact solver's. Else a *vote* over :data:`SAMPLES` sampled shuffles, as in
  Forty Thieves before the stock is seen: the position searched with redeals dealt by seeds
  drawn from a generator seeded by public information only (the board, the redeals left and
  done, the ruleset: :func:`sample_seeds`), each sample's win voting for its first move —
  a redeal among them, so whether to redeal now is the vote's too; when no sample is won,
  each sample's guided beam votes. Two positions that differ only in the seed get the same
  hint.

Without search, a short look ahead on the beam's guide (the seed page's tips break its ties),
a redeal only when no card move leads anywhere new. No hint ever leads back to a position the
game has been in (:mod:`patience.solver.hints.common`); a redeal, which deals unseen cards,
always counts as new.

>>> from patience.games import new_game
>>> quick(new_game("gaps", deal=1, options={"redeals": 2}))
{'move': {'type': 'move', 'card': '4C', 'to': 'r3c4'}, 'reason': 'fills_gap', 'searched': False}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any, ClassVar

from patience.engine import Game
from patience.engine.deal import MAX_DEAL, SplitMix64
from patience.engine.gaps import COLS, GapsGame, GapsMove, GapsState, Place, run_length
from patience.solver.core import solve
from patience.solver.gaps import GapsAdapter, no_redeals
from patience.solver.gaps_grid import encode
from patience.solver.hints.common import (
    DEFAULT,
    Effort,
    Hint,
    Json,
    Line,
    avoiding,
    calibrated,
    canonical,
    guided_beam,
    make_hint,
    pick,
    public_seed,
    settled,
    shortened,
)

NODES = calibrated(native_nodes=200_000, pure_nodes=20_000)
"""A searched hint's node budget (:class:`~patience.solver.hints.common.Effort`)."""
SOLVE_SHARE = 0.8
"""The share of a hint's budget the exact solver gets; the guided beam has the rest."""
HINT_BEAMS = (400, 100)
"""The exact solver's beams in a hint (no redeal left): its own first beam, then a narrow one
instead of its width-1500 beam, which reaches about 5 moves deep in what is left of a hint's
budget (a width-100 beam about 60, where wins are 80-110 moves deep). The first 150 tuning
deals, first hint at 160,000 nodes: 125 won with (400, 100), 117 with the solver's (400, 1500),
93 with (100,) alone."""
BEAM_WIDTH = 200
BEAM_NODES = 12_000
"""At most, for a guided beam (it runs in Python on either core)."""

IN_SIGHT_SHARE = 0.3
"""With a redeal left: the share of a hint's budget the search for a win in sight gets;
the samples' searches have :data:`SAMPLES_SHARE`, their guided beams the rest."""
SAMPLES_SHARE = 0.5
SAMPLES = 6
"""Sampled shuffles a hint votes over while a redeal remains."""
SAMPLE_BEAM_WIDTH = 50


def public_key(state: GapsState) -> Hashable:
    """The board: the grid and the redeals left (with unlimited redeals a redeal that deals
    a grid seen before comes back to that board, whatever the count of redeals made)."""
    return (state.grid, state.redeals_left)


def reason(state: GapsState, move: GapsMove) -> str:
    if not isinstance(move, Place):
        return "redeal"
    row, col = divmod(move.to, COLS)
    return "extends_run" if run_length(state.grid, row) == col else "fills_gap"


def _hint(state: GapsState, move: GapsMove, searched: bool) -> Json:
    return make_hint(move.to_dict(), reason(state, move), searched)


def searched(game: Game[Any, Any], effort: Effort = DEFAULT) -> tuple[Hint, list[Json] | None]:
    """The searched hint, and a winning line from here when one was found that depends on
    nothing unseen (the exact solver's, or a win in sight)."""
    assert isinstance(game, GapsGame)
    state = game.state
    line = Line.of(game, public_key)
    fresh = fresh_moves(game, line)
    if not fresh:
        return None, None
    adapter, start = GapsAdapter.from_game(game)
    if state.can_redeal():
        return _voted(game, line, fresh, adapter, start, effort)
    forbidden: set[Hashable] = {adapter.key(encode(s)) for s in line.earlier}
    search = avoiding(HintBeams(adapter.seed, adapter.aces_shuffled), forbidden)
    result = solve(search, start, effort.share(SOLVE_SHARE).budget())
    if result.verdict == "winnable" and result.solution:
        first = game.parse_move(result.solution[0])
        if line.fresh(first):  # the line is kept and followed: without its detours
            return _hint(state, first, True), shortened(game, result.solution, effort)
    nodes = min(BEAM_NODES, max(1, (effort.nodes or BEAM_NODES) - result.nodes))
    found = guided_beam(
        search, start, adapter.score, width=BEAM_WIDTH, nodes=nodes, cancelled=effort.cut
    )
    if found.line:
        moves = adapter.move_json(found.line)
        first = game.parse_move(moves[0])
        if line.fresh(first):
            return _hint(state, first, True), moves if found.won else None
    return quick(game), None


class HintBeams(GapsAdapter):
    """The exact solver with a hint's beams (:data:`HINT_BEAMS`)."""

    BEAMS: ClassVar[tuple[int, ...]] = HINT_BEAMS


def fresh_moves(game: GapsGame, line: Line) -> dict[str, GapsMove]:
    """The legal moves that lead somewhere new, by :func:`canonical` JSON in the engine's
    order. A redeal always does while one remains (what it deals is unseen: whether its grid
    was met before must not depend on the seed), so only card moves are checked."""
    return {
        canonical(move.to_dict()): move
        for move in game.legal_here()
        if not isinstance(move, Place) or line.fresh(move)
    }


def _voted(
    game: GapsGame,
    line: Line,
    fresh: dict[str, GapsMove],
    adapter: GapsAdapter,
    start: Any,
    effort: Effort,
) -> tuple[Hint, list[Json] | None]:
    """The hint while a redeal remains: a win in sight, else the samples' vote (see the
    module docstring). Nothing here reads the position's seed: the search in sight deals no
    redeal, and each sample deals its redeals from a seed of its own."""
    state = game.state
    won = _in_sight(line, adapter, start, effort)
    if won is not None:
        first = fresh.get(canonical(won[0]))
        if first is not None:
            return _hint(state, first, True), shortened(game, won, effort)
    if len(fresh) == 1:  # nothing to choose: no vote
        (only,) = fresh.values()
        return _hint(state, only, False), None
    chosen = pick(_votes(game, line, fresh, adapter, start, effort), fresh)
    if chosen is not None:
        return _hint(state, chosen, True), None
    return quick(game), None


def sample_votes(game: Game[Any, Any], effort: Effort = DEFAULT) -> Counter[str]:
    """The honest vote of :func:`searched` while a redeal remains (moves in canonical JSON),
    the fair-play statistic's sighted model: a win in sight gets every sample's vote (it wins
    whatever the redeals would deal), else each sample's win votes for its first move, or,
    when none is won, each sample's guided beam. Empty with no redeal left (nothing unseen)
    or fewer than two fresh moves. ``effort``'s nodes (:data:`NODES` when it names none)."""
    assert isinstance(game, GapsGame)
    if not game.state.can_redeal():
        return Counter()
    line = Line.of(game, public_key)
    fresh = fresh_moves(game, line)
    if len(fresh) < 2:
        return Counter()
    started = effort.start(NODES)
    adapter, start = GapsAdapter.from_game(game)
    won = _in_sight(line, adapter, start, started)
    if won is not None and canonical(won[0]) in fresh:
        return Counter({canonical(won[0]): SAMPLES})
    return _votes(game, line, fresh, adapter, start, started)


def _in_sight(line: Line, adapter: GapsAdapter, start: Any, effort: Effort) -> list[Json] | None:
    """A win that deals no further redeal (it reads nothing of the seed), from ``start``
    and avoiding the line's positions with as many redeals left, within the in-sight share."""
    redeals_left = line.game.state.redeals_left
    same = [s for s in line.earlier if s.redeals_left == redeals_left]
    search = avoiding(adapter, {adapter.key(no_redeals(encode(s))) for s in same})
    result = solve(search, no_redeals(start), effort.share(IN_SIGHT_SHARE).budget())
    return result.solution if result.verdict == "winnable" and result.solution else None


def _votes(
    game: GapsGame,
    line: Line,
    fresh: dict[str, GapsMove],
    adapter: GapsAdapter,
    start: Any,
    effort: Effort,
) -> Counter[str]:
    """The samples' votes: each sampled shuffle's win for its first move; when none names a
    fresh move, each sample's guided beam for the first move of its most promising line."""
    forbidden: set[Hashable] = {adapter.key(encode(s)) for s in line.earlier}
    samples = [GapsAdapter(seed, adapter.aces_shuffled) for seed in sample_seeds(game)]
    each = effort.share(SAMPLES_SHARE / len(samples))
    votes: Counter[str] = Counter()
    for n, sample in enumerate(samples):
        if settled(votes, len(samples) - n):
            break
        won = solve(avoiding(sample, forbidden), start, each.budget())
        if won.verdict == "winnable" and won.solution:
            votes[canonical(won.solution[0])] += 1
    if pick(votes, fresh) is not None:
        return votes
    beam = effort.share((1 - IN_SIGHT_SHARE - SAMPLES_SHARE) / len(samples))
    for sample in samples:
        found = guided_beam(
            avoiding(sample, forbidden),
            start,
            sample.score,
            width=SAMPLE_BEAM_WIDTH,
            nodes=min(BEAM_NODES // len(samples), beam.nodes or BEAM_NODES),
            cancelled=effort.cut,
        )
        if found.line:
            votes[canonical(sample.move_json(found.line[:1])[0])] += 1
    return votes


def sample_seeds(game: GapsGame) -> list[int]:
    """The seeds of :data:`SAMPLES` sampled shuffles for ``game``'s position, from a
    generator seeded by public information only: the board, the redeals left and done and
    the ruleset — never the position's own seed.

    >>> from patience.games import new_game
    >>> a, b = new_game("gaps", deal=1), new_game("gaps", deal=1)
    >>> sample_seeds(a) == sample_seeds(b) != sample_seeds(new_game("gaps", deal=2))
    True
    """
    state = game.state
    public = {
        "board": repr(public_key(state)),
        "redeals_done": state.redeals_done,
        "rules": game.ruleset,
    }
    rng = SplitMix64(public_seed(public))
    return [1 + rng.below(MAX_DEAL) for _ in range(SAMPLES)]


def quick(game: Game[Any, Any]) -> Hint:
    """Advice without search: the fresh move whose position scores best on the beam's guide
    (:meth:`GapsAdapter.score`: cards in place, cards followed by their successor, redeals in
    hand, gaps that take nothing), looking one move further; ties broken by the seed page's
    tips (grow a row's run from the left, never open a gap right of a king, prefer a move
    whose new gap can itself be filled). A redeal only when no card move leads anywhere new:
    what it would deal is unseen, so it is never weighed by its outcome."""
    assert isinstance(game, GapsGame)
    state = game.state
    line = Line.of(game, public_key)
    found = list(fresh_moves(game, line).values())
    moves = [m for m in found if isinstance(m, Place)] or found  # a redeal's cards are unseen
    if not moves:
        return None
    adapter = GapsAdapter.from_game(game)[0]

    def value(after: GapsState) -> int:
        here = adapter.score(encode(after))
        ahead = [
            adapter.score(encode(game.apply(after, m)[0]))
            for m in game.legal(after)
            if isinstance(m, Place)
        ]
        return max([here, *ahead])

    best = min(moves, key=lambda m: (-value(line.after(m)), _tips(state, m)))
    return _hint(state, best, False)


def _tips(state: GapsState, move: GapsMove) -> tuple[int, ...]:
    """The seed page's tips as an order (lower first)."""
    if not isinstance(move, Place):
        return (9,)
    grid, card, to = state.grid, move.card, move.to
    row, col = divmod(to, COLS)
    source = grid.index(card)
    left_of_source = grid[source - 1] if source % COLS else None
    opens_after_king = left_of_source is not None and left_of_source.rank == 13
    follower = grid[to + 1] if col + 1 < COLS else None
    follows = follower is not None and follower.suit == card.suit and follower.rank == card.rank + 1
    return (
        0 if run_length(grid, row) == col else 1,
        1 if opens_after_king else 0,
        0 if follows else 1,
        col,
    )
