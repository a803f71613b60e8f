"""The API's resources, one package each (``routes.py`` + ``schemas.py``), in registration order."""

from __future__ import annotations

from patience.api.resources.daily.routes import blp as daily
from patience.api.resources.deals.routes import blp as deals
from patience.api.resources.games.routes import blp as games
from patience.api.resources.jobs.routes import blp as jobs
from patience.api.resources.ops.routes import blp as ops
from patience.api.resources.players.routes import blp as players
from patience.api.resources.records.routes import blp as records
from patience.api.smorest import Blueprint

BLUEPRINTS: tuple[Blueprint, ...] = (ops, players, games, deals, daily, jobs, records)
