"""One database session per request, from the engine that ``create_app`` set up."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from patience.store import make_engine, session_factory

EXTENSION = "patience.db"


def init_db(app: Flask) -> None:
    """Create the engine for ``DATABASE_URL`` and close each request's session at teardown."""
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions[EXTENSION] = session_factory(engine)

    @app.teardown_appcontext
    def close_session(_exc: BaseException | None) -> None:
        session: Session | None = g.pop("db_session", None)
        if session is None:
            return
        try:
            session.close()
        except DBAPIError:  # the server went away mid-request: the answer (a 503) stands
            session.invalidate()


def get_engine(app: Flask | None = None) -> Engine:
    """The app's engine."""
    factory: sessionmaker[Session] = (app or current_app).extensions[EXTENSION]
    bind = factory.kw["bind"]
    assert isinstance(bind, Engine)
    return bind


def get_session() -> Session:
    """This request's session (created on first use)."""
    if "db_session" not in g:
        factory: sessionmaker[Session] = current_app.extensions[EXTENSION]
        g.db_session = factory()
    session: Session = g.db_session
    return session


def sessions(app: Flask | None = None) -> sessionmaker[Session]:
    """The app's session factory, for work that outlives the request's own session (a
    streamed response)."""
    factory: sessionmaker[Session] = (app or current_app).extensions[EXTENSION]
    return factory
