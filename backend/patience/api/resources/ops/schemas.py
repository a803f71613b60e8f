"""Schemas of the operations endpoints."""

from __future__ import annotations

import marshmallow as ma

from patience.api.smorest import Schema


class HealthSchema(Schema):
    """The process is up."""

    status = ma.fields.String(required=True, metadata={"example": "ok"})


class ReadySchema(Schema):
    """Each dependency: ``ok`` or ``unavailable``."""

    status = ma.fields.String(required=True, metadata={"example": "ok"})
    database = ma.fields.String(required=True, metadata={"example": "ok"})
