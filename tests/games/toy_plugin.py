"""Registers the toy game on import: named in ``PATIENCE_GAMES``, it puts Climb into a
``patience worker`` or ``patience solve`` process exactly as a built-in game is there."""

from patience.games import register
from tests.games.toy import CLIMB

register(CLIMB)
