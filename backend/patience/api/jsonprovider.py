"""Flask's JSON on orjson (:mod:`patience.store.encoding`): a response that was just written
to the database as an action's stored answer is sent as that very text, not encoded again."""

from __future__ import annotations

from typing import Any

from flask.json.provider import JSONProvider

from patience.store import encoding


class OrjsonProvider(JSONProvider):
    """``app.json``: compact UTF-8 JSON by orjson, reusing the text of a value just stored."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return encoding.encoded(obj) or encoding.dumps(obj)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return encoding.loads(s)
