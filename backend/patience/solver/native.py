"""Which search core runs: the native one (C++, ``backend/native``) or the pure Python one.

The build compiles ``backend/native`` into the extension module ``patience.solver._native``
(``backend/setup.py``, pybind11). :func:`patience.solver.core.solve` hands a search to it when
the adapter has a native twin (``adapter.native(start, forbidden)``, :class:`Twin`); the
Python adapters stay the reference and the fallback. The pure path runs when

- ``PATIENCE_PURE_PYTHON=1`` is set (tests run the pure path this way too),
- no extension was built (no compiler where the package was installed), or
- the extension is *stale*: built from other sources than the ones beside it (the build
  records a digest of ``backend/native``; edited since, the old code would run: ``make``
  rebuilds it). A warning says so.

Memory: each native search keeps its tables within ``PATIENCE_SOLVER_MEMORY_MB`` (default
1024): three quarters for the search's transposition table or a beam's seen set, an eighth
for a game's memo tables; what is left is for the search's path, the beam's layers and
Python. Tables start small and double up to their cap, then replace their least valuable
entries (``backend/native/README.md``).
"""

from __future__ import annotations

import hashlib
import importlib
import os
import time
import warnings
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE = "patience.solver"
HERE = Path(__file__).parent
SOURCES = HERE.parent.parent / "native"  # backend/native, in a source tree
SUFFIXES = (".cpp", ".hpp")

MEMORY_MB = int(os.environ.get("PATIENCE_SOLVER_MEMORY_MB", "1024"))
"""The memory one native search may hold in its tables (the issue's bound: 1 GB)."""

CLOCKS = {time.perf_counter: 0, time.process_time: 1}
"""The clocks the native core reads itself (others it reads through Python, ``HOST``)."""
HOST = 2

BEAM, DIVE, PROBE = 0, 1, 2  # the native plan's phase kinds (backend/native/core/portfolio.hpp)


def digest(root: Path = SOURCES) -> str:
    """The digest of the native sources the build records (``backend/setup.py``)."""
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in SUFFIXES):
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def load() -> tuple[ModuleType | None, str]:
    """The native extension to use (``None``: pure Python) and why not, if not."""
    if os.environ.get("PATIENCE_PURE_PYTHON") == "1":
        return None, "PATIENCE_PURE_PYTHON=1"
    try:
        module = importlib.import_module(f"{PACKAGE}._native")
    except ImportError:
        return None, "not built"
    if SOURCES.is_dir() and digest() != module.SOURCES:
        reason = "native core built from other sources than backend/native (rebuild: make venv)"
        warnings.warn(f"patience: pure Python solver core: {reason}", stacklevel=2)
        return None, reason
    return module, ""


NATIVE, WHY_PURE = load()
MODE = "native" if NATIVE is not None else "pure"
"""The core in use in this process: ``"native"`` or ``"pure"``."""


@dataclass
class Twin:
    """A native search for one position: the extension's game object, the start in the
    binding's encoding, the move order of the adapter's own search, the positions it must
    never enter (``(group, rank)`` keys as the adapter keys them) and how the native moves
    become the adapter's."""

    game: Any
    start: tuple[Any, ...]
    order: int = 0
    forbidden: list[tuple[Hashable, int]] = field(default_factory=list)
    moves: Callable[[list[int]], Sequence[Any]] = list

    def search(
        self, plan: Sequence[tuple[int, int, int, float]], budget: Any
    ) -> tuple[int, list[int], int, float, str, int]:
        """One native solve (``backend/native/core/portfolio.hpp``): the verdict (0 unknown,
        1 winnable, 2 unwinnable), the line, nodes, seconds, and the phase that decided."""
        kind = CLOCKS.get(budget.clock, HOST)
        return tuple(
            self.game.solve(
                self.start,
                -1 if budget.nodes is None else budget.nodes,
                -1.0 if budget.seconds is None else float(budget.seconds),
                kind,
                budget.clock if kind == HOST else None,
                budget.cancelled,
                list(plan),
                self.order,
                self.forbidden,
                MEMORY_MB * 3 // 4 << 20,
            )
        )


def twin_of(adapter: Any, start: Any) -> Twin | None:
    """The native twin of ``adapter`` at ``start``, or ``None`` (pure core, or no twin). A
    wrapper that keeps the search off some positions (``hints.common.Avoiding``: ``adapter``
    and ``forbidden`` attributes) passes them on."""
    if NATIVE is None:
        return None
    forbidden: Iterable[tuple[Hashable, int]] = getattr(adapter, "forbidden", ())
    inner = adapter.adapter if hasattr(adapter, "forbidden") else adapter
    make = getattr(inner, "native", None)
    if make is None:
        return None
    twin: Twin | None = make(start)
    if twin is not None:
        twin.forbidden = list(forbidden)
    return twin
