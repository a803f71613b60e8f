"""Pars: the fewest moves of any known winning line of a deal under a ruleset — proven by
an optimal search, or the shortest line found so far by the solver or by a player's win
(the server replays every win, so a player's line is a real winning line)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import and_, not_, or_
from sqlalchemy.orm import Session

from patience.store.models import Par
from patience.store.queries import insert_for

Json = dict[str, Any]


def par_of(session: Session, game: str, ruleset: str, deal: int) -> Par | None:
    return session.get(Par, (game, ruleset, deal))


def as_json(par: Par | None) -> Json | None:
    """The ``par`` of API.md: ``{moves, proven, source}`` (no line: that would be a solution)."""
    return None if par is None else {"moves": par.moves, "proven": par.proven, "source": par.source}


def offer_par(
    session: Session,
    game: str,
    ruleset: str,
    deal: int,
    line: list[Any],
    *,
    proven: bool,
    source: str,
    now: dt.datetime,
) -> None:
    """Keep ``line`` as the deal's par if it is shorter than the known one (or as short and
    proven where the known one is not): one upsert, safe against concurrent offers."""
    moves = len(line)
    stmt = insert_for(session)(Par).values(
        game=game,
        ruleset=ruleset,
        deal=deal,
        moves=moves,
        proven=proven,
        source=source,
        line=line,
        updated_at=now,
    )
    new = stmt.excluded
    better = or_(new.moves < Par.moves, and_(new.moves == Par.moves, new.proven, not_(Par.proven)))
    columns = ("moves", "proven", "source", "line", "updated_at")
    session.execute(
        stmt.on_conflict_do_update(
            index_elements=["game", "ruleset", "deal"],
            set_={name: new[name] for name in columns},
            where=better,
        )
    )
