"""A player's own data, exported: NDJSON — the player (with their devices), their statistics,
then one line per game with its record (``docs/record.md``), oldest game first.

The games are read in batches of :data:`BATCH` by their (created, id) order, each batch
written out and let go before the next is read, so memory stays flat however many games a
player has (``bench/export.py`` measures it at 10,000 games).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session, sessionmaker

from patience.catalogue.ranked_deals import deal_id
from patience.service.devices import Devices
from patience.service.players import Players
from patience.service.records import record_text
from patience.service.views import iso
from patience.store import GameRecord, Player

Json = dict[str, Any]
BATCH = 200
"""Games read and written per round trip."""


def ndjson(item: Json) -> bytes:
    """One line of NDJSON."""
    return json.dumps(item, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def head_lines(session: Session, player: Player, device_id: str, now: dt.datetime) -> bytes:
    """The first two lines: the player with their devices, and their statistics."""
    devices = Devices(session, now).listed(player.id, device_id)["items"]
    me = {
        "type": "player",
        "id": player.id,
        "name": player.name,
        "created_at": iso(player.created_at),
        "devices": devices,
    }
    stats = {"type": "stats", "stats": Players(session, now).profile(player)["stats"]}
    return ndjson(me) + ndjson(stats)


def game_lines(
    sessions: sessionmaker[Session], player_id: str, name: str, now: dt.datetime
) -> Iterator[bytes]:
    """One line per game of the player, oldest first, each with its record; on a session of
    its own (the stream outlives the request's)."""
    with sessions() as session:
        after: tuple[dt.datetime, str] | None = None
        while True:
            query = select(GameRecord).where(GameRecord.player_id == player_id)
            if after is not None:
                when, last = after
                query = query.where(
                    or_(
                        GameRecord.created_at > when,
                        and_(GameRecord.created_at == when, GameRecord.id > last),
                    )
                )
            batch = session.scalars(
                query.order_by(GameRecord.created_at, GameRecord.id).limit(BATCH)
            ).all()
            if not batch:
                return
            yield b"".join(ndjson(_game(game, name, now)) for game in batch)
            after = (batch[-1].created_at, batch[-1].id)
            session.expunge_all()


def _game(game: GameRecord, name: str, now: dt.datetime) -> Json:
    return {
        "type": "game",
        "id": game.id,
        "game": game.game,
        "ruleset": game.ruleset,
        "deal_id": deal_id(game.game, game.deal),
        "status": game.status,
        "created_at": iso(game.created_at),
        "finished_at": iso(game.finished_at),
        "record": record_text(game, name, now),
    }
