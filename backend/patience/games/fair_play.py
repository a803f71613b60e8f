"""Fair-play marks: how far a won line's choices are explained by cards the player
had not seen.

A second account can scout a ranked deal (draw through its stock) and a numbered deal's cards
can be computed, so a player may play as if clairvoyant. That cannot be prevented; like
lichess, it is flagged for an operator to look at, never removed.

**The statistic.** At each *decision* of the line taken while something was unseen (cards
face down, or in Gaps a redeal still to come: where it will put the cards, the position's
seed) and with at least two moves leading somewhere new (the no-cycle rule's fresh moves
``M``; a redeal is one), two models of the player are compared:

- *sighted*: the honest sampled vote (the searched hint's own vote over samples of the unseen
  order, :attr:`GameEntry.votes`, seeded by public information only; in Gaps a win in
  sight, one that needs no further redeal, gets every sample's vote): with probability
  ``1 − λ`` the player plays the vote's leader (ties share it), else a move in proportion to
  its smoothed share of the vote, ``s(m) = (v(m) + α) / (V + α·|M|)``; so
  ``q(m) = (1 − λ)·[m leads] / |leaders| + λ·s(m)`` (an honest player plays the move that
  looks best far more often than the vote's spread says). With no vote at all the
  search-free advice counts as :data:`ADVICE_VOTES` votes;
- *clairvoyant*: a player who, with probability ``1 − ε``, plays one of the *clear* moves
  ``T`` — the first move of the full-information search's win from the position
  (:data:`CLEAR_NODES` nodes, the real order known; in Gaps where each redeal will put the
  cards) and, where the game has an optimal par search (Pyramid), the first move of a
  shortest winning line (:data:`PAR_NODES`), each with weight ``w(m)`` (the share of ``T``
  that is ``m``) — and otherwise plays like the sighted player:
  ``c(m) = (1 − ε)·w(m) + ε·q(m)``.

The evidence of a decision is the log-likelihood ratio of the chosen move ``m``,
``ln c(m) − ln q(m) = ln((1 − ε)·w(m) / q(m) + ε)``: large when the player chose a clear
move the sighted vote gave little chance (the choice is explained by the unseen cards),
``ln ε`` when they chose no clear move. Only decisions where knowing the cards would change
the choice are counted: a decision where no full-information search finds a win within its
budget, or where every clear move is the vote's leader (both models agree: one sensible
move), carries no weight.
The *foreknowledge* of a line is the evidence of its ``n`` counted decisions summed and
shrunk for short lines: ``F = Σ evidence / (n + PRIOR)``; ``F > THRESHOLD`` marks the win
``review``.

>>> from patience.games import new_game
>>> g = new_game("pyramid", deal=1)
>>> foreknowledge(g).decisions  # nothing played: nothing to weigh
()
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from patience.engine import Game
from patience.games.advice import quick_hint
from patience.games.registry import get, weighed_for_fair_play
from patience.games.solving import find_par
from patience.solver import Budget, solve
from patience.solver.hints.common import Effort, Line, canonical, hint_move

Json = dict[str, Any]
AnyGame = Game[Any, Any]

ALPHA = 0.5
"""Votes every fresh move gets for free (no move is impossible for an honest player)."""
LAMBDA = 0.5
"""The share of a sighted player's moves not simply the vote's leader."""
EPSILON = 0.1
"""The share of the clairvoyant's moves that are not the full-information search's."""
ADVICE_VOTES = 4
"""Votes the search-free advice gets when no sample voted (the sighted player's fallback)."""
PRIOR = 4
"""Counted decisions of no evidence added to every line, so short lines stay near 0."""
THRESHOLD = 0.5
"""Foreknowledge above which a win is marked ``review`` (chosen on the tuning deals of
``bench/fair_play.py``; ``docs/api/ranked.md`` explains the statistic), unless the game has
its own in :data:`THRESHOLDS`."""
THRESHOLDS: Mapping[str, float] = {"pyramid": 0.8, "forty-thieves": 1.5}
"""Games with a threshold of their own. Pyramid's hint weighs each move's open futures before
the vote this model follows, so its followers score a little above 0: at 0.5, 3 of 86 honest
wins of the bench were flagged; the lowest threshold with at most 2 % on its tuning deals
is 0.779, and at 0.8 the shortest-line hunter is still flagged on 47 of 50. In Forty Thieves
honest scores reach 1.47: at 0.5, 10 of 53 honest wins over 20 classic and 20 relaxed deals
were flagged, at 1.5 none; the clairvoyant still is on 8 of 19 relaxed wins (and on 5 of 20
classic ones at 1.468)."""


def threshold(game: str) -> float:
    """The threshold of ``game`` (:data:`THRESHOLDS`, else :data:`THRESHOLD`)."""
    return THRESHOLDS.get(game, THRESHOLD)


CLEAR_NODES = 20_000
"""Full-information search from each weighed position (the clairvoyant's view)."""
CLEAR_NODES_OF: Mapping[str, int] = {"gaps": 100_000}
"""Games whose full-information search needs more than :data:`CLEAR_NODES` to find the
clairvoyant's win from most weighed positions (Gaps's nodes are cheap: a grid of 52)."""
PAR_NODES = 20_000
"""The optimal par search from each weighed position, where the game has one."""
VOTE_EFFORT: Mapping[str, Effort] = {
    "pyramid": Effort(seconds=None, nodes=None),  # each sample at the hint's own nodes
    "forty-thieves": Effort(seconds=None, nodes=16_000),
    "gaps": Effort(seconds=None, nodes=24_000),  # a win in sight, then six samples' share
}
"""The sighted vote's effort per game: nodes only, so a mark never depends on the machine."""
MAX_DECISIONS: Mapping[str, int] = {"forty-thieves": 12, "gaps": 30}
"""At most this many decisions weighed per line (evenly spread over the candidates), for the
games whose searches are slow, to stay within a few CPU seconds a win."""


@dataclass(frozen=True)
class Decision:
    """One weighed decision: move ``index`` of the line, ``fresh`` moves to choose from, the
    sighted probability of the chosen move (``chosen``), the share of the clear moves that
    are the chosen one (``weight``), how many clear moves were found (``clear``: 0 when no
    full-information search found a win) and whether every one leads the vote (``agree``)."""

    index: int
    fresh: int
    chosen: float
    weight: float
    clear: int
    agree: bool

    @property
    def counted(self) -> bool:
        """Whether it carries weight (see the module's docstring)."""
        return self.clear > 0 and self.fresh > 1 and not self.agree

    @property
    def evidence(self) -> float:
        """``ln c(m) − ln q(m)`` (0 for a decision that is not counted).

        >>> round(Decision(0, 3, 0.1, 1.0, 1, False).evidence, 3), round(math.log(EPSILON), 3)
        (2.208, -2.303)
        """
        if not self.counted:
            return 0.0
        return math.log((1 - EPSILON) * self.weight / self.chosen + EPSILON)


@dataclass(frozen=True)
class Foreknowledge:
    """The statistic of one line: its weighed decisions and the score."""

    decisions: tuple[Decision, ...]
    game: str = ""

    @property
    def counted(self) -> int:
        return sum(d.counted for d in self.decisions)

    @property
    def evidence(self) -> float:
        return sum(d.evidence for d in self.decisions)

    @property
    def score(self) -> float:
        """``Σ evidence / (n + PRIOR)`` over the counted decisions.

        >>> one = Decision(3, 2, 0.1, 1.0, 1, False)
        >>> Foreknowledge((one,)).score == one.evidence / 5
        True
        """
        return self.evidence / (self.counted + PRIOR)

    @property
    def mark(self) -> str:
        """``review`` above the game's :func:`threshold`, else ``ok``."""
        return "review" if self.score > threshold(self.game) else "ok"


def sighted(votes: Mapping[str, int], fresh: Sequence[str]) -> dict[str, float]:
    """The sighted model: each fresh move's probability, from the vote.

    >>> sighted({"a": 3}, ["a", "b"])
    {'a': 0.9375, 'b': 0.0625}
    """
    total = sum(votes.get(m, 0) for m in fresh) + ALPHA * len(fresh)
    top = max(votes.get(m, 0) for m in fresh)
    leaders = [m for m in fresh if votes.get(m, 0) == top]
    return {
        m: (1 - LAMBDA) * (m in leaders) / len(leaders) + LAMBDA * (votes.get(m, 0) + ALPHA) / total
        for m in fresh
    }


def foreknowledge(game: AnyGame) -> Foreknowledge:
    """The statistic of ``game``'s line (a finished or running game rebuilt from its deal:
    each decision is replayed from the start, so what was seen is exactly the player's)."""
    if not weighed_for_fair_play(game):
        return Foreknowledge((), game.name)
    line = game.moves
    replay = game.fresh()
    candidates = []
    for index, move in enumerate(line):
        unseen = replay.unseen_count() or replay.unseen_shuffle()
        if unseen and len(replay.legal_here()) > 1:
            candidates.append(index)
        replay.play(move)
    chosen_ones = _spread(candidates, MAX_DECISIONS.get(game.name))
    decisions = []
    replay = game.fresh()
    for index, move in enumerate(line):
        if index in chosen_ones:
            decision = weigh(replay, move, index)
            if decision is not None:
                decisions.append(decision)
        replay.play(move)
    return Foreknowledge(tuple(decisions), game.name)


def weigh(game: AnyGame, move: Json, index: int = 0) -> Decision | None:
    """The decision of playing ``move`` (on a winning line) at ``game``'s position; ``None``
    when fewer than two moves lead anywhere new."""
    entry = get(game.name)
    assert entry.votes is not None
    fresh_moves = Line.of(game, entry.hints.public_key).fresh_moves()
    fresh = [canonical(m.to_dict()) for m in fresh_moves]
    mine = canonical(game.parse_move(move).to_dict())
    if len(fresh) < 2 or mine not in fresh:
        return None
    votes = dict(entry.votes(game, VOTE_EFFORT.get(game.name, Effort(seconds=None))))
    if not any(votes.get(m) for m in fresh):
        advice = quick_hint(game)
        if advice is not None:
            votes = {canonical(hint_move(advice)): ADVICE_VOTES}
    q = sighted(votes, fresh)
    clear = clear_moves(game)
    weight = clear.count(mine) / len(clear) if clear else 0.0
    top = max(q.values())
    agree = all(q.get(m, 0.0) == top for m in clear)
    return Decision(index, len(fresh), q[mine], weight, len(clear), agree)


def clear_moves(game: AnyGame) -> list[str]:
    """The clairvoyant's moves at ``game``'s position, in canonical JSON: the first move of
    the full-information search's win, and of a shortest winning line where the game has an
    optimal par search (each found within its node budget)."""
    out = []
    entry = get(game.name)
    adapter, start = entry.solver(game)
    result = solve(adapter, start, Budget(nodes=CLEAR_NODES_OF.get(game.name, CLEAR_NODES)))
    if result.verdict == "winnable" and result.solution:
        out.append(result.solution[0])
    if entry.par is not None and out:
        par = find_par(game, Budget(nodes=PAR_NODES))
        if par.line:
            out.append(par.line[0])
    return [canonical(game.parse_move(move).to_dict()) for move in out]


def _spread(candidates: list[int], most: int | None) -> set[int]:
    """At most ``most`` of ``candidates``, evenly spread (all of them without a bound).

    >>> sorted(_spread(list(range(10)), 3))
    [0, 3, 6]
    """
    if most is None or len(candidates) <= most:
        return set(candidates)
    step = len(candidates) / most
    return {candidates[int(i * step)] for i in range(most)}
