"""The moves without fields, shared by every game that has them: each game's rules say what
they do (a Pyramid draw and a Forty Thieves draw are the same move, played by different
rules).

>>> Draw().to_dict(), Draw() == Draw()
({'type': 'draw'}, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from patience.engine.game import Json


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn the stock top onto the waste."""

    def to_dict(self) -> Json:
        return {"type": "draw"}


@dataclass(frozen=True, slots=True)
class Recycle:
    """Pyramid: turn the waste over as the new stock and start the next pass."""

    def to_dict(self) -> Json:
        return {"type": "recycle"}


@dataclass(frozen=True, slots=True)
class Redeal:
    """Gaps: gather, shuffle and deal back the cards outside the runs; Forty Thieves
    (relaxed): turn the used-up waste back into the stock."""

    def to_dict(self) -> Json:
        return {"type": "redeal"}


@dataclass(frozen=True, slots=True)
class Collect:
    """Forty Thieves: send every remaining card up, once nothing blocks."""

    def to_dict(self) -> Json:
        return {"type": "collect"}
