"""Each game's notation, by API name: the built-in games' own, and any a registered game
brings (:func:`patience.games.register`); every other game is written in the generic one.

>>> notation_for("gaps").write({"type": "redeal"}), notation_for("climb") is GENERIC
('R', True)
"""

from __future__ import annotations

from patience.record.forty_thieves import FORTY_THIEVES
from patience.record.gaps import GAPS
from patience.record.notation import GENERIC, Notation
from patience.record.pyramid import PYRAMID

NOTATIONS: dict[str, Notation] = {
    "pyramid": PYRAMID,
    "gaps": GAPS,
    "forty-thieves": FORTY_THIEVES,
}


def notation_for(game: str) -> Notation:
    """The notation of ``game`` (the generic one for a game without its own)."""
    return NOTATIONS.get(game, GENERIC)
