"""Games: the catalog, starting a game, reading it, and the actions on it."""

from __future__ import annotations

import re

from flask import Response, request

from patience.api.analysis import analyst
from patience.api.auth import current_player_id
from patience.api.clock import now
from patience.api.db import get_session
from patience.api.errors import ApiError
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

blp = Blueprint("games", __name__, url_prefix="/api/v1/games", description="Games")

ETAG_HEADER = {"ETag": {"description": 'The game\'s version, as "N"', "schema": {"type": "string"}}}
IF_MATCH = re.compile(r'^\s*(?:W/)?"?(\d{1,9})"?\s*$')


def _with_etag(view: Json, status: int = 200, **headers: str) -> tuple[Json, int, dict[str, str]]:
    return view, status, {"ETag": f'"{view["version"]}"', **headers}


def _base_version(body: Json) -> int:
    """The version an action is based on: the body's ``version``, else ``If-Match``."""
    if "version" in body:
        version: int = body["version"]
        return version
    header = request.headers.get("If-Match")
    if header is None:
        raise ApiError(
            400,
            "version_required",
            'send the version in the body or as If-Match: "N"',
            {"version": ["Missing data for required field."]},
        )
    match = IF_MATCH.match(header)
    if match is None:
        raise ApiError(400, "invalid_version", 'If-Match must be "N"', {"If-Match": [header]})
    return int(match.group(1))


def service() -> GameService:
    """The game service for this request."""
    return GameService(get_session(), analyst(), now())


def _act(game_id: str, kind: Kind, body: Json) -> tuple[Json, int, dict[str, str]]:
    base = _base_version(body)
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
@blp.errors(400, 413, 415)
def post_game(body: Json) -> tuple[Json, int, dict[str, str]]:
    """Start a game on a deal (a random one without ``deal``; today's daily deal with
    ``daily``); the clock starts running."""
    start = service().create_daily if body.get("daily") else service().create
    view = start(current_player_id(), body["game"], body.get("deal"), body.get("options"))
    return _with_etag(view, 201, Location=f"/api/v1/games/{view['id']}")


@blp.route("/<game_id>", methods=["GET"])
@blp.auth_required
@blp.response(200, GameViewSchema, headers=ETAG_HEADER)
@blp.errors(404)
def get_game(game_id: str) -> tuple[Json, int, dict[str, str]]:
    """The player's game."""
    return _with_etag(service().view(current_player_id(), game_id))


@blp.route("/<game_id>/moves", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(MoveSchema)
@blp.response(200, MoveResultSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415, 422)
def post_move(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """Play a move on a version; the answer carries the move's ``events``."""
    return _act(game_id, "move", body)


@blp.route("/<game_id>/undo", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(VersionSchema, required=False)
@blp.response(200, GameViewSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415, 422)
def post_undo(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """Take back the last move (422 ``nothing_to_undo``)."""
    return _act(game_id, "undo", body)


@blp.route("/<game_id>/rewind", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(VersionSchema, required=False)
@blp.response(200, GameViewSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415, 422)
def post_rewind(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """Back to the last winnable point the analysis named (``rewind`` of a proven
    ``unwinnable`` analysis), counted as the undos it takes; 422 ``nothing_to_rewind``
    when none is known."""
    return _act(game_id, "rewind", body)


@blp.route("/<game_id>/resign", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(VersionSchema, required=False)
@blp.response(200, GameViewSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415, 422)
def post_resign(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """Give up the game (status ``resigned``; the clock stops)."""
    return _act(game_id, "resign", body)


@blp.route("/<game_id>/hint", methods=["POST"])
@blp.auth_required
@blp.rate_limited("actions")
@blp.arguments(VersionSchema, required=False)
@blp.response(200, HintResultSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415, 422)
def post_hint(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """One move worth making, and the analysis of the position. Counts one hint and advances
    the version. While stock cards are unseen the hint uses only what the player has seen."""
    result = service().hint(current_player_id(), game_id, _base_version(body), body)
    return result, 200, {"ETag": f'"{result["game"]["version"]}"'}


@blp.route("/<game_id>/analysis", methods=["GET"])
@blp.auth_required
@blp.response(200, AnalysisSchema)
@blp.errors(404)
def get_analysis(game_id: str) -> Json:
    """Whether the current position can still be won: ``not_applicable`` while unseen cards
    remain, then ``pending`` → ``done`` (``winnable``/``unwinnable``) or ``timeout``;
    ``unavailable`` without Redis or a worker. Play never waits for it."""
    return service().analysis(current_player_id(), game_id)


@blp.route("/<game_id>/replay", methods=["GET"])
@blp.response(200, ReplaySchema)
@blp.errors(404)
def get_replay(game_id: str) -> Json:
    """A finished game (won or resigned), public: its deal, rules, player, result and move
    line, to watch from the deal. A game in play is 404 (``game_in_play``)."""
    return service().replay(game_id)


@blp.route("/<game_id>/replay/<int(signed=True):step>", methods=["GET"])
@blp.response(200, ReplayStepSchema)
@blp.errors(404)
def get_replay_step(game_id: str, step: int) -> Json:
    """One step of a finished game's replay, public: the board as its player saw it after
    ``step`` moves (0: the deal) and the move that led there. 404 while the game is in play
    (``game_in_play``) or past its last step (``no_such_step``)."""
    return service().replay_step(game_id, step)


@blp.route("/<game_id>/record", methods=["GET"])
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
    404 while the game is in play (``game_in_play``)."""
    text, name = Records(get_session(), now()).of_game(game_id)
    return Response(
        text,
        mimetype="text/plain",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )


@blp.route("/<game_id>/clock", methods=["POST"])
@blp.auth_required
@blp.arguments(ClockSchema)
@blp.response(200, GameViewSchema, headers=ETAG_HEADER)
@blp.errors(400, 404, 409, 413, 415)
def post_clock(body: Json, game_id: str) -> tuple[Json, int, dict[str, str]]:
    """Pause or resume the clock (no version needed; the version does not change)."""
    view = service().clock(current_player_id(), game_id, body["running"])
    return _with_etag(view)
