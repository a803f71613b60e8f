"""Players: sign up (a bearer token), profile and statistics, personal bests; another device
(link codes, the devices list, signing out); their own data (export, deletion)."""

from __future__ import annotations

from typing import Any

from flask import Response, request, stream_with_context

from patience.api.auth import current_device_id, current_player, current_player_id
from patience.api.clock import now
from patience.api.db import get_session, sessions
from patience.api.resources.players.schemas import (
    BestsQuerySchema,
    BestsSchema,
    DeletePlayerSchema,
    DevicesSchema,
    ExportLineSchema,
    LinkCodeSchema,
    NewPlayerSchema,
    PlayerCreatedSchema,
    PlayerPatchSchema,
    PlayerSchema,
    RedeemSchema,
)
from patience.api.smorest import Blueprint
from patience.service.devices import Devices, device_label
from patience.service.export import game_lines, head_lines
from patience.service.players import delete_player, profile
from patience.service.views import iso
from patience.store.queries import new_player, personal_bests

blp = Blueprint("players", __name__, url_prefix="/api/v1/players", description="Players")


@blp.route("", methods=["POST"])
@blp.rate_limited("players")
@blp.arguments(NewPlayerSchema)
@blp.response(201, PlayerCreatedSchema)
@blp.errors(400, 413, 415)
def create_player(body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Sign up: a new player and the bearer token for every later call."""
    label = body.get("label") or device_label(request.user_agent.string)
    player, token = new_player(get_session(), body.get("name"), label, now())
    return _credential({"id": player.id, "name": player.name, "token": token})


def _credential(body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    """A 201 with a token: a credential, which no cache on the way may keep a copy of."""
    return body, 201, {"Cache-Control": "no-store"}


@blp.route("/me", methods=["GET"])
@blp.auth_required
@blp.response(200, PlayerSchema)
def get_me() -> dict[str, Any]:
    """The current player with statistics per game."""
    return profile(get_session(), current_player(), now())


@blp.route("/me", methods=["PATCH"])
@blp.auth_required
@blp.arguments(PlayerPatchSchema)
@blp.response(200, PlayerSchema)
@blp.errors(400, 413, 415)
def patch_me(body: dict[str, Any]) -> dict[str, Any]:
    """Rename the current player."""
    player = current_player()
    player.name = body["name"]
    get_session().commit()
    return profile(get_session(), player, now())


@blp.route("/me/bests", methods=["GET"])
@blp.auth_required
@blp.arguments(BestsQuerySchema, location="query")
@blp.response(200, BestsSchema)
@blp.errors(400)
def get_bests(query: dict[str, Any]) -> dict[str, Any]:
    """The current player's personal bests, newest first."""
    page = query["page"]
    rows, pages = personal_bests(get_session(), current_player().id, query.get("game"), page)
    items = [
        {
            "deal_id": f"{b.game}-{b.deal}",
            "game": b.game,
            "ruleset": b.ruleset,
            "moves": b.moves,
            "elapsed_ms": b.elapsed_ms,
            "hints": b.hints,
            "undos": b.undos,
            "pauses": b.pauses,
            "solver_assisted": b.solver_assisted,
            "game_id": game_id,
            "finished_at": iso(b.finished_at),
        }
        for b, game_id in rows
    ]
    return {"items": items, "page": page, "pages": pages}


# -- another device -----------------------------------------------------------------------------


def devices() -> Devices:
    """Devices and link codes for this request."""
    return Devices(get_session(), now())


@blp.route("/me/link", methods=["POST"])
@blp.auth_required
@blp.rate_limited("link_codes")
@blp.response(201, LinkCodeSchema)
def post_link_code() -> tuple[dict[str, Any], int, dict[str, str]]:
    """A one-time code that signs another device in as this player (single use, 10 minutes;
    a new code replaces the last one)."""
    return devices().link_code(current_player_id()), 201, {"Cache-Control": "no-store"}


@blp.route("/link", methods=["POST"])
@blp.rate_limited("link_attempts")
@blp.arguments(RedeemSchema)
@blp.response(201, PlayerCreatedSchema)
@blp.errors(400, 413, 415)
def post_link(body: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Sign this device in with a code from another: the same player, with a new token (the
    other devices stay signed in). A wrong, used or expired code is 400 ``invalid_code``; a
    code guessed at too often is locked (429)."""
    label = body.get("label") or device_label(request.user_agent.string)
    return _credential(devices().redeem(body["code"], label))


@blp.route("/me/devices", methods=["GET"])
@blp.auth_required
@blp.response(200, DevicesSchema)
def get_devices() -> dict[str, Any]:
    """The devices signed in as this player (``current``: this one)."""
    return devices().listed(current_player_id(), current_device_id())


@blp.route("/me/devices/<device_id>", methods=["DELETE"])
@blp.auth_required
@blp.response(204)
@blp.errors(404)
def delete_device(device_id: str) -> None:
    """Sign a device out: its token is refused (401) from its next request on. This device
    may sign itself out too."""
    devices().sign_out(current_player_id(), device_id)


# -- their own data -------------------------------------------------------------------------------


@blp.route("/me/export", methods=["GET"])
@blp.auth_required
@blp.response(
    200,
    ExportLineSchema,
    content_type="application/x-ndjson",
    description="NDJSON: each line one ExportLine — the player, their statistics, then each "
    "game with its record, oldest first",
)
def get_export() -> Response:
    """Everything the service keeps about this player, streamed as NDJSON (docs/record.md
    for the records)."""
    player = current_player()
    head = head_lines(get_session(), player, current_device_id(), now())
    games = game_lines(sessions(), player.id, player.name, now())
    stream = stream_with_context(_chain(head, games))
    return Response(
        stream,
        mimetype="application/x-ndjson",
        headers={
            "Cache-Control": "no-store",
            "Content-Disposition": 'attachment; filename="patience-export.ndjson"',
        },
    )


def _chain(head: bytes, rest: Any) -> Any:
    yield head
    yield from rest


@blp.route("/me", methods=["DELETE"])
@blp.auth_required
@blp.arguments(DeletePlayerSchema)
@blp.response(204)
@blp.errors(400, 413, 415)
def delete_me(body: dict[str, Any]) -> None:
    """Delete this player, confirmed with their name: the player and every device's token
    go; their finished games stay on leaderboards and replays as an anonymous player."""
    delete_player(get_session(), current_player(), body["confirm"], now())
