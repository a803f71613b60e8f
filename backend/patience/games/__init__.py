"""The games, each one unit across the layers: see :mod:`patience.games.registry`."""

from __future__ import annotations

from patience.engine import UnknownGame
from patience.games.registry import REGISTRY, GameEntry, register, unregister

_loaded = False


def _builtin() -> dict[str, GameEntry]:
    """The registry, the built-in games registered on first use (they import the solver and
    the API's schemas, which themselves ask the registry: registering at import would loop)."""
    global _loaded
    if not _loaded:
        _loaded = True
        from patience.games import builtin  # noqa: F401  (registers on import)
    return REGISTRY


def get(name: object) -> GameEntry:
    """The entry of a game by API name (raise :class:`UnknownGame`)."""
    registry = _builtin()
    if not isinstance(name, str) or name not in registry:
        raise UnknownGame(f"unknown game {name!r} (expected one of {', '.join(registry)})")
    return registry[name]


def entries() -> list[GameEntry]:
    """Every game, in registration order."""
    return list(_builtin().values())


__all__ = ["GameEntry", "entries", "get", "register", "unregister"]
