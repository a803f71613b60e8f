"""Deals as a service: what is known of a deal — proven winnable, difficulty, plays, wins —
and its par, which the worker computes (never a request) and writes to the database, and
players' wins improve (the one write path, :mod:`patience.store.games`); its leaderboard of
verified wins. Reading a deal writes nothing."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from patience import catalogue
from patience.service.views import board_entry
from patience.store.pars import as_json, par_of
from patience.store.queries import deal_stat, leaderboard

Json = dict[str, Any]


def known_par(session: Session, game: str, ruleset: str, deal: int) -> Json | None:
    """The deal's par as stored (``{moves, proven, source}``; the line stays on the server:
    it is a solution)."""
    return as_json(par_of(session, game, ruleset, deal))


def deal_info(session: Session, game: str, number: int, ruleset: str) -> Json:
    """``GET /deals/<game>/<number>``."""
    stat = deal_stat(session, game, ruleset, number)
    winnable, difficulty = catalogue.lookup(game, ruleset, number)
    return {
        "deal_id": f"{game}-{number}",
        "game": game,
        "number": number,
        "ruleset": ruleset,
        "winnable": winnable,
        "difficulty": difficulty,
        "plays": stat.plays if stat else 0,
        "wins": stat.wins if stat else 0,
        "par": known_par(session, game, ruleset, number),
    }


def deal_leaderboard(session: Session, game: str, number: int, ruleset: str, limit: int) -> Json:
    """``GET /deals/<game>/<number>/leaderboard``: each player's best verified win on the
    deal, best first."""
    rows = leaderboard(session, game, ruleset, number, limit)
    entries = [
        board_entry(rank, name, best, game_id, mark)
        for rank, (best, name, game_id, mark) in enumerate(rows, start=1)
    ]
    # open: a numbered deal's cards follow from the public shuffle, so anyone can know them
    return {"deal_id": f"{game}-{number}", "ruleset": ruleset, "open": True, "entries": entries}
