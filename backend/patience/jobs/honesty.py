"""The honesty rule for analyses: when the rule forbids a verdict (``not_applicable``), and
when the worker searches a position at all. Shared by the API's reports and the worker's
searches, so that both say the same of every position."""

from __future__ import annotations

from typing import Any

from patience.engine import Game

Json = dict[str, Any]

NONE_IN_SIGHT = "none_in_sight"
"""The verdict the worker publishes for a position with an unseen shuffle pending when its
search proved that no win needs no further shuffle: not a loss (a redeal may still deal a
winnable layout), so never reported as one."""


def not_applicable(game: Game[Any, Any], version: int, found: Json | None = None) -> Json | None:
    """The ``not_applicable`` Analysis when the honesty rule forbids a verdict for ``game``'s
    position, else ``None`` (``found``: what the worker's search published for it, if known).

    - ``game_over``, ``unseen_cards`` (stock cards never face up): nothing is searched.
    - ``unseen_shuffle`` (Gaps with a redeal left): where a redeal's cards will fall is
      unseen, so the worker searches only for a win that needs no further redeal
      (:func:`~patience.games.solving.solve_in_sight`; the job is queued like any
      analysis, :func:`worker_searches`). Unless that search found one, the report is
      ``not_applicable``/``unseen_shuffle`` — while it is queued or running, when it found
      none or ran out of budget, and without Redis or a worker — so a player with a redeal
      left only ever reads ``not_applicable``/``unseen_shuffle`` or ``done``/``winnable``:
      never ``unwinnable``, ``timeout``, ``pending`` nor ``unavailable``, and nothing that
      where the redeal's cards fall would decide.

    Once no redeal is left (or with redeals 0) the position is full-information: ``None``,
    and the report is the search's as for any game (``pending``, ``done`` with either
    verdict, ``timeout``, ``unavailable``).

    >>> from patience.games import new_game
    >>> not_applicable(new_game("gaps", deal=1), 0)["reason"]
    'unseen_shuffle'
    >>> not_applicable(new_game("gaps", deal=1), 0, {"verdict": "winnable"}) is None
    True
    >>> not_applicable(new_game("gaps", deal=1, options={"redeals": 0}), 0) is None
    True
    """
    if game.status != "playing":
        return report_of(version, "not_applicable", reason="game_over")
    if game.unseen_count():
        return report_of(version, "not_applicable", reason="unseen_cards")
    if game.unseen_shuffle() and (found is None or found.get("verdict") != "winnable"):
        return report_of(version, "not_applicable", reason="unseen_shuffle")
    return None


def worker_searches(game: Game[Any, Any]) -> bool:
    """Whether the worker searches ``game``'s position when asked: it is in play with nothing
    unseen (with an unseen shuffle pending, for a win in sight only: :func:`not_applicable`)."""
    return game.status == "playing" and not game.unseen_count()


def report_of(version: int, state: str, *, verdict: str | None = None, reason: str = "") -> Json:
    """An Analysis of API.md."""
    return {"version": version, "state": state, "verdict": verdict, "reason": reason}
