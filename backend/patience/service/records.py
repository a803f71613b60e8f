"""Records as a service: a stored game's record (``docs/record.md``), and verifying a record
anyone sends. The format itself is :mod:`patience.record`, pure of the store.

A record is written from what the game's player saw and did: the stored deal, options, move
line and counters, never the engine's position. A finished game's record is public under the
same rule as its replay (:func:`patience.service.games.finished_game`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from patience.catalogue.ranked import closes_at, deal_id, parse_daily_id
from patience.record import (
    DealNotRevealed,
    Header,
    InvalidTag,
    Record,
    Result,
    parse_record,
    start_game,
    verify,
    write_record,
)
from patience.service.games import finished_game
from patience.service.ranked import deal_start, is_open
from patience.service.views import elapsed_ms
from patience.store import GameRecord, Player
from patience.store.games import Games, as_row
from patience.store.ranked import daily_of

Json = dict[str, Any]
STATUS: dict[str, Result] = {"won": "won", "resigned": "resigned", "playing": "playing"}


def header_of(
    record: GameRecord, player: str, now: dt.datetime, layout: Json | None = None
) -> Header:
    """The record's header of a stored game (played by ``player``; ``layout``: its ranked
    deal's start, once revealed)."""
    result = record.result or {}
    return Header(
        game=record.game,
        deal_id=deal_id(record.game, record.deal),
        result=STATUS[record.status],
        ruleset=record.ruleset,
        options=record.options,
        player=player,
        date=record.created_at.astimezone(dt.UTC).date(),
        daily=record.daily,
        moves=len(record.line),
        elapsed_ms=elapsed_ms(as_row(record), now),
        undos=record.undos,
        hints=record.hints,
        solver_assisted=result.get("solver_assisted"),
        game_id=record.id,
        # A numbered deal's ID names its cards, so it has no layout; a ranked deal's is
        # written here once the deal is revealed, never before.
        layout=layout,
    )


def record_text(
    record: GameRecord, player: str, now: dt.datetime, session: Session | None = None
) -> str:
    """The text of a stored game's record (with a ``session``, a ranked deal's layout once
    its day has closed)."""
    layout = None
    if session is not None and record.deal < 0 and not is_open(record.deal, now):
        start = deal_start(session, record.game, record.deal)
        layout = start if isinstance(start, dict) else None
    return write_record(header_of(record, player, now, layout), record.line)


def file_name(record: GameRecord) -> str:
    """The file a downloaded record is saved as: ``<deal-id>-<game-id>.patience``."""
    return f"{deal_id(record.game, record.deal)}-{record.id[:8]}.patience"


class Records:
    """Records for one request: a database session and the time now."""

    def __init__(self, session: Session, now: dt.datetime) -> None:
        self.session = session
        self.now = now

    def of_game(self, game_id: str, viewer: str | None) -> tuple[str, str]:
        """A finished game's record and its file name."""
        record = finished_game(Games(self.session), game_id, viewer, self.now)
        player = self.session.get(Player, record.player_id)
        name = player.name if player else ""
        return record_text(record, name, self.now, self.session), file_name(record)


def verified(text: str | bytes, session: Session, now: dt.datetime) -> Json:
    """A record (text or UTF-8 bytes) replayed through the engine: its verdict
    (``RecordError`` when it cannot be read or replayed). A ranked deal's record replays from
    the pool's own layout of its closed day, never from one the record brings."""
    record = parse_record(text)
    if record.header.number() is None:
        record = _from_the_pool(record, session, now)
    return verify(record).to_json()


def _from_the_pool(record: Record, session: Session, now: dt.datetime) -> Record:
    """A ranked deal's record with the layout the pool holds for its day (raise
    :class:`DealNotRevealed` while the day is open or when the pool has no such deal,
    :class:`InvalidTag` for a layout or ruleset that is not the deal's)."""
    header = record.header
    named = parse_daily_id(header.deal_id)
    place = header.place("DealId")
    if named is None or now < closes_at(named[1]):
        raise DealNotRevealed(
            f"{header.deal_id} is a ranked deal whose day has not closed: its record can be "
            "checked once the deal is revealed",
            line=place.line,
            column=place.column,
        )
    ranked = daily_of(session, header.game, named[1])
    if ranked is None:
        raise DealNotRevealed(
            f"there is no ranked deal {header.deal_id}",
            line=place.line,
            column=place.column,
            reason="no_such_deal",
        )
    if header.layout is not None and header.layout != ranked.layout:
        layout = header.place("Layout")
        raise InvalidTag(
            f"the layout is not that of {header.deal_id}",
            line=layout.line,
            column=layout.column,
            reason="layout_mismatch",
        )
    pooled = dataclasses.replace(record, header=header.replace(layout=ranked.layout))
    ruleset = start_game(pooled.header).ruleset
    if ruleset != ranked.ruleset:
        rules = header.place("Options" if header.options is not None else "Ruleset")
        raise InvalidTag(
            f"{header.deal_id} is dealt under the ruleset {ranked.ruleset!r}, not {ruleset!r}",
            line=rules.line,
            column=rules.column,
        )
    return pooled
