"""Store queries: statistics, deal counters, wins and personal bests."""

from __future__ import annotations

import datetime as dt

from patience.store import GameRecord, Player, make_engine, session_factory, utcnow
from patience.store.devices import hash_token, signed_in
from patience.store.migrate import upgrade
from patience.store.queries import (
    Outcome,
    bump_deal_stat,
    deal_stat,
    game_stats,
    leaderboard,
    new_player,
    personal_best,
    player_stats,
    record_win,
)


def test_game_stats_streaks_and_abandoned_games() -> None:
    def o(status: str, moves: int = 1) -> Outcome:
        return Outcome("pyramid", status, moves)

    assert game_stats([]) == {
        "played": 0,
        "won": 0,
        "win_rate": 0.0,
        "current_streak": 0,
        "best_streak": 0,
    }
    # An unplayed game (no move), left or resigned, is not counted and does not break a streak.
    s = game_stats([o("won"), o("playing", 0), o("won"), o("won"), o("resigned", 0)])
    assert (s["played"], s["won"], s["current_streak"], s["best_streak"]) == (3, 3, 3, 3)
    s = game_stats([o("won"), o("resigned")])
    assert (s["played"], s["current_streak"]) == (2, 0)
    # The last game in progress is played but neither won nor lost.
    s = game_stats([o("won"), o("playing")])
    assert (s["played"], s["won"], s["current_streak"], s["win_rate"]) == (2, 1, 1, 0.5)


def test_records_on_a_database(empty_url: str) -> None:
    upgrade(empty_url)
    engine = make_engine(empty_url)
    try:
        with session_factory(engine)() as session:
            now = utcnow()
            player = Player(id="p1", name="Ann", created_at=now)
            session.add(player)
            session.flush()
            record = GameRecord(
                id="g1",
                player_id="p1",
                game="pyramid",
                ruleset="standard",
                options={},
                deal=2**32 - 1,
                version=3,
                line=[],
                seen=[],
                moves_made=3,
                undos=1,
                hints=0,
                elapsed_ms=1234,
                status="won",
                created_at=now,
                updated_at=now,
                result={
                    "moves": 40,
                    "elapsed_ms": 1234,
                    "undos": 1,
                    "hints": 0,
                    "pauses": 0,
                    "solver_assisted": False,
                },
            )
            session.add(record)
            session.commit()
            other, token = new_player(session, "Bo", "a phone", now)
            signed = signed_in(session, hash_token(token))
            assert signed is not None and signed.player_id == other.id
            assert signed_in(session, hash_token("nope")) is None
            for _ in range(2):
                bump_deal_stat(session, "pyramid", "standard", 2**32 - 1, plays=1)
            bump_deal_stat(session, "pyramid", "standard", 2**32 - 1, wins=1)
            record_win(session, record, now)
            session.commit()
            stat = deal_stat(session, "pyramid", "standard", 2**32 - 1)
            assert stat is not None and (stat.plays, stat.wins) == (2, 1)
            best = personal_best(session, "p1", "pyramid", "standard", 2**32 - 1)
            assert best is not None and best.moves == 40
            assert best.finished_at.tzinfo is not None
            assert abs(best.finished_at - now) < dt.timedelta(seconds=1)
            rows = leaderboard(session, "pyramid", "standard", 2**32 - 1, 10)
            marks = [(b.moves, name, gid, mark) for b, name, gid, mark in rows]
            assert marks == [(40, "Ann", record.id, record.fair_play)]
            stats = player_stats(session, "p1", ["pyramid", "gaps"])
            assert stats["pyramid"]["won"] == 1 and stats["gaps"]["played"] == 0
    finally:
        engine.dispose()


def test_the_token_look_up_hands_its_connection_back_as_it_was(empty_url: str) -> None:
    """The look-up runs in autocommit on a pooled driver connection; the next user of that
    connection gets it out of autocommit (transactions still roll back)."""
    from sqlalchemy import delete

    from patience.store import Device
    from patience.store.devices import hash_token, signed_in

    upgrade(empty_url)
    engine = make_engine(empty_url)
    try:
        with session_factory(engine)() as session:
            _, token = new_player(session, "Ann", "a phone", utcnow())
            session.close()  # its connection back to the pool: the only one there
            assert signed_in(session, hash_token(token)) is not None
            raw = engine.raw_connection()
            try:
                assert raw.dbapi_connection is not None
                level = engine.dialect.get_isolation_level(raw.dbapi_connection)
                assert level != "AUTOCOMMIT"
            finally:
                raw.close()
            with engine.connect() as conn:
                conn.execute(delete(Device))
                conn.rollback()
            assert session.query(Device).count() == 1
    finally:
        engine.dispose()
