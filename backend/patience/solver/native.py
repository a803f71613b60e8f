"""Which search core runs: the compiled one or the pure Python one (the same source).

The build compiles the search modules (:data:`COMPILED`) with mypyc (``backend/setup.py``);
their extension modules then sit beside the ``.py`` files and Python imports them first. This
module, imported before any of them, sends those imports back to the ``.py`` sources when

- ``PATIENCE_PURE_PYTHON=1`` is set (tests run the pure path this way too), or
- an extension is older than its source (edited since the last build: the compiled one would
  run the old code; ``make`` rebuilds it).

All of them or none: the compiled modules call each other directly, so a mix could run old
code. Where nothing was compiled, the sources are imported anyway, just slower.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = "patience.solver"
COMPILED = ("core", "gaps", "gaps_grid", "forty_thieves", "pyramid", "pyramid_par")
GROUP = "patience_solver"  # the shared library's name (backend/setup.py)
HERE = Path(__file__).parent


def extensions(here: Path = HERE) -> dict[str, Path]:
    """The compiled module of each name in :data:`COMPILED` that has one in ``here``."""
    found: dict[str, Path] = {}
    for name in COMPILED:
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            if (path := here / f"{name}{suffix}").exists():
                found[name] = path
                break
    return found


def stale(built: dict[str, Path], here: Path = HERE) -> list[str]:
    """The modules whose build is older than their source. A module's build is its own
    extension (a small shim) or the group's shared library beside the package, whichever is
    newer: a rebuild may leave an unchanged shim as it was."""
    shared = [
        path.stat().st_mtime
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        if (path := here.parent.parent / f"{GROUP}__mypyc{suffix}").exists()
    ]
    return [
        name
        for name, path in built.items()
        if max([path.stat().st_mtime, *shared]) < (here / f"{name}.py").stat().st_mtime
    ]


class PureFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of :data:`COMPILED` as their ``.py`` sources."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != PACKAGE or name not in COMPILED:
            return None
        return importlib.util.spec_from_file_location(fullname, HERE / f"{name}.py")


def choose() -> str:
    """``"compiled"`` or ``"pure"``: which core the imports that follow will load."""
    built = extensions()
    if not built:
        return "pure"
    reason = ""
    if os.environ.get("PATIENCE_PURE_PYTHON") == "1":
        reason = "PATIENCE_PURE_PYTHON=1"
    elif old := stale(built):
        reason = f"compiled {', '.join(old)} older than the source (rebuild: make venv)"
        warnings.warn(f"patience: pure Python solver core: {reason}", stacklevel=2)
    elif len(built) < len(COMPILED):
        reason = "partly compiled"
    if reason:
        if not any(isinstance(finder, PureFinder) for finder in sys.meta_path):
            sys.meta_path.insert(0, PureFinder())
        return "pure"
    return "compiled"


MODE = choose()
"""The core in use in this process: ``"compiled"`` or ``"pure"``."""
