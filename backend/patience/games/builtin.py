"""The built-in games: Pyramid, Gaps and Forty Thieves (registered in this order)."""

from __future__ import annotations

from typing import Any

from patience.engine import Game
from patience.engine.forty_thieves import FortyThievesGame
from patience.engine.gaps import GapsGame
from patience.engine.pyramid import PyramidGame
from patience.games.registry import GameEntry, progress_value, register
from patience.record.forty_thieves import FORTY_THIEVES as FORTY_THIEVES_NOTATION
from patience.record.gaps import GAPS as GAPS_NOTATION
from patience.record.pyramid import PYRAMID as PYRAMID_NOTATION
from patience.solver.forty_thieves import FortyThievesAdapter
from patience.solver.gaps import GapsAdapter, no_redeals
from patience.solver.hints import forty_thieves as forty_thieves_hints
from patience.solver.hints import gaps as gaps_hints
from patience.solver.hints import pyramid as pyramid_hints
from patience.solver.par import pyramid_par
from patience.solver.pyramid import PyramidAdapter

REDEALS_COUNTED = 20
"""Gaps with unlimited redeals: a playout win needing this many redeals scores 0."""


def gaps_playout_value(game: Game[Any, Any]) -> float:
    """With unlimited redeals a playout wins in the end, given the time, so its score is
    ``1 − redeals it took / 20`` (0 from 20 redeals on, and for a playout still unfinished):
    the catalogue's difficulty then reads as the mean redeals a player needs."""
    if game.options.get("redeals") != "unlimited":
        return progress_value(game)
    if game.status != "won":
        return 0.0
    return max(0.0, 1.0 - int(game.state.redeals_done) / REDEALS_COUNTED)


PYRAMID = register(
    GameEntry(
        engine=PyramidGame,
        title="Pyramid",
        summary="pair cards that sum to 13 (kings alone) until the pyramid is cleared",
        solver=PyramidAdapter.from_game,
        hints=pyramid_hints,
        votes=pyramid_hints.sample_votes,
        par=pyramid_par,
        daily_ruleset="standard",
        notation=PYRAMID_NOTATION,
    )
)

GAPS = register(
    GameEntry(
        engine=GapsGame,
        title="Gaps",
        summary="build each row in suit from 2 to king by moving cards into the gaps",
        solver=GapsAdapter.from_game,
        hints=gaps_hints,
        votes=gaps_hints.sample_votes,
        no_shuffle=no_redeals,
        daily_ruleset="redeals-2",
        same_catalogue={"redeals-0-aces": "redeals-0"},
        playout_value=gaps_playout_value,
        notation=GAPS_NOTATION,
    )
)

FORTY_THIEVES = register(
    GameEntry(
        engine=FortyThievesGame,
        title="Forty Thieves",
        summary="two decks: build down in suit on ten columns, all 104 cards to the foundations",
        solver=FortyThievesAdapter.from_game,
        hints=forty_thieves_hints,
        votes=forty_thieves_hints.sample_votes,
        daily_ruleset="classic",
        notation=FORTY_THIEVES_NOTATION,
    )
)
