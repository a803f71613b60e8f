"""Records: verify a Patience record through the engine (public; limited per address)."""

from __future__ import annotations

import threading
from typing import Any

import marshmallow as ma
from flask import current_app, request

from patience.api.clock import now
from patience.api.db import get_session
from patience.api.errors import ApiError
from patience.api.inputs import parse_json
from patience.api.resources.records.schemas import RecordBodySchema, VerdictSchema
from patience.api.smorest import Blueprint
from patience.service.records import verified

blp = Blueprint("records", __name__, url_prefix="/api/v1/records", description="Records")

BODY = RecordBodySchema()
REQUEST_BODY = {
    "required": True,
    "description": 'A record (docs/record.md): as text, or as JSON {"record": text}',
    "content": {
        "text/plain": {"schema": {"type": "string"}},
        "application/json": {"schema": RecordBodySchema},
    },
}


def _record_text() -> str | bytes:
    """The body's record: the text itself, or the ``record`` of a JSON body."""
    if request.mimetype == "application/json":
        try:
            body: dict[str, Any] = BODY.load(parse_json(request.get_data()))
        except ma.ValidationError as exc:
            messages = exc.normalized_messages()  # type: ignore[no-untyped-call]
            raise ApiError(
                400, "invalid_request", "the request failed validation", messages
            ) from None
        text: str = body["record"]
        return text
    if request.mimetype not in ("text/plain", ""):
        raise ApiError(415, "unsupported_media_type", "send the record as text/plain (or JSON)")
    return request.get_data()


SLOTS = "patience.records-at-once"


def _slots() -> threading.BoundedSemaphore:
    """This process's slots for records being verified (``RECORDS_AT_ONCE``)."""
    slots: threading.BoundedSemaphore | None = current_app.extensions.get(SLOTS)
    if slots is None:
        slots = current_app.extensions.setdefault(
            SLOTS, threading.BoundedSemaphore(int(current_app.config["RECORDS_AT_ONCE"]))
        )
    return slots


@blp.route("/verify", methods=["POST"])
@blp.rate_limited("records")
@blp.doc(requestBody=REQUEST_BODY)
@blp.response(200, VerdictSchema)
@blp.errors(400, 413, 415, 422, 503)
def post_verify() -> dict[str, Any]:
    """Replay a record through the engine: valid, its final status, or its first illegal
    move (number, reason, place). A record that cannot be read is 400 with its line and
    column. A ranked deal's record replays from the deal's own layout once its day has
    closed: before, 422 ``deal_not_revealed``; a deal the pool never held, 422
    ``no_such_deal``; another layout, 400 ``layout_mismatch``. A process verifies a few
    records at once (``RECORDS_AT_ONCE``): past them, 503 ``verify_busy`` at once, so that
    records never hold every thread that other requests need."""
    text = _record_text()  # read first: a slow sender holds no slot
    slots = _slots()
    if not slots.acquire(blocking=False):
        raise ApiError(
            503,
            "verify_busy",
            "records are being verified; try again in a moment",
            headers={"Retry-After": "1"},
        )
    try:
        return verified(text, get_session(), now())
    finally:
        slots.release()
