"""What the service answers with: the GameView of API.md, built from a stored row and the
engine game — the engine's public view only, never its position; while the clock is paused,
not even that."""

from __future__ import annotations

import datetime as dt
from typing import Any

from patience.catalogue.ranked import deal_id, public_number
from patience.engine import Game
from patience.service.analysis import Analyst
from patience.store.games import Row
from patience.store.models import WIN_RECORD

Json = dict[str, Any]


def iso(when: dt.datetime | None) -> str | None:
    """RFC 3339 text for a timestamp (``None`` stays ``None``).

    >>> iso(dt.datetime(2026, 12, 1, 9, 30, tzinfo=dt.UTC))
    '2026-12-01T09:30:00Z'
    """
    return None if when is None else when.isoformat().replace("+00:00", "Z")


def elapsed_ms(row: Row, now: dt.datetime) -> int:
    """Clock time: what was accumulated, plus the running stretch while the clock runs."""
    if row["running_since"] is None:
        return int(row["elapsed_ms"])
    stretch: int = (now - row["running_since"]) // dt.timedelta(milliseconds=1)
    return int(row["elapsed_ms"]) + max(0, stretch)


def game_view(
    row: Row, game: Game[Any, Any], now: dt.datetime, analyst: Analyst, *, ranked: bool = False
) -> Json:
    """The GameView of API.md (``ranked``: the game is its player's ranked game of its
    day). While the clock is paused it has no board and no legal moves (and the one notice
    ``paused``): paused time cannot be spent studying the table."""
    playing = row["status"] == "playing"
    paused = playing and row["running_since"] is None
    view = game.view() if not paused else {}
    return {
        "id": row["id"],
        "game": row["game"],
        "ruleset": row["ruleset"],
        "options": row["options"],
        "deal": public_number(row["deal"]),
        "deal_id": deal_id(row["game"], row["deal"]),
        "daily": row["daily"].isoformat() if row.get("daily") else None,
        "ranked": ranked,
        "status": row["status"],
        "version": row["version"],
        "moves": game.move_count,
        "undos": row["undos"],
        "hints": row["hints"],
        "elapsed_ms": elapsed_ms(row, now),
        "clock_running": row["running_since"] is not None,
        "board": None if paused else view["board"],
        "legal_moves": game.legal_moves() if playing and not paused else [],
        "notices": ["paused"] if paused else _notices(game, view, analyst) if playing else [],
        "result": row["result"],
        "created_at": iso(row["created_at"]),
        "finished_at": iso(row["finished_at"]),
    }


def _notices(game: Game[Any, Any], view: Json, analyst: Analyst) -> list[str]:
    """The engine's notices, and ``unwinnable`` once a finished proof says so for this very
    position."""
    proof = ["unwinnable"] if analyst.proven_unwinnable(game) else []
    return [*view["notices"], *proof]


def win_entry(win: Any) -> Json:
    """A win as every list of wins shows it (leaderboards, personal bests): what it records
    (:data:`~patience.store.models.WIN_RECORD`, from a win or a personal best row) and when."""
    return {name: getattr(win, name) for name in WIN_RECORD} | {"finished_at": iso(win.finished_at)}


def board_entry(
    rank: int, player: str, best: Any, game_id: str | None, fair_play: str | None
) -> Json:
    """One leaderboard entry (a deal's or a daily's; ``game_id`` ``None`` hides the game
    while its ranked deal's day is open)."""
    mark = {"fair_play": fair_play_mark(fair_play)}
    return {"rank": rank, "player": player, **win_entry(best), **mark, "game_id": game_id}


def best_entry(best: Any, game_id: str, fair_play: str | None) -> Json:
    """One of a player's personal bests."""
    deal = {"deal_id": deal_id(best.game, best.deal), "game": best.game, "ruleset": best.ruleset}
    return {**deal, **win_entry(best), "fair_play": fair_play_mark(fair_play), "game_id": game_id}


def fair_play_mark(stored: str | None) -> str:
    """A win's fair-play mark as the API shows it: ``ok``, ``review`` or ``pending`` (a win
    stored before the marks, never weighed, is ``pending`` too).

    >>> fair_play_mark(None), fair_play_mark("review")
    ('pending', 'review')
    """
    return stored if stored in ("ok", "review") else "pending"
