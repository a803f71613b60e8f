"""Games as the API serves them: create, rebuild, view, act (move/undo/resign) and the clock.

A game is stored as its deal, options and move line; the engine game is rebuilt by replaying
the line and merging the stored seen cards (each process keeps the games it rebuilt lately, by
id and version, so a game's next action usually skips the replay). Each accepted action is one
transaction: a conditional ``UPDATE games ... WHERE version = :base`` (two concurrent actions
cannot both apply) and one ``actions`` row holding the request's fingerprint and the response,
so that a retried request gets the stored response instead of a second move.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import secrets
import threading
import uuid
from collections import OrderedDict
from typing import Any, Literal

from sqlalchemy import Engine, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from patience import catalogue
from patience.api import analysis
from patience.api.errors import ApiError
from patience.engine import EngineError, Game, IllegalMove, new_game
from patience.engine.deal import MAX_DEAL
from patience.store import Action, GameRecord
from patience.store.queries import (
    asked_for_solution,
    bump_deal_stat,
    personal_best,
    record_win,
)

Json = dict[str, Any]
Kind = Literal["move", "undo", "resign", "hint"]


def iso(when: dt.datetime | None) -> str | None:
    """RFC 3339 text for a timestamp (``None`` stays ``None``)."""
    return None if when is None else when.isoformat().replace("+00:00", "Z")


def random_deal() -> int:
    """A deal number 1 … 2^32−1 from a cryptographic source."""
    return secrets.randbelow(MAX_DEAL) + 1


def fingerprint(kind: str, body: Json) -> str:
    """What a request asks for, independent of its base version: kind + canonical JSON.

    >>> fingerprint("move", {"version": 3, "move": {"type": "draw"}}) == fingerprint(
    ...     "move", {"move": {"type": "draw"}, "version": 4})
    True
    """
    rest = {k: v for k, v in body.items() if k != "version"}
    canonical = json.dumps([kind, rest], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


# -- reading -----------------------------------------------------------------------------------


GAME_ID = re.compile(r"[0-9a-f]{32}")
"""Every game id (a UUID's hex); other text names no game and never reaches the database."""


def load_record(session: Session, player_id: str, game_id: str) -> GameRecord:
    """The player's game ``game_id``; 404 ``game_not_found`` for unknown or not-yours games."""
    record = (
        session.get(GameRecord, game_id, populate_existing=True)
        if GAME_ID.fullmatch(game_id)
        else None
    )
    if record is None or record.player_id != player_id:
        raise ApiError(404, "game_not_found", "there is no such game")
    return record


Row = dict[str, Any]
"""A game's stored columns (``GameRecord``'s), as values."""


def as_row(record: GameRecord) -> Row:
    """The column values of ``record``."""
    return {column.key: getattr(record, column.key) for column in GameRecord.__table__.columns}


class RecentGames:
    """The games this process stored, rebuilt or advanced lately, by game id and version: the
    engine game and the stored row.

    A version names one move line and one seen set forever, so a hit is exact; another
    process advancing the game only makes a miss. (The clock may change without a version;
    writes that trust a cached row check it.) Engine games are copies in and out.
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._games: OrderedDict[str, tuple[int, Game[Any, Any], Row]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, version: int) -> tuple[Game[Any, Any], Row] | None:
        """A copy of the game at ``version`` and its row, if this process has them."""
        with self._lock:
            found = self._games.get(game_id)
            if found is None or found[0] != version:
                return None
            self._games.move_to_end(game_id)
        return found[1].copy(), found[2]

    def clear(self) -> None:
        with self._lock:
            self._games.clear()

    def put(self, record: GameRecord, game: Game[Any, Any]) -> None:
        """Remember (a copy of) ``game`` with ``record``'s row, at its version."""
        with self._lock:
            self._games[record.id] = (record.version, game.copy(), as_row(record))
            self._games.move_to_end(record.id)
            while len(self._games) > self.size:
                self._games.popitem(last=False)


recent_games = RecentGames()


def rebuild(record: GameRecord) -> Game[Any, Any]:
    """The engine game for a stored record: the deal, the move line replayed, seen cards merged
    (or this process's copy of it at the record's version)."""
    found = recent_games.get(record.id, record.version)
    if found is not None:
        return found[0]
    game = new_game(record.game, deal=record.deal, options=record.options)
    game.replay(record.line, record.seen)
    recent_games.put(record, game)
    return game


def elapsed_ms(record: GameRecord, now: dt.datetime) -> int:
    """Clock time: what was accumulated, plus the running stretch while the clock runs."""
    if record.running_since is None:
        return record.elapsed_ms
    stretch = (now - record.running_since) // dt.timedelta(milliseconds=1)
    return record.elapsed_ms + max(0, stretch)


def game_view(record: GameRecord, game: Game[Any, Any], now: dt.datetime) -> Json:
    """The GameView of API.md: only the engine's public view, never its position; while the
    clock is paused, not even that (no board, no legal moves, the notice ``paused``)."""
    view = game.view()
    playing = record.status == "playing"
    paused = playing and record.running_since is None
    return {
        "id": record.id,
        "game": record.game,
        "ruleset": record.ruleset,
        "options": record.options,
        "deal": record.deal,
        "deal_id": f"{record.game}-{record.deal}",
        "status": record.status,
        "version": record.version,
        "moves": len(record.line),
        "undos": record.undos,
        "hints": record.hints,
        "elapsed_ms": elapsed_ms(record, now),
        "clock_running": record.running_since is not None,
        "board": None if paused else view["board"],
        "legal_moves": game.legal_moves() if playing and not paused else [],
        "notices": ["paused"] if paused else _notices(game, view) if playing else [],
        "result": record.result,
        "created_at": iso(record.created_at),
        "finished_at": iso(record.finished_at),
    }


def _notices(game: Game[Any, Any], view: Json) -> list[str]:
    """The engine's notices, and ``unwinnable`` once a finished proof says so for this very
    position."""
    proof = ["unwinnable"] if analysis.proven_unwinnable(game) else []
    return [*view["notices"], *proof]


def current_view(session: Session, player_id: str, game_id: str, now: dt.datetime) -> Json:
    """The GameView of the player's game as stored now."""
    record = load_record(session, player_id, game_id)
    return game_view(record, rebuild(record), now)


# -- creating ----------------------------------------------------------------------------------


def create_game(
    session: Session,
    player_id: str,
    name: str,
    deal: int | None,
    options: Json | None,
    now: dt.datetime,
) -> Json:
    """Start a game (the clock starts running); return its GameView."""
    if deal is None:  # proven winnable when the options ask for it, else any deal
        number = catalogue.pick(name, options, secrets.randbits(64)) or random_deal()
    else:
        number = deal
    game = new_game(name, deal=number, options=options)
    record = GameRecord(
        id=uuid.uuid4().hex,
        player_id=player_id,
        game=name,
        ruleset=game.ruleset,
        options=dict(game.options),
        deal=number,
        version=0,
        line=[],
        seen=game.seen,
        moves_made=0,
        undos=0,
        hints=0,
        pauses=0,
        elapsed_ms=0,
        running_since=now,
        status="playing",
        created_at=now,
        updated_at=now,
    )
    session.add(record)
    session.commit()
    return game_view(record, game, now)


# -- acting ------------------------------------------------------------------------------------


def act(
    session: Session,
    player_id: str,
    game_id: str,
    kind: Kind,
    base: int,
    body: Json,
    now: dt.datetime,
) -> Json:
    """Apply one action on version ``base`` in one transaction; return the response body.

    A stale ``base`` answers the stored response when this very request already advanced it
    (a retry), and 409 ``version_conflict`` otherwise.
    """
    print_ = fingerprint(kind, body)
    if kind in ("move", "undo"):
        fast = _act_in_one_statement(session, player_id, game_id, kind, base, body, print_, now)
        if fast is not None:
            return fast
    record = load_record(session, player_id, game_id)
    if base != record.version:
        return _retried(session, record, base, print_, now)
    game = rebuild(record)
    events = _apply(game, record.status, kind, body)
    advice = analysis.advise(game) if kind == "hint" else None
    status = "resigned" if kind == "resign" else game.status
    values: Json = {
        "version": base + 1,
        "line": game.moves,
        "seen": game.seen,
        "moves_made": record.moves_made + (kind == "move"),
        "undos": record.undos + (kind == "undo"),
        "hints": record.hints + (kind == "hint"),
        "status": status,
        "updated_at": now,
    }
    if status != "playing":
        values |= _finish(session, record, game, status, now)
    elif record.running_since is None:
        values["running_since"] = now  # playing resumes a paused clock
    first_move = kind == "move" and record.moves_made == 0
    # One round trip: the conditional update returns the new row (refreshing ``record``).
    updated = session.scalars(
        update(GameRecord)
        .where(GameRecord.id == record.id, GameRecord.version == base)
        .values(**values)
        .returning(GameRecord)
        .execution_options(synchronize_session=False, populate_existing=True)
    ).one_or_none()
    if updated is None:
        session.rollback()
        return _retried(session, load_record(session, player_id, game_id), base, print_, now)
    if first_move:
        bump_deal_stat(session, record.game, record.ruleset, record.deal, plays=1)
    if status == "won":
        assert record.result is not None
        record_win(session, record, len(record.line), now, record.result["solver_assisted"])
        bump_deal_stat(session, record.game, record.ruleset, record.deal, wins=1)
    response = game_view(record, game, now)
    if kind == "move":
        response["events"] = events
    if kind == "hint":
        report = analysis.analysis(game, record.version, owner=record.id)
        response = {"hint": advice, "analysis": report, "game": response}
    session.add(
        Action(
            game_id=record.id,
            kind=kind,
            base_version=base,
            version=base + 1,
            fingerprint=print_,
            response=response,
            created_at=now,
        )
    )
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        return _retried(session, load_record(session, player_id, game_id), base, print_, now)
    recent_games.put(record, game)
    if kind != "hint" and status == "playing":
        analysis.start_analysis(game, record.version, record.id)
    return response


def _one_statement_action() -> Any:
    """The statement of :func:`_act_in_one_statement`, built once (bind parameters only,
    none named like a column: Core would take such a parameter as one more value to SET)."""
    new = {
        key: bindparam(f"new_{key}", type_=getattr(GameRecord, key).type)
        for key in ("version", "line", "seen", "moves_made", "undos", "updated_at", "running_since")
    }
    updated = (
        update(GameRecord)
        .where(
            GameRecord.id == bindparam("where_id"),
            GameRecord.player_id == bindparam("where_player_id"),
            GameRecord.version == bindparam("where_version"),
            GameRecord.status == "playing",
            GameRecord.running_since.is_not_distinct_from(
                bindparam("where_running_since", type_=GameRecord.running_since.type)
            ),
        )
        .values(new)
        .returning(GameRecord.id)
        .cte("updated")
    )
    columns = ("kind", "fingerprint", "response", "created_at")
    return (
        insert(Action)
        .from_select(
            ["game_id", "base_version", "version", *columns],
            select(
                updated.c.id,
                bindparam("where_version", type_=Action.base_version.type),
                bindparam("new_version", type_=Action.version.type),
                *(bindparam(f"action_{c}", type_=getattr(Action, c).type) for c in columns),
            ),
        )
        .returning(Action.id)
    )


ONE_STATEMENT_ACTION = _one_statement_action()


def _act_in_one_statement(
    session: Session,
    player_id: str,
    game_id: str,
    kind: Kind,
    base: int,
    body: Json,
    print_: str,
    now: dt.datetime,
) -> Json | None:
    """The common case — a move or undo that keeps a game in play, on a version this process
    has in :data:`recent_games` — in one autocommitted PostgreSQL statement: a conditional
    ``UPDATE`` of the game and the ``INSERT`` of its action, joined in a CTE so that both or
    neither happen. It writes only if the row is still the cached one (version, owner,
    status, clock). ``None`` whenever anything else holds — a refusal, a game that ends, a
    first move, another database, a row that changed — and :func:`act`'s full path then
    decides, in its own order, from the stored row.
    """
    bind = session.get_bind()
    if not isinstance(bind, Engine) or bind.dialect.name != "postgresql":
        return None
    found = recent_games.get(game_id, base)
    if found is None:
        return None
    game, row = found
    first_move = kind == "move" and row["moves_made"] == 0
    if row["player_id"] != player_id or row["status"] != "playing" or first_move:
        return None
    try:
        events = _apply(game, row["status"], kind, body)
    except EngineError:
        return None
    if game.status != "playing":
        return None
    values: Json = {
        "version": base + 1,
        "line": game.moves,
        "seen": game.seen,
        "moves_made": row["moves_made"] + (kind == "move"),
        "undos": row["undos"] + (kind == "undo"),
        "updated_at": now,
        "running_since": row["running_since"] or now,  # playing resumes a paused clock
    }
    record = GameRecord(**(row | values))
    response = game_view(record, game, now)
    if kind == "move":
        response["events"] = events
    params = {f"new_{k}": v for k, v in values.items()} | {
        "where_id": game_id,
        "where_player_id": player_id,
        "where_version": base,
        "where_running_since": row["running_since"],
        "action_kind": kind,
        "action_fingerprint": print_,
        "action_response": response,
        "action_created_at": now,
    }
    try:
        with bind.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            if conn.execute(ONE_STATEMENT_ACTION, params).first() is None:
                return None  # the row had changed: nothing was written
    except IntegrityError:
        return None
    recent_games.put(record, game)
    analysis.start_analysis(game, record.version, record.id)
    return response


def _apply(game: Game[Any, Any], status: str, kind: Kind, body: Json) -> list[Json]:
    """Run the action on the engine game of a game stored with ``status`` (raising the
    engine's errors); return its events."""
    if kind == "move":
        if status != "playing":
            game.parse_move(body["move"])  # a malformed move is 400 before game_over
            raise IllegalMove("the game is over", reason="game_over")
        return game.play(body["move"])
    if status != "playing":
        raise IllegalMove("the game is over", reason="game_over")
    if kind == "undo":
        game.undo()
    return []


def _finish(
    session: Session, record: GameRecord, game: Game[Any, Any], status: str, now: dt.datetime
) -> Json:
    """Column values for a game that just ended: stop the clock, fix the result."""
    elapsed = elapsed_ms(record, now)
    moves = len(game.moves)
    best = personal_best(session, record.player_id, record.game, record.ruleset, record.deal)
    previous = None if best is None else best.moves
    improved = status == "won" and (previous is None or moves < previous)
    assisted = status == "won" and asked_for_solution(
        session, record.player_id, record.game, record.ruleset, record.deal, now
    )
    return {
        "elapsed_ms": elapsed,
        "running_since": None,
        "finished_at": now,
        "result": {
            "moves": moves,
            "elapsed_ms": elapsed,
            "undos": record.undos,
            "hints": record.hints,
            "pauses": record.pauses,
            "removed": game.progress(),
            "solver_assisted": assisted,
            "personal_best": {"previous": previous, "improved": improved},
        },
    }


def _retried(
    session: Session, record: GameRecord, base: int, print_: str, now: dt.datetime
) -> Json:
    """The stored response of the action that advanced ``base``, when it was this request."""
    action = session.scalars(
        select(Action).where(Action.game_id == record.id, Action.base_version == base)
    ).first()
    if action is not None and action.fingerprint == print_:
        return dict(action.response)
    raise ApiError(
        409,
        "version_conflict",
        f"the game is at version {record.version}, not {base}",
        game=game_view(record, rebuild(record), now),
    )


# -- the clock ---------------------------------------------------------------------------------


def set_clock(
    session: Session, player_id: str, game_id: str, running: bool, now: dt.datetime
) -> Json:
    """Pause or resume the clock of a game in play (no version change); return its GameView."""
    for _ in range(5):
        record = load_record(session, player_id, game_id)
        if record.status != "playing" or running == (record.running_since is not None):
            return game_view(record, rebuild(record), now)
        values: Json = (
            {"running_since": now}
            if running
            else {
                "running_since": None,
                "elapsed_ms": elapsed_ms(record, now),
                "pauses": record.pauses + 1,
            }
        )
        same_clock = (
            GameRecord.running_since.is_(None)
            if record.running_since is None
            else GameRecord.running_since == record.running_since
        )
        updated = session.execute(
            update(GameRecord)
            .where(GameRecord.id == game_id, GameRecord.version == record.version, same_clock)
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        if updated.rowcount == 1:  # type: ignore[attr-defined]
            session.commit()
            session.refresh(record)
            return game_view(record, rebuild(record), now)
        session.rollback()
    raise ApiError(409, "version_conflict", "the game changed meanwhile; try again")
