"""Rulesets per game, derived from the engine's option specs (for the catalog and deals).

>>> rulesets("pyramid"), default_ruleset("pyramid")
(['standard'], 'standard')
"""

from __future__ import annotations

from typing import Any

from patience import games
from patience.games import game_class


def rulesets(game: str) -> list[str]:
    """Every ruleset of ``game``: the options that change play, over all allowed values."""
    return list(game_class(game).ruleset_options())


def default_ruleset(game: str) -> str:
    """The ruleset of ``game`` with default options."""
    cls = game_class(game)
    return cls.ruleset_of({s.name: s.default for s in cls.option_specs})


def options_schema(game: str) -> dict[str, Any]:
    """The JSON schema of ``game``'s options object, exactly: each option and its values.

    >>> options_schema("pyramid")["properties"]["winnable_only"]["enum"]
    [True, False]
    """
    specs = game_class(game).option_specs
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            s.name: {"enum": list(s.allowed), "default": s.default, "description": s.doc}
            for s in specs
        },
    }


def game_catalog() -> list[dict[str, Any]]:
    """Every registered game: its names, options and rulesets."""
    return [
        {
            "game": entry.name,
            "title": entry.title,
            "summary": entry.summary,
            "options": [spec.describe() for spec in entry.engine.option_specs],
            "rulesets": rulesets(entry.name),
            "default_ruleset": default_ruleset(entry.name),
        }
        for entry in games.entries()
    ]
