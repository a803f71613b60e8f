"""Players: sign up (a bearer token), profile and statistics, personal bests; another device
(link codes, the devices list, signing out); their own data (export, deletion)."""

from __future__ import annotations

from collections.abc import Iterator
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
from patience.service.players import Players

blp = Blueprint("players", __name__, url_prefix="/api/v1/players", description="Players")

Json = dict[str, Any]


def service() -> Players:
    """The players of this request."""
    return Players(get_session(), now())


@blp.route("", methods=["POST"])
@blp.rate_limited("players")
@blp.arguments(NewPlayerSchema, required=False)
@blp.response(201, PlayerCreatedSchema)
@blp.errors(400, 413, 415)
def create_player(body: Json) -> tuple[Json, int, dict[str, str]]:
    """Sign up: a new player and the bearer token for every later call."""
    return _credential(service().sign_up(body.get("name"), _label(body)))


def _credential(body: Json) -> tuple[Json, int, dict[str, str]]:
    """A 201 with a token: a credential, which no cache on the way may keep a copy of."""
    return body, 201, {"Cache-Control": "no-store"}


def _label(body: Json) -> str:
    """The new device's label: the body's, else one from its browser."""
    label: str | None = body.get("label")
    return label or device_label(request.user_agent.string)


@blp.route("/me", methods=["GET"])
@blp.auth_required
@blp.response(200, PlayerSchema)
def get_me() -> Json:
    """The current player with statistics per game."""
    return service().profile(current_player())


@blp.route("/me", methods=["PATCH"])
@blp.auth_required
@blp.arguments(PlayerPatchSchema)
@blp.response(200, PlayerSchema)
@blp.errors(400, 413, 415)
def patch_me(body: Json) -> Json:
    """Rename the current player."""
    return service().rename(current_player(), body["name"])


@blp.route("/me/bests", methods=["GET"])
@blp.auth_required
@blp.arguments(BestsQuerySchema, location="query")
@blp.response(200, BestsSchema)
@blp.errors(400)
def get_bests(query: Json) -> Json:
    """The current player's personal bests, newest first."""
    return service().bests(current_player_id(), query.get("game"), query["page"])


# -- another device -----------------------------------------------------------------------------


def devices() -> Devices:
    """Devices and link codes for this request."""
    return Devices(get_session(), now())


@blp.route("/me/link", methods=["POST"])
@blp.auth_required
@blp.rate_limited("link_codes")
@blp.response(201, LinkCodeSchema)
def post_link_code() -> tuple[Json, int, dict[str, str]]:
    """A one-time code that signs another device in as this player (single use, 10 minutes;
    a new code replaces the last one)."""
    return devices().link_code(current_player_id()), 201, {"Cache-Control": "no-store"}


@blp.route("/link", methods=["POST"])
@blp.rate_limited("link_attempts")
@blp.arguments(RedeemSchema)
@blp.response(201, PlayerCreatedSchema)
@blp.errors(400, 413, 415)
def post_link(body: Json) -> tuple[Json, int, dict[str, str]]:
    """Sign this device in with a code from another: the same player, with a new token (the
    other devices stay signed in). A wrong, used or expired code is 400 ``invalid_code``; a
    code tried too often is locked (429)."""
    return _credential(devices().redeem(body["code"], _label(body)))


@blp.route("/me/devices", methods=["GET"])
@blp.auth_required
@blp.response(200, DevicesSchema)
def get_devices() -> Json:
    """The devices signed in as this player (``current``: this one)."""
    return devices().listed(current_player_id(), current_device_id())


@blp.route("/me/devices/<device_id:device_id>", methods=["DELETE"])
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
    return Response(
        stream_with_context(_chain(head, games)),
        mimetype="application/x-ndjson",
        headers={
            "Cache-Control": "no-store",
            "Content-Disposition": 'attachment; filename="patience-export.ndjson"',
        },
    )


def _chain(head: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    yield head
    yield from rest


@blp.route("/me", methods=["DELETE"])
@blp.auth_required
@blp.arguments(DeletePlayerSchema)
@blp.response(204)
@blp.errors(400, 413, 415, 422)
def delete_me(body: Json) -> None:
    """Delete this player, confirmed with their name (422 ``not_confirmed`` for another
    text): the player and every device's token go; their finished games stay on leaderboards
    and replays as an anonymous player."""
    service().delete(current_player(), body["confirm"])
