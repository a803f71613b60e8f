"""The built-in games: Pyramid, Gaps and Forty Thieves (registered in this order)."""

from __future__ import annotations

from patience.engine.forty_thieves import FortyThievesGame
from patience.engine.gaps import GapsGame
from patience.engine.pyramid import PyramidGame
from patience.games.registry import GameEntry, register
from patience.solver import hints
from patience.solver.forty_thieves import FortyThievesAdapter
from patience.solver.gaps import GapsAdapter
from patience.solver.par import pyramid_par
from patience.solver.pyramid import PyramidAdapter

PYRAMID = register(
    GameEntry(
        engine=PyramidGame,
        title="Pyramid",
        summary="pair cards that sum to 13 (kings alone) until the pyramid is cleared",
        solver=PyramidAdapter.from_game,
        hints=hints.pyramid,
        par=pyramid_par,
        daily_ruleset="standard",
    )
)

GAPS = register(
    GameEntry(
        engine=GapsGame,
        title="Gaps",
        summary="build each row in suit from 2 to king by moving cards into the gaps",
        solver=GapsAdapter.from_game,
        hints=hints.gaps,
        daily_ruleset="redeals-2",
        same_catalogue={"redeals-0-aces": "redeals-0"},
    )
)

FORTY_THIEVES = register(
    GameEntry(
        engine=FortyThievesGame,
        title="Forty Thieves",
        summary="two decks: build down in suit on ten columns, all 104 cards to the foundations",
        solver=FortyThievesAdapter.from_game,
        hints=hints.forty_thieves,
        daily_ruleset="classic",
    )
)
