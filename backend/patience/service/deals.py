"""Deals as a service: what is known of a deal — proven winnable, difficulty, plays, wins —
and its par, which the worker computes (never a request) and this stores once found."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from patience import catalogue
from patience.service.analysis import Analyst
from patience.store.pars import as_json, offer_par, par_of
from patience.store.queries import deal_stat

Json = dict[str, Any]


def known_par(
    session: Session, analyst: Analyst, game: str, ruleset: str, deal: int, now: dt.datetime
) -> Json | None:
    """The deal's par: the stored one, improved first by the worker's finished search when
    that is shorter or proven (the line stays on the server: it is a solution)."""
    stored = par_of(session, game, ruleset, deal)
    if stored is None or not stored.proven:
        found = analyst.solver_par(game, ruleset, deal)
        if found is not None and found.get("moves") is not None:
            offer_par(
                session,
                game,
                ruleset,
                deal,
                found["line"],
                proven=found["proven"],
                source="solver",
                now=now,
            )
            session.commit()
            stored = par_of(session, game, ruleset, deal)
    return as_json(stored)


def deal_info(
    session: Session, analyst: Analyst, game: str, number: int, ruleset: str, now: dt.datetime
) -> Json:
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
        "par": known_par(session, analyst, game, ruleset, number, now),
    }
