"""Move notations: each game writes its moves as short tokens and reads them back.

A notation maps a move in API.md's JSON (what the engine plays and the store keeps) to one
token without spaces and back; every game module here parses through the engine's own typed
moves, so a token names a well-formed move or is refused. A game without a notation of its
own (a new game, the tests' toy game) is written in the :class:`GenericNotation`, which any
move of simple fields fits.

>>> GENERIC.write({"type": "move", "from": "t2", "to": "t5", "count": 3})
'move(count=3,from=t2,to=t5)'
>>> GENERIC.read("move(count=3,from=t2,to=t5)") == {"type": "move", "from": "t2", "to": "t5",
...                                                  "count": 3}
True
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from patience.engine.errors import EngineError
from patience.record.errors import NotationError

Json = dict[str, Any]

TOKEN = re.compile(r'[^\s{};\[\]"]+')
"""What any move token may be made of (the record's grammar): no space, no comment, tag or
string delimiter."""


class Notation(Protocol):
    """One game's move notation."""

    def write(self, move: Json) -> str:
        """The token of a move of the game's line (a well-formed move; ``ValueError``
        otherwise)."""

    def read(self, token: str) -> Json:
        """The move a token names, in the engine's JSON (raise :class:`NotationError`)."""


def engine_move(parse: Any, data: Json) -> Any:
    """``parse(data)`` (a game's typed-move parser) with a malformed move as ``ValueError``:
    writing a line the engine would not read is a bug of the caller, not of the record."""
    try:
        return parse(data)
    except EngineError as exc:
        raise ValueError(f"not a move of this game: {data!r} ({exc.message})") from exc


# -- the generic notation -----------------------------------------------------------------------

_ATOM = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
_WORD = re.compile(r"[A-Za-z0-9_.-]+")
_INTEGER = re.compile(r"-?(0|[1-9][0-9]{0,17})")
_GENERIC = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)(?:\((.*)\))?")


class GenericNotation:
    """``type`` for a move without fields, else ``type(name=value,...)`` with the fields in
    name order; a value is an integer, ``true``, ``false`` or any other word of letters,
    digits and ``_.-`` (a card, a location)."""

    def write(self, move: Json) -> str:
        kind = move.get("type")
        if not isinstance(kind, str) or not _ATOM.fullmatch(kind):
            raise ValueError(f"a move needs a word as its type: {move!r}")
        fields = [f"{name}={_value_text(move[name])}" for name in sorted(move) if name != "type"]
        return kind if not fields else f"{kind}({','.join(fields)})"

    def read(self, token: str) -> Json:
        match = _GENERIC.fullmatch(token)
        if match is None:
            raise NotationError(f"{token!r} is not a move: write type or type(name=value,...)")
        move: Json = {"type": match[1]}
        if match[2] is not None:
            for item in match[2].split(","):
                name, equals, value = item.partition("=")
                if not equals or not _ATOM.fullmatch(name) or name in move:
                    raise NotationError(f"{item!r} in {token!r} is not a new name=value field")
                move[name] = _value(value, token)
        return move


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and _INTEGER.fullmatch(str(value)):
        return str(value)
    if isinstance(value, str) and _WORD.fullmatch(value) and _value(value, value) == value:
        return value
    raise ValueError(f"the generic notation cannot write the value {value!r}")


def _value(text: str, token: str) -> bool | int | str:
    if text in ("true", "false"):
        return text == "true"
    if _INTEGER.fullmatch(text):
        return int(text)
    if _WORD.fullmatch(text):
        return text
    raise NotationError(f"{text!r} in {token!r} is not an integer, true, false or a word")


GENERIC = GenericNotation()
