"""The games repository: every write to a game goes through :meth:`Games.write`.

An accepted action is one conditional ``UPDATE`` of the game — only if the row is still the
one it was computed from (version, owner, status, clock), so two concurrent actions cannot
both apply — and one ``actions`` row holding the request's fingerprint and the response, so
that a retried request gets the stored response instead of a second move. The move line and
the seen cards are edited in place (a move appends one element; an undo drops the last),
never rewritten whole. A finished game also writes its win, the personal best and the
deal's counters (and offers its line as the deal's par); a game's first move counts a play
of the deal — all in the same transaction.

One write path, two ways to run it: on PostgreSQL the common case (no win, no first move)
is a single autocommitted statement, the ``UPDATE`` and the ``INSERT`` of the action joined
in a CTE; otherwise (SQLite, or extra rows to write) the same two statements run in one
transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    JSON,
    ColumnElement,
    Engine,
    String,
    bindparam,
    cast,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from patience.store import encoding
from patience.store.db import commit_unless_taken
from patience.store.models import Action, GameRecord
from patience.store.pars import offer_par
from patience.store.queries import bump_deal_stat, record_win

Json = dict[str, Any]
Row = dict[str, Any]
"""A game's stored columns (``GameRecord``'s), as values."""
_CLOCK = GameRecord.running_since.type


@dataclass(frozen=True)
class LineEdit:
    """How an action changes the move line: append one move, drop moves from the end, or
    (rarely: a rewind far back) set it whole."""

    append: Json | None = None
    drop: int = 0
    whole: list[Json] | None = None


@dataclass(frozen=True)
class Change:
    """One accepted action, computed from ``row`` (the game as read)."""

    row: Row
    kind: str
    fingerprint: str
    line: LineEdit
    values: Json
    """The new values of every other column that changes (``version`` included)."""
    seen_added: list[str] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)
    """Every card seen after the action (``seen_added`` are the new ones)."""
    response: Json = field(default_factory=dict)
    first_move: bool = False
    won: bool = False


def as_row(record: GameRecord) -> Row:
    """The column values of ``record``."""
    return {column.key: getattr(record, column.key) for column in GameRecord.__table__.columns}


class Games:
    """The games of one database session."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get(self, game_id: str) -> GameRecord | None:
        return self.session.get(GameRecord, game_id, populate_existing=True)

    def add(self, record: GameRecord) -> None:
        self.session.add(record)
        self.session.commit()

    def stored_response(self, game_id: str, base: int, fingerprint: str) -> Json | None:
        """The stored response of the action that advanced ``base``, if it was this request."""
        action = self.session.scalars(
            select(Action).where(Action.game_id == game_id, Action.base_version == base)
        ).first()
        if action is not None and action.fingerprint == fingerprint:
            return dict(action.response)
        return None

    def set_clock(self, row: Row, values: Json) -> bool:
        """Pause or resume the clock of ``row`` (no version change); ``False`` when the game
        had changed meanwhile."""
        updated = self.session.execute(
            update(GameRecord)
            .where(
                GameRecord.id == row["id"],
                GameRecord.version == row["version"],
                GameRecord.status == "playing",
                GameRecord.running_since.is_not_distinct_from(
                    bindparam("old_running_since", row["running_since"], type_=_CLOCK)
                ),
            )
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        if updated.rowcount != 1:  # type: ignore[attr-defined]
            self.session.rollback()
            return False
        self.session.commit()
        return True

    def write(self, change: Change) -> bool:
        """Apply ``change``; ``False`` when the game had changed meanwhile (nothing is
        written then)."""
        bind = self.session.get_bind()
        single = bind.dialect.name == "postgresql" and not (change.first_move or change.won)
        shape = _Shape.of(change, bind.dialect.name)
        params = shape.params(change)
        if single and isinstance(bind, Engine):
            try:
                with bind.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                    return conn.execute(_in_one_statement(shape), params).first() is not None
            except IntegrityError:
                return False
        return self._write_in_a_transaction(change, shape, params)

    def _write_in_a_transaction(self, change: Change, shape: _Shape, params: Json) -> bool:
        session = self.session
        record = session.scalars(
            _update(shape).returning(GameRecord),
            params,
            execution_options={"synchronize_session": False, "populate_existing": True},
        ).one_or_none()
        if record is None:
            session.rollback()
            return False
        session.connection().execute(_insert_action_alone(), params)
        if change.first_move:
            bump_deal_stat(session, record.game, record.ruleset, record.deal, plays=1)
        if change.won:
            record_win(session, record, record.updated_at)
            bump_deal_stat(session, record.game, record.ruleset, record.deal, wins=1)
            offer_par(
                session,
                record.game,
                record.ruleset,
                record.deal,
                record.line,
                proven=False,
                source="player",
                now=record.updated_at,
            )
        return commit_unless_taken(session)


@dataclass(frozen=True)
class _Shape:
    """What an action's statements look like, apart from their values: statements are
    built once per shape (SQLAlchemy then reuses their compiled form, and PostgreSQL its
    prepared statement)."""

    dialect: str
    columns: tuple[str, ...]
    line: str  # "append", "drop", "whole" or "keep"
    drop: int
    seen: bool

    @classmethod
    def of(cls, change: Change, dialect: str) -> _Shape:
        edit = change.line
        line = (
            "whole"
            if edit.whole is not None
            else "append"
            if edit.append is not None
            else "drop"
            if edit.drop
            else "keep"
        )
        columns = tuple(sorted(change.values))
        return cls(dialect, columns, line, edit.drop, bool(change.seen_added))

    def params(self, change: Change) -> Json:
        row, edit = change.row, change.line
        params: Json = {f"new_{key}": change.values[key] for key in self.columns}
        params |= {
            "where_id": row["id"],
            "where_player_id": row["player_id"],
            "where_version": row["version"],
            "where_running_since": row["running_since"],
            "action_kind": change.kind,
            "action_fingerprint": change.fingerprint,
            "action_response": change.response,
        }
        if self.line == "whole":
            params["line_whole"] = edit.whole
        elif self.line == "append":
            appended = [edit.append] if self.dialect == "postgresql" else edit.append
            params["line_append"] = _json(appended)
        if self.seen:
            params["seen_added"] = _json(change.seen_added)
            params["seen_whole"] = change.seen
        return params


def _json(value: Any) -> str:
    return encoding.dumps(value)


_ACTION_COLUMNS = [
    "game_id",
    "kind",
    "base_version",
    "version",
    "fingerprint",
    "response",
    "created_at",
]


def _insert_action(game_id: Any) -> Any:
    values = select(
        game_id,
        bindparam("action_kind", type_=Action.kind.type),
        bindparam("where_version", type_=Action.base_version.type),
        bindparam("new_version", type_=Action.version.type),
        bindparam("action_fingerprint", type_=Action.fingerprint.type),
        bindparam("action_response", type_=Action.response.type),
        bindparam("new_updated_at", type_=Action.created_at.type),
    )
    return insert(Action).from_select(_ACTION_COLUMNS, values)


@lru_cache(maxsize=1)
def _insert_action_alone() -> Any:
    return _insert_action(bindparam("where_id", type_=Action.game_id.type))


@lru_cache(maxsize=64)
def _in_one_statement(shape: _Shape) -> Any:
    """PostgreSQL: the conditional update and the action's insert, both or neither."""
    updated = _update(shape).returning(GameRecord.id).cte("updated")
    return _insert_action(updated.c.id).returning(Action.id)


@lru_cache(maxsize=64)
def _update(shape: _Shape) -> Any:
    """The conditional ``UPDATE`` of an action of ``shape`` (no ``RETURNING`` yet)."""
    values: dict[str, Any] = {
        key: bindparam(f"new_{key}", type_=getattr(GameRecord, key).type) for key in shape.columns
    }
    values["line"] = _line_edit(shape)
    if shape.seen and shape.dialect == "postgresql":
        values["seen"] = _appended(GameRecord.seen, "seen_added", shape.dialect)
    elif shape.seen:  # SQLite, embedded and local: the (short) list whole
        values["seen"] = bindparam("seen_whole", type_=GameRecord.seen.type)
    return (
        update(GameRecord)
        .where(
            GameRecord.id == bindparam("where_id"),
            GameRecord.player_id == bindparam("where_player_id"),
            GameRecord.version == bindparam("where_version"),
            GameRecord.status == "playing",
            GameRecord.running_since.is_not_distinct_from(
                bindparam("where_running_since", type_=_CLOCK)
            ),
        )
        .values(values)
    )


def _line_edit(shape: _Shape) -> Any:
    if shape.line == "whole":
        return bindparam("line_whole", type_=GameRecord.line.type)
    if shape.line == "append":
        return _appended(GameRecord.line, "line_append", shape.dialect)
    if shape.line == "drop":
        if shape.dialect == "postgresql":
            dropped: Any = cast(GameRecord.line, JSONB)
            for _ in range(shape.drop):
                dropped = dropped.op("-")(literal(-1))
            return cast(dropped, JSON)
        return func.json_remove(GameRecord.line, *["$[#-1]"] * shape.drop)
    return GameRecord.line


def _appended(column: Any, param: str, dialect: str) -> ColumnElement[Any]:
    """``column`` (a JSON array) with more computed by the database: on PostgreSQL the JSON
    array ``param`` appended, on SQLite the one JSON item ``param``."""
    text = bindparam(param, type_=String)
    if dialect == "postgresql":  # the columns are json: append as jsonb, store as json
        return cast(cast(column, JSONB).op("||")(cast(text, JSONB)), JSON)
    return func.json_insert(column, "$[#]", func.json(text))
