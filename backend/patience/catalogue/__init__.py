"""The catalogue of deals proven winnable, per game and ruleset, with difficulty grades: the
look-up every new game uses (:func:`pick`, :func:`lookup`). Building it — solving deals and
measuring their difficulty, on this machine or on workers — is offline and apart
(:mod:`patience.catalogue.build`, :mod:`patience.catalogue.measure`,
:mod:`patience.jobs.catalogue_batches`): this module imports none of it.

One JSON file per (game, ruleset) in ``catalogue/data/``: the deal numbers examined so far
(``1 … examined``, in order, so a build resumes where it stopped), the solver's verdict on each
(winnable with a difficulty score, unwinnable, or undecided within the time limit), and the
version of the solver that decided them. Easy, normal and hard are the top, middle and bottom
thirds of the difficulty score (:mod:`patience.catalogue.measure`) over the catalogue of the
ruleset (ties broken by deal number); the thresholds are stored with the catalogue and printed
by ``patience catalogue show``.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from patience import games
from patience.engine.deal import SplitMix64
from patience.engine.options import parse_options
from patience.games import game_class

DATA = Path(__file__).parent / "data"
PLAYOUTS = 16
"""Playouts per deal behind its difficulty score (stored with each catalogue)."""
GRADES = ("easy", "normal", "hard")
SOLVER_VERSION = "2"


def catalogue_ruleset(game: str, ruleset: str) -> str:
    """The ruleset whose catalogue holds ``ruleset``'s deals: rulesets that are one game under
    two names share one (the registry's ``same_catalogue``: without redeals, Gaps' aces
    option changes nothing, the aces only joining redeals).

    >>> catalogue_ruleset("gaps", "redeals-0-aces"), catalogue_ruleset("gaps", "redeals-1-aces")
    ('redeals-0', 'redeals-1-aces')
    """
    return games.get(game).same_catalogue.get(ruleset, ruleset)


def ruleset_of(game: str, options: Mapping[str, Any]) -> str:
    """The catalogue's ruleset for a game's options."""
    cls = game_class(game)
    return catalogue_ruleset(game, cls.ruleset_of(parse_options(cls.option_specs, dict(options))))


def path_for(game: str, ruleset: str) -> Path:
    return DATA / f"{game}.{ruleset}.json"


@dataclass
class Catalogue:
    """The examined deals of one (game, ruleset)."""

    game: str
    ruleset: str
    options: dict[str, Any]
    examined: int = 0
    winnable: dict[int, float] = field(default_factory=dict)  # deal -> playout score
    unwinnable: list[int] = field(default_factory=list)
    unknown: list[int] = field(default_factory=list)
    time_limit: float = 10.0
    node_limit: int | None = None  # a search-node budget per deal, when one was set too
    solver_version: str = SOLVER_VERSION

    # -- files -----------------------------------------------------------------------------

    @classmethod
    def load(cls, game: str, ruleset: str) -> Catalogue | None:
        path = path_for(game, ruleset)
        if not path.is_file():
            return None
        data = json.loads(path.read_text())
        return cls(
            game=data["game"],
            ruleset=data["ruleset"],
            options=data["options"],
            examined=data["examined"],
            winnable={int(deal): score for deal, score in data["winnable"]},
            unwinnable=data["unwinnable"],
            unknown=data["unknown"],
            time_limit=data["time_limit"],
            node_limit=data.get("node_limit"),
            solver_version=data["solver_version"],
        )

    def save(self) -> None:
        DATA.mkdir(parents=True, exist_ok=True)
        thresholds = self.thresholds()
        data = {
            "game": self.game,
            "ruleset": self.ruleset,
            "options": self.options,
            "solver_version": self.solver_version,
            "time_limit": self.time_limit,
            **({"node_limit": self.node_limit} if self.node_limit is not None else {}),
            "examined": self.examined,
            "playouts": PLAYOUTS,
            "grades": thresholds,
            "winnable": [[deal, score] for deal, score in sorted(self.winnable.items())],
            "unwinnable": sorted(self.unwinnable),
            "unknown": sorted(self.unknown),
        }
        text = json.dumps(data, separators=(",", ":")) + "\n"
        path = path_for(self.game, self.ruleset)
        with tempfile.NamedTemporaryFile("w", dir=DATA, delete=False) as tmp:
            tmp.write(text)
        os.chmod(tmp.name, 0o644)
        os.replace(tmp.name, path)  # never a half-written catalogue

    # -- grades ----------------------------------------------------------------------------

    def ranked(self) -> list[int]:
        """Winnable deals from easiest (most playouts won) to hardest."""
        return sorted(self.winnable, key=lambda deal: (-self.winnable[deal], deal))

    def grade(self, deal: int) -> str | None:
        """``easy``/``normal``/``hard``: the deal's third of :meth:`ranked`."""
        return next((g for g, deals in self.grades().items() if deal in deals), None)

    def grades(self) -> dict[str, list[int]]:
        """The winnable deals of each grade: the easiest third, the middle, the hardest."""
        ranked = self.ranked()
        out: dict[str, list[int]] = {grade: [] for grade in GRADES}
        for n, deal in enumerate(ranked):
            out[GRADES[min(2, n * 3 // len(ranked))]].append(deal)
        return out

    def thresholds(self) -> dict[str, list[float]]:
        """The playout score range of each grade."""
        return {
            grade: [min(self.winnable[d] for d in deals), max(self.winnable[d] for d in deals)]
            for grade, deals in self.grades().items()
            if deals
        }

    def verdict(self, deal: int) -> bool | None:
        if deal in self.winnable:
            return True
        return False if deal in set(self.unwinnable) else None


@cache
def cached(game: str, ruleset: str) -> Catalogue | None:
    """The committed catalogue of (game, ruleset), read once per process."""
    return Catalogue.load(game, catalogue_ruleset(game, ruleset))


def lookup(game: str, ruleset: str, deal: int) -> tuple[bool | None, str | None]:
    """What the catalogue knows of a deal: winnable (None: not examined or undecided) and
    its difficulty grade."""
    catalogue = cached(game, ruleset)
    if catalogue is None:
        return None, None
    return catalogue.verdict(deal), catalogue.grade(deal)


def pick(game: str, options: Mapping[str, Any] | None, seed: int) -> int | None:
    """A deal for a new game without a deal number, when its options ask for a proven-winnable
    one (``winnable_only``, in every game; Gaps' ``difficulty: "any"`` is its older spelling
    of ``false``): a catalogue deal of the ruleset (and grade, in Gaps), chosen by ``seed``.
    ``None``: any deal will do, or the catalogue has none for this ruleset."""
    cls = game_class(game)
    opts = parse_options(cls.option_specs, dict(options or {}))
    difficulty = opts.get("difficulty")
    if opts.get("winnable_only") is False or difficulty == "any":
        return None
    catalogue = cached(game, cls.ruleset_of(opts))
    if catalogue is None or not catalogue.winnable:
        return None
    pool = (
        catalogue.grades()[str(difficulty)] if difficulty in GRADES else sorted(catalogue.winnable)
    )
    return pool[SplitMix64(seed).below(len(pool))] if pool else None
