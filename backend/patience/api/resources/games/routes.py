"""Games: the catalog, starting a game, reading it, and the actions on it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Response

from patience.api.analysis import analyst
from patience.api.auth import current_player_id, optional_player_id
from patience.api.clock import now
from patience.api.db import get_session
from patience.api.errors import ApiError
from patience.api.inputs import parse_date
from patience.api.resources.games.schemas import (
    AnalysisSchema,
    CatalogSchema,
    ClockSchema,
    GameViewSchema,
    HintResultSchema,
    MoveResultSchema,
    MoveSchema,
    NewGameSchema,
    ReplaySchema,
    ReplayStepSchema,
    VersionSchema,
)
from patience.api.rulesets import game_catalog
from patience.api.smorest import Blueprint
from patience.service.games import GameService, Json, Kind
from patience.service.records import Records

F = TypeVar("F", bound=Callable[..., object])

blp = Blueprint("games", __name__, url_prefix="/api/v1/games", description="Games")

ETAG_HEADER = {"ETag": {"description": 'The game\'s version, as "N"', "schema": {"type": "string"}}}


GAME = "#/paths/~1api~1v1~1games~1{game_id}"
"""The operations on one game, as OpenAPI links name them."""


def _links(view: str = "", *, finished: bool = False) -> Json:
    """The OpenAPI links of a response holding a GameView (at the JSON pointer ``view``):
    what its game offers next — read it, play one of its ``legal_moves``, undo, hint, resign,
    rewind, its analysis and its clock; once ``finished``, its replay and its record. (A game
    in play has neither: their links are on the answers that end a game.)"""
    body = f"$response.body#{view}"
    game_id = {"game_id": f"{body}/id"}
    version = {"version": f"{body}/version"}

    def link(operation: str, request_body: Json | None = None) -> Json:
        out: Json = {"operationRef": f"{GAME}{operation}", "parameters": game_id}
        return out if request_body is None else out | {"requestBody": request_body}

    if finished:
        first = link("~1replay~1{step}/get") | {"parameters": game_id | {"step": 0}}
        return {
            "Replay": link("~1replay/get"),
            "FirstStep": first,
            "Record": link("~1record/get"),
            "Game": link("/get"),
        }
    return {
        "Game": link("/get"),
        "Move": link("~1moves/post", {**version, "move": f"{body}/legal_moves/0"}),
        "Undo": link("~1undo/post", version),
        "Hint": link("~1hint/post", version),
        "Resign": link("~1resign/post", version),
        "Rewind": link("~1rewind/post", version),
        "Analysis": link("~1analysis/get"),
        "Pause": link("~1clock/post", {"running": False}),
    }


def _documented_links(status: int, view: str = "", *, finished: bool = False) -> Callable[[F], F]:
    """``blp.doc`` adding :func:`_links` to the ``status`` response."""
    return blp.doc(responses={status: {"links": _links(view, finished=finished)}})


def _with_etag(view: Json, status: int = 200, **headers: str) -> tuple[Json, int, dict[str, str]]:
    return view, status, {"ETag": f'"{view["version"]}"', **headers}


def service() -> GameService:
    """The game service for this request."""
    return GameService(get_session(), analyst(), now())


def _act(game_id: str, kind: Kind, body: Json) -> tuple[Json, int, dict[str, str]]:
    base = body["version"]
    return _with_etag(service().act(current_player_id(), game_id, kind, base, body))


@blp.route("/catalog", methods=["GET"])
@blp.response(200, CatalogSchema)
def get_catalog() -> Json:
    """The games, their options (defaults, allowed values) and rulesets."""
    return {"games": game_catalog()}


@blp.route("", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(NewGameSchema)
@blp.response(201, GameViewSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 413, 415, 422, 503)
@_documented_links(201)
def post_game(body: Json) -> tuple[Json, int, dict[str, str]]:
    """Start a game on a deal (a random one without ``deal``; today's daily deal with
    ``daily``, or with ``date`` an earlier day's, as practice); the clock starts running.
    503 ``daily_unavailable`` while today's daily is not proven yet."""
    player, game = current_player_id(), body["game"]
    if body.get("daily"):
        date = parse_date(body["date"]) if "date" in body else None
        view = service().create_daily(player, game, body.get("deal"), body.get("options"), date)
    elif "date" in body:
        raise ApiError(422, "not_daily", "a date names a daily deal: add daily: true")
    else:
        view = service().create(player, game, body.get("deal"), body.get("options"))
    return _with_etag(view, 201, Location=f"/api/v1/games/{view['id']}")


@blp.route("/<game_id:game_id>", methods=["GET"])
@blp.auth_required
@blp.response(200, GameViewSchema, headers=ETAG_HEADER)
@blp.errors(404)
def get_game(game_id: str) -> tuple[Json, int, dict[str, str]]:
    """The player's game."""
    return _with_etag(service().view(current_player_id(), game_id))


@blp.route("/<game_id:game_id>/moves", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(MoveSchema)
@blp.response(200, MoveResultSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415, 422)
@_documented_links(200)
def post_move(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """Play a move on a version; the answer carries the move's ``events``."""
    return _act(game_id, "move", body)


@blp.route("/<game_id:game_id>/undo", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(VersionSchema)
@blp.response(200, GameViewSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415, 422)
@_documented_links(200)
def post_undo(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """Take back the last move (422 ``nothing_to_undo``)."""
    return _act(game_id, "undo", body)


@blp.route("/<game_id:game_id>/rewind", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(VersionSchema)
@blp.response(200, GameViewSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415, 422)
@_documented_links(200)
def post_rewind(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """Back to the last winnable point the analysis named (``rewind`` of a proven
    ``unwinnable`` analysis), counted as the undos it takes; 422 ``nothing_to_rewind``
    when none is known."""
    return _act(game_id, "rewind", body)


@blp.route("/<game_id:game_id>/resign", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(VersionSchema)
@blp.response(200, GameViewSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415, 422)
@_documented_links(200, finished=True)
def post_resign(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """Give up the game (status ``resigned``; the clock stops)."""
    return _act(game_id, "resign", body)


@blp.route("/<game_id:game_id>/hint", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(VersionSchema)
@blp.response(200, HintResultSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415, 422)
@_documented_links(200, "/game")
def post_hint(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """One move worth making, and the analysis of the position. Counts one hint and advances
    the version. While stock cards are unseen the hint uses only what the player has seen."""
    result = service().hint(current_player_id(), game_id, body["version"], body)
    return result, 200, {"ETag": f'"{result["game"]["version"]}"'}


@blp.route("/<game_id:game_id>/analysis", methods=["GET"])
@blp.auth_required
@blp.response(200, AnalysisSchema)
@blp.errors(404)
def get_analysis(game_id: str) -> Json:
    """Whether the current position can still be won: ``not_applicable`` while unseen cards
    remain, then ``pending`` → ``done`` (``winnable``/``unwinnable``) or ``timeout``;
    ``unavailable`` without Redis or a worker (``not_started`` when nothing is queued for
    the position: ask again with POST). A pure read: the action that made the position
    started its analysis. Play never waits for it."""
    return service().analysis(current_player_id(), game_id)


@blp.route("/<game_id:game_id>/analysis", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.response(200, AnalysisSchema)
@blp.errors(404)
def post_analysis(game_id: str) -> Json:
    """Ask again for the analysis of the current position (after a ``timeout``, a worker
    outage or ``not_started``; no body); the Analysis, as GET answers it."""
    return service().ask_analysis(current_player_id(), game_id)


@blp.route("/<game_id:game_id>/replay", methods=["GET"])
@blp.auth_optional
@blp.response(200, ReplaySchema)
@blp.errors(404)
def get_replay(game_id: str) -> Json:
    """A finished game (won or resigned), public: its deal, rules, player, result and move
    line, to watch from the deal. A game in play is 404 (``game_in_play``); so is a game of
    a ranked deal whose day is still open, to anyone but its player."""
    return service().replay(game_id, optional_player_id())


@blp.route("/<game_id:game_id>/replay/<step:step>", methods=["GET"])
@blp.auth_optional
@blp.response(200, ReplayStepSchema)
@blp.errors(404)
def get_replay_step(game_id: str, step: int) -> Json:
    """One step of a finished game's replay, public: the board as its player saw it after
    ``step`` moves (0: the deal) and the move that led there. 404 while the game is in play
    (``game_in_play``) or past its last step (``no_such_step``); an open ranked day's game
    answers its player only."""
    return service().replay_step(game_id, step, optional_player_id())


@blp.route("/<game_id:game_id>/record", methods=["GET"])
@blp.auth_optional
@blp.response(
    200,
    {"type": "string"},
    content_type="text/plain",
    description="The record (docs/record.md): tag pairs, then the moves",
)
@blp.errors(404)
def get_record(game_id: str) -> Response:
    """A finished game as a Patience record (docs/record.md), public like its replay: the
    deal, rules, player and result as tag pairs, then the move line in the game's notation.
    404 while the game is in play (``game_in_play``), and to anyone but its player while
    its ranked deal's day is open; a revealed ranked deal's record carries its layout."""
    text, name = Records(get_session(), now()).of_game(game_id, optional_player_id())
    return Response(
        text,
        mimetype="text/plain",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )


@blp.route("/<game_id:game_id>/clock", methods=["POST"])
@blp.auth_required
@blp.arguments(ClockSchema)
@blp.response(200, GameViewSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415)
@_documented_links(200)
def post_clock(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """Pause or resume the clock (no version needed; the version does not change)."""
    view = service().clock(current_player_id(), game_id, body["running"])
    return _with_etag(view)
