"""Game options: one declarative spec per option, one parser for all games.

>>> spec = OptionSpec("redeals", 2, (0, 1, 2, "unlimited"), in_ruleset=True, doc="redeals")
>>> parse_options((spec,), {"redeals": "unlimited"})
{'redeals': 'unlimited'}
>>> parse_options((spec,), {"redeals": True})
Traceback (most recent call last):
...
patience.engine.errors.InvalidOptions: option 'redeals' must be one of 0, 1, 2, "unlimited"
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from patience.engine.errors import InvalidOptions

OptionValue = bool | int | str
Options = Mapping[str, OptionValue]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its default, the values it allows, and whether it changes play.

    Options that change play (``in_ruleset``) form the ruleset under which personal bests and
    leaderboards are kept; the others (a display aid, how a deal is picked) do not.
    """

    name: str
    default: OptionValue
    allowed: tuple[OptionValue, ...]
    in_ruleset: bool
    doc: str

    def accepts(self, value: object) -> bool:
        # Compare types too: in Python True == 1, but the option 1 is not the option true.
        return any(type(value) is type(a) and value == a for a in self.allowed)

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "allowed": list(self.allowed),
            "in_ruleset": self.in_ruleset,
            "description": self.doc,
        }


WINNABLE_ONLY = OptionSpec(
    "winnable_only",
    True,
    (True, False),
    in_ruleset=False,
    doc="pick new deals from the catalogue of deals proven winnable",
)
"""The option that asks for catalogue deals: one name and meaning in every game."""


def parse_options(specs: tuple[OptionSpec, ...], data: object) -> dict[str, OptionValue]:
    """Validate ``data`` (a JSON object or ``None``) against ``specs``; fill in defaults."""
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise InvalidOptions("options must be a JSON object")
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(str(key) for key in data if key not in by_name)
    if unknown:
        known = ", ".join(by_name) or "none"
        raise InvalidOptions(f"unknown option {unknown[0]!r} (known: {known})", field=unknown[0])
    out: dict[str, OptionValue] = {}
    for spec in specs:
        value = data.get(spec.name, spec.default)
        if not spec.accepts(value):
            allowed = ", ".join(json.dumps(a) for a in spec.allowed)
            raise InvalidOptions(f"option {spec.name!r} must be one of {allowed}", field=spec.name)
        out[spec.name] = value
    return out
