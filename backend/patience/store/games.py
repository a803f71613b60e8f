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

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    ColumnElement,
    Engine,
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
        if single and isinstance(bind, Engine):
            return self._write_in_one_statement(bind, change)
        return self._write_in_a_transaction(change)

    def _write_in_one_statement(self, bind: Engine, change: Change) -> bool:
        updated = _update(change, bind.dialect.name).returning(GameRecord).cte("updated")
        statement = (
            insert(Action)
            .from_select(_ACTION_COLUMNS, _action_values(change, updated.c.id))
            .returning(Action.id)
        )
        try:
            with bind.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                done = conn.execute(statement).first()
        except IntegrityError:
            return False
        return done is not None

    def _write_in_a_transaction(self, change: Change) -> bool:
        session = self.session
        dialect = session.get_bind().dialect.name
        statement = _update(change, dialect).returning(GameRecord)
        record = session.scalars(
            statement.execution_options(synchronize_session=False, populate_existing=True)
        ).one_or_none()
        if record is None:
            session.rollback()
            return False
        session.execute(
            insert(Action).from_select(_ACTION_COLUMNS, _action_values(change, literal(record.id)))
        )
        if change.first_move:
            bump_deal_stat(session, record.game, record.ruleset, record.deal, plays=1)
        if change.won:
            assert record.result is not None
            record_win(session, record, len(record.line), record.updated_at,
                       record.result["solver_assisted"])  # fmt: skip
            bump_deal_stat(session, record.game, record.ruleset, record.deal, wins=1)
            offer_par(session, record.game, record.ruleset, record.deal, record.line,
                      proven=False, source="player", now=record.updated_at)  # fmt: skip
        try:
            session.commit()
        except IntegrityError:
            session.rollback()
            return False
        return True


_ACTION_COLUMNS = ["game_id", "kind", "base_version", "version", "fingerprint", "response",
                   "created_at"]  # fmt: skip


def _action_values(change: Change, game_id: Any) -> Any:
    return select(
        game_id,
        literal(change.kind),
        literal(change.row["version"]),
        literal(change.values["version"]),
        literal(change.fingerprint),
        bindparam("response", change.response, type_=Action.response.type),
        bindparam("created_at", change.values["updated_at"], type_=Action.created_at.type),
    )


def _update(change: Change, dialect: str) -> Any:
    """The conditional ``UPDATE`` of ``change`` (no ``RETURNING`` yet)."""
    row = change.row
    values: dict[str, Any] = {
        key: bindparam(f"new_{key}", value, type_=getattr(GameRecord, key).type)
        for key, value in change.values.items()
    }
    values["line"] = _line_edit(change.line, dialect)
    if change.seen_added:
        values["seen"] = _json_append(GameRecord.seen, change.seen_added, dialect)
    return (
        update(GameRecord)
        .where(
            GameRecord.id == row["id"],
            GameRecord.player_id == row["player_id"],
            GameRecord.version == row["version"],
            GameRecord.status == "playing",
            GameRecord.running_since.is_not_distinct_from(
                bindparam("old_running_since", row["running_since"], type_=_CLOCK)
            ),
        )
        .values(values)
    )


def _line_edit(edit: LineEdit, dialect: str) -> Any:
    if edit.whole is not None:
        return bindparam("new_line", edit.whole, type_=GameRecord.line.type)
    if edit.append is not None:
        return _json_append(GameRecord.line, [edit.append], dialect)
    if edit.drop:
        if dialect == "postgresql":
            dropped: Any = cast(GameRecord.line, JSONB)
            for _ in range(edit.drop):
                dropped = dropped.op("-")(literal(-1))
            return cast(dropped, JSON)
        return func.json_remove(GameRecord.line, *["$[#-1]"] * edit.drop)
    return GameRecord.line


def _json_append(column: Any, items: list[Any], dialect: str) -> ColumnElement[Any]:
    """``column`` (a JSON array) with ``items`` appended, computed by the database."""
    data = json.dumps(items, separators=(",", ":"))
    if dialect == "postgresql":  # the columns are json: append as jsonb, store as json
        return cast(cast(column, JSONB).op("||")(cast(literal(data), JSONB)), JSON)
    # SQLite: json_insert at '$[#]' appends one element per path.
    args: list[Any] = []
    for item in items:
        args += ["$[#]", func.json(json.dumps(item, separators=(",", ":")))]
    return func.json_insert(column, *args)
