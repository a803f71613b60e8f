"""Rulesets per game, derived from the engine's option specs (for the catalog and deals).

>>> rulesets("pyramid"), default_ruleset("pyramid")
(['standard'], 'standard')
"""

from __future__ import annotations

import itertools
from typing import Any

from patience.engine import catalog, game_class


def rulesets(game: str) -> list[str]:
    """Every ruleset of ``game``: the options that change play, over all allowed values."""
    cls = game_class(game)
    specs = [s for s in cls.option_specs if s.in_ruleset]
    names = {
        cls.ruleset_of({**{s.name: s.default for s in cls.option_specs}, **dict(combo)})
        for combo in itertools.product(*[[(s.name, v) for v in s.allowed] for s in specs])
    }
    return sorted(names)


def default_ruleset(game: str) -> str:
    """The ruleset of ``game`` with default options."""
    cls = game_class(game)
    return cls.ruleset_of({s.name: s.default for s in cls.option_specs})


def game_catalog() -> list[dict[str, Any]]:
    """The engine's catalog with each game's rulesets."""
    return [
        {
            **entry,
            "rulesets": rulesets(entry["game"]),
            "default_ruleset": default_ruleset(entry["game"]),
        }
        for entry in catalog()
    ]
