"""JSON text, encoded once: orjson for the database's JSON columns and, through the API's
JSON provider, for the responses.

An accepted action's response is both stored (the ``actions`` row, so a retry gets it again)
and sent: the write encodes it, the text is kept for the thread, and the response reuses it
when it is that very object — one encoding per move, not two.

>>> value = {"b": [1, 2], "a": "é"}
>>> dumps(value)
'{"b":[1,2],"a":"é"}'
>>> encoded(value) == dumps(value), encoded({"b": [1, 2], "a": "é"})
(True, None)
>>> dumps([10**40])
'[10000000000000000000000000000000000000000]'
"""

from __future__ import annotations

import json
import threading
from decimal import Decimal
from typing import Any

import orjson

KEPT = 4
"""How many of its latest encodings a thread keeps (one write encodes a few JSON values)."""
_recent = threading.local()
"""This thread's latest (value, text) pairs (each value is held, so its id is not reused)."""


def _default(value: Any) -> Any:
    """What orjson does not know: decimals as numbers' text, markup as its text."""
    if isinstance(value, Decimal):
        return str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def dumps(value: Any) -> str:
    """``value`` as compact JSON text (UTF-8, not ASCII-escaped), remembered for
    :func:`encoded`."""
    try:
        text = orjson.dumps(value, default=_default).decode()
    except TypeError:  # an integer past 64 bits (a hostile deal number echoed back, say)
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=_default)
    kept: list[tuple[Any, str]] = getattr(_recent, "pairs", [])
    _recent.pairs = [(value, text), *kept[: KEPT - 1]]
    return text


def encoded(value: Any) -> str | None:
    """The text :func:`dumps` last made on this thread, if it was for ``value`` itself."""
    pairs: list[tuple[Any, str]] = getattr(_recent, "pairs", [])
    return next((text for kept, text in pairs if kept is value), None)


def loads(text: str | bytes) -> Any:
    return orjson.loads(text)
