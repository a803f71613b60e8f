"""Games as a service: start one, read it, and act on it (move, undo, resign, hint), and its
clock. Pure of HTTP: refusals are the engine's errors and :mod:`patience.service.errors`.

A game is stored as its deal, options and move line; the engine game is rebuilt by replaying
the line and merging the stored seen cards (each process keeps the games it handled lately,
:mod:`patience.service.cache`, so a game's next action usually skips the read and the
replay). Every accepted action is one write (:meth:`patience.store.games.Games.write`); a
request repeated for a version it already advanced gets its stored answer, not a second
action.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import secrets
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from sqlalchemy.orm import Session

from patience import catalogue
from patience.catalogue.daily_rulesets import daily_rulesets
from patience.catalogue.ranked_deals import daily_key, deal_id, deal_start, is_open, public_number
from patience.engine import Game, IllegalMove, InvalidPosition
from patience.engine.deal import MAX_DEAL
from patience.games import game_class, new_game, start_game
from patience.games.registry import weighed_for_fair_play
from patience.service.analysis import Analyst
from patience.service.cache import recent_games
from patience.service.daily_deals import Daily, InvalidDate
from patience.service.deals import known_par
from patience.service.errors import (
    Busy,
    DailyUnavailable,
    NoDailyThatDay,
    NotDaily,
    NotFound,
    VersionConflict,
)
from patience.service.views import elapsed_ms, game_view, iso
from patience.store import GameRecord, Player
from patience.store.daily_results import is_ranked
from patience.store.games import Change, Games, LineEdit, Row, as_row
from patience.store.pars import par_of
from patience.store.queries import asked_for_solution, personal_best
from patience.store.ranked_pool import daily_of

Json = dict[str, Any]
Kind = Literal["move", "undo", "resign", "rewind"]

GAME_ID = re.compile(r"[0-9a-f]{32}")
"""Every game id (a UUID's hex); other text names no game and never reaches the database."""


def fingerprint(kind: str, body: Json) -> str:
    """What a request asks for, independent of its base version: kind + canonical JSON.

    >>> fingerprint("move", {"version": 3, "move": {"type": "draw"}}) == fingerprint(
    ...     "move", {"move": {"type": "draw"}, "version": 4})
    True
    """
    rest = {k: v for k, v in body.items() if k != "version"}
    canonical = json.dumps([kind, rest], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def rebuild(row: Row, session: Session) -> Game[Any, Any]:
    """The engine game of a stored row (or this process's copy of it at that version)."""
    found = recent_games.get(row["id"], row["version"])
    if found is not None:
        return found[0]
    game = start_game(row["game"], deal_start(session, row["game"], row["deal"]), row["options"])
    game.replay(row["line"], row["seen"])
    recent_games.put(row, game)
    return game


@dataclass
class Effect:
    """What an action did to the engine game, for the write and the answer."""

    line: LineEdit = field(default_factory=LineEdit)
    events: list[Json] = field(default_factory=list)
    counters: Json = field(default_factory=dict)
    status: str | None = None
    answer: Callable[[Json], Json] = lambda view: view


class GameService:
    """The games of one request: a database session, the solver jobs, and the time now."""

    def __init__(self, session: Session, analyst: Analyst, now: dt.datetime) -> None:
        self.games = Games(session)
        self.session = session
        self.analyst = analyst
        self.now = now

    # -- reading ------------------------------------------------------------------------------

    def load(self, player_id: str, game_id: str) -> GameRecord:
        """The player's game (:class:`NotFound` for unknown or not-yours games)."""
        record = self.games.get(game_id) if GAME_ID.fullmatch(game_id) else None
        if record is None or record.player_id != player_id:
            raise NotFound("there is no such game")
        return record

    def view(self, player_id: str, game_id: str) -> Json:
        """The GameView of the player's game as stored now."""
        row = as_row(self.load(player_id, game_id))
        return self._view(row, rebuild(row, self.session))

    def _finished(self, game_id: str, viewer: str | None) -> GameRecord:
        return finished_game(self.games, game_id, viewer, self.now)

    def replay(self, game_id: str, viewer: str | None) -> Json:
        """A finished game for anyone to watch: its deal, rules, player and move line (a
        game of a ranked deal whose day is open: for its player only)."""
        record = self._finished(game_id, viewer)
        player = self.session.get(Player, record.player_id)
        return {
            "game_id": record.id,
            "game": record.game,
            "deal": public_number(record.deal),
            "deal_id": deal_id(record.game, record.deal),
            "ruleset": record.ruleset,
            "options": record.options,
            "player": player.name if player else "",
            "status": record.status,
            "moves": record.line,
            "result": record.result,
            "created_at": iso(record.created_at),
            "finished_at": iso(record.finished_at),
        }

    def replay_step(self, game_id: str, step: int, viewer: str | None) -> Json:
        """The board of a finished game after ``step`` moves, as its player saw it then."""
        record = self._finished(game_id, viewer)
        line = record.line
        if not 0 <= step <= len(line):
            raise NotFound(f"the game has steps 0 to {len(line)}", reason="no_such_step")
        deal = deal_start(self.session, record.game, record.deal)
        game = start_game(record.game, deal, record.options)
        game.replay(line[:step], ())
        return {
            "game": record.game,
            "game_id": record.id,
            "step": step,
            "steps": len(line),
            "board": game.board(),
            "move": line[step - 1] if step else None,
        }

    def analysis(self, player_id: str, game_id: str) -> Json:
        """The Analysis of the game's current position, as far as it is known (a read)."""
        row = as_row(self.load(player_id, game_id))
        return self.analyst.report(rebuild(row, self.session), row["version"])

    def ask_analysis(self, player_id: str, game_id: str) -> Json:
        """Ask again for the analysis of the game's current position (after a timeout or a
        worker outage); its Analysis."""
        row = as_row(self.load(player_id, game_id))
        return self.analyst.ask(rebuild(row, self.session), row["version"], row["id"], again=True)

    def _view(self, row: Row, game: Game[Any, Any]) -> Json:
        ranked = is_ranked(self.session, row)
        return game_view(row, game, self.now, self.analyst, ranked=ranked)

    # -- starting -----------------------------------------------------------------------------

    def create(self, player_id: str, name: str, deal: int | None, options: Json | None) -> Json:
        """Start a game (the clock starts running); its GameView."""
        if deal is None:  # proven winnable when the options ask for it, else any deal
            number = catalogue.pick(name, options, secrets.randbits(64)) or random_deal()
        else:
            number = deal
        return self._start(player_id, new_game(name, deal=number, options=options), None)

    def create_daily(
        self,
        player_id: str,
        name: str,
        deal: int | None,
        options: Json | None,
        date: dt.date | None = None,
    ) -> Json:
        """Start today's daily deal of ``name`` (UTC), or an earlier day's (practice: only
        a game started on its day, the player's first, is ranked), under the game's daily
        ruleset (other options, such as display aids, are welcome). Served only from the
        pool of proven deals: today's missing is :class:`DailyUnavailable`."""
        today = self.now.astimezone(dt.UTC).date()
        try:
            day = Daily(self.session, self.now).check(date or today)
        except InvalidDate as exc:
            raise NoDailyThatDay(exc.message) from None
        if deal is not None:
            raise NotDaily("a daily game plays the day's deal: leave out 'deal'")
        game_name = game_class(name).name
        if game_name not in daily_rulesets():
            raise NotDaily(f"{game_name} has no daily deals")
        ranked = daily_of(self.session, game_name, day)
        if ranked is None:
            if day == today:
                raise DailyUnavailable("today's daily deal is not ready yet; try again soon")
            raise NotFound("that day has no ranked daily deal", reason="no_such_deal")
        played = f"the daily deals are played {ranked.ruleset}: keep the rule options"
        try:  # without options, the day's rules (a daily ruleset need not be the default)
            rules = options or game_class(game_name).ruleset_options()[ranked.ruleset]
            game = start_game(game_name, ranked.layout, rules)
        except InvalidPosition:  # the day's layout cannot be played under other rules
            raise NotDaily(played) from None
        if game.ruleset != ranked.ruleset:
            raise NotDaily(played)
        return self._start(player_id, game, day, daily_key(day))

    def _start(
        self,
        player_id: str,
        game: Game[Any, Any],
        daily: dt.date | None,
        key: int | None = None,
    ) -> Json:
        """Store a new game (of a daily, when ``daily`` is its date; ``key``: a ranked
        deal's); its GameView."""
        number = game.deal if key is None else key
        assert number is not None
        record = GameRecord(
            id=uuid.uuid4().hex,
            player_id=player_id,
            game=game.name,
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
            running_since=self.now,
            status="playing",
            created_at=self.now,
            updated_at=self.now,
            daily=daily,
        )
        self.games.add(record)
        row = as_row(record)
        recent_games.put(row, game)
        if game.deal is not None and not self._par_proven(game):
            self.analyst.start_par(game)  # (a ranked deal's proof came with its pool)
        return self._view(row, game)

    def _par_proven(self, game: Game[Any, Any]) -> bool:
        assert game.deal is not None
        stored = par_of(self.session, game.name, game.ruleset, game.deal)
        return stored is not None and stored.proven

    # -- acting -------------------------------------------------------------------------------

    def act(self, player_id: str, game_id: str, kind: Kind, base: int, body: Json) -> Json:
        """Apply one action on version ``base``; the answer (the GameView, with the move's
        ``events``). A stale ``base`` gets the stored answer when this very request advanced
        it (a retry), else :class:`VersionConflict`."""
        steps: dict[str, Callable[[Game[Any, Any], Row], Effect]] = {
            "move": lambda game, row: _move(game, row, body["move"]),
            "undo": _undo,
            "resign": _resign,
            "rewind": self._rewind,
        }
        return self._perform(player_id, game_id, kind, base, body, steps[kind])

    def _rewind(self, game: Game[Any, Any], row: Row) -> Effect:
        """Back to the last winnable point the analysis found, counted as the undos it
        takes."""
        _playing(row)
        back = self.analyst.moves_back(game)
        if not back:
            raise IllegalMove(
                "no earlier winnable point is known for this position", reason="nothing_to_rewind"
            )
        for _ in range(back):
            game.undo()
        line = LineEdit(drop=back) if back <= 16 else LineEdit(whole=game.moves)
        return Effect(line=line, counters={"undos": row["undos"] + back})

    def hint(self, player_id: str, game_id: str, base: int, body: Json) -> Json:
        """One move worth making (counted as a hint; advances the version), with the
        analysis of the position and the GameView."""

        def step(game: Game[Any, Any], row: Row) -> Effect:
            _playing(row)
            advice = self.analyst.advise(game)
            version = row["version"] + 1

            def answer(view: Json) -> Json:
                report = self.analyst.ask(game, version, row["id"])
                return {"hint": advice, "analysis": report, "game": view}

            return Effect(counters={"hints": row["hints"] + 1}, answer=answer)

        return self._perform(player_id, game_id, "hint", base, body, step)

    def _perform(
        self,
        player_id: str,
        game_id: str,
        kind: str,
        base: int,
        body: Json,
        step: Callable[[Game[Any, Any], Row], Effect],
    ) -> Json:
        """Read (the cache first), step the engine game, write; once more from a fresh read
        should the write lose to a concurrent one."""
        asks = fingerprint(kind, body)
        found = recent_games.get(game_id, base)
        for _ in range(3):
            if found is None or found[1]["player_id"] != player_id:
                row = as_row(self.load(player_id, game_id))
                if row["version"] != base:
                    return self._retried(row, base, asks)
                found = rebuild(row, self.session), row
            game, row = found
            effect = step(game, row)
            change, new_row = self._change(game, row, kind, asks, effect)
            if self.games.write(change):
                recent_games.put(new_row, game)
                if new_row["status"] != "playing":
                    self.analyst.game_over(game_id)
                if new_row.get("fair_play") == "pending":
                    self.analyst.start_fair_play(game_id)
                elif kind != "hint":  # (a hint asks in its answer)
                    self.analyst.after_action(game, new_row["version"], game_id)
                return change.response
            found = None  # the row changed meanwhile (another action, the clock): read again
        raise Busy("the game changed meanwhile; try again")

    def _change(
        self, game: Game[Any, Any], row: Row, kind: str, asks: str, effect: Effect
    ) -> tuple[Change, Row]:
        """The write (with the answer) for ``effect`` on ``row``, and the row it makes."""
        status = effect.status or game.status
        values: Json = {
            "version": row["version"] + 1,
            "status": status,
            "updated_at": self.now,
            **effect.counters,
        }
        if status != "playing":
            values |= self._finish(row, game, status)
        elif row["running_since"] is None:
            values["running_since"] = self.now  # acting resumes a paused clock
        seen = game.seen
        added = [] if seen == row["seen"] else (Counter(seen) - Counter(row["seen"])).elements()
        new_row = row | values | {"line": None, "seen": seen}  # the cached game has the line
        view = self._view(new_row, game)
        if kind == "move":
            view["events"] = effect.events
        change = Change(
            row=row,
            kind=kind,
            fingerprint=asks,
            line=effect.line,
            values=values,
            seen_added=sorted(added),
            seen=seen,
            response=effect.answer(view),
            first_move=kind == "move" and row["moves_made"] == 0,
            won=status == "won",
        )
        return change, new_row

    def _finish(self, row: Row, game: Game[Any, Any], status: str) -> Json:
        """Column values for a game that just ended: stop the clock, fix the result."""
        elapsed = elapsed_ms(row, self.now)
        moves = len(game.moves)
        best = personal_best(
            self.session, row["player_id"], row["game"], row["ruleset"], row["deal"]
        )
        previous = None if best is None else best.moves
        improved = status == "won" and (previous is None or moves < previous)
        assisted = status == "won" and asked_for_solution(
            self.session, row["player_id"], row["game"], row["ruleset"], row["deal"], self.now
        )
        par = known_par(self.session, row["game"], row["ruleset"], row["deal"])
        if status == "won" and (par is None or moves < par["moves"]):
            par = {"moves": moves, "proven": False, "source": "player"}  # this very win
        result = {
            "moves": moves,
            "elapsed_ms": elapsed,
            "undos": row["undos"],
            "hints": row["hints"],
            "pauses": row["pauses"],
            "progress": game.progress(),
            "removed": game.progress(),  # its first name, from Pyramid: kept for clients
            "solver_assisted": assisted,
            "personal_best": {"previous": previous, "improved": improved},
            "par": par,
        }
        ended: Json = {
            "elapsed_ms": elapsed,
            "running_since": None,
            "finished_at": self.now,
            "result": result,
        }
        if status == "won":  # weighed by the worker where the deal hid something
            ended["fair_play"] = "pending" if weighed_for_fair_play(game) else "ok"
        return ended

    def _retried(self, row: Row, base: int, asks: str) -> Json:
        stored = self.games.stored_response(row["id"], base, asks)
        if stored is not None:
            return stored
        raise VersionConflict(
            f"the game is at version {row['version']}, not {base}",
            game=self._view(row, rebuild(row, self.session)),
        )

    # -- the clock ----------------------------------------------------------------------------

    def clock(self, player_id: str, game_id: str, running: bool) -> Json:
        """Pause or resume the clock of a game in play (no version change); its GameView."""
        for _ in range(5):
            row = as_row(self.load(player_id, game_id))
            if row["status"] != "playing" or running == (row["running_since"] is not None):
                return self._view(row, rebuild(row, self.session))
            values: Json = (
                {"running_since": self.now}
                if running
                else {
                    "running_since": None,
                    "elapsed_ms": elapsed_ms(row, self.now),
                    "pauses": row["pauses"] + 1,
                }
            )
            if self.games.set_clock(row, values):
                new_row = row | values
                recent_games.put(new_row, rebuild(row, self.session))
                return self._view(new_row, rebuild(new_row, self.session))
        raise Busy("the game changed meanwhile; try again")


def finished_game(games: Games, game_id: str, viewer: str | None, now: dt.datetime) -> GameRecord:
    """A finished game, for anyone to see (its replay, its steps, its record). A game in play
    has none: its line would show what only its player has seen. Nor has a game of a ranked
    deal whose day is open, but for its own player (``viewer``): its line would show the
    deal's unseen cards to the day's other players."""
    record = games.get(game_id) if GAME_ID.fullmatch(game_id) else None
    if record is None or (is_open(record.deal, now) and record.player_id != viewer):
        raise NotFound("there is no such game")
    if record.status == "playing":
        raise NotFound(
            "the game is still in play; its replay comes when it ends", reason="game_in_play"
        )
    return record


def random_deal() -> int:
    """A deal number 1 … 2^32−1 from a cryptographic source."""
    return secrets.randbelow(MAX_DEAL) + 1


# -- the actions ------------------------------------------------------------------------------


def _playing(row: Row) -> None:
    if row["status"] != "playing":
        raise IllegalMove("the game is over", reason="game_over")


def _move(game: Game[Any, Any], row: Row, move: object) -> Effect:
    if row["status"] != "playing":
        game.parse_move(move)  # a malformed move is 400 before game_over
    _playing(row)
    events = game.play(move)
    return Effect(
        line=LineEdit(append=game.last_move),
        events=events,
        counters={"moves_made": row["moves_made"] + 1},
    )


def _undo(game: Game[Any, Any], row: Row) -> Effect:
    _playing(row)
    game.undo()
    return Effect(line=LineEdit(drop=1), counters={"undos": row["undos"] + 1})


def _resign(game: Game[Any, Any], row: Row) -> Effect:
    _playing(row)
    return Effect(status="resigned")
