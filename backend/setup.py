"""The build's one step beyond pyproject.toml: the solver's compiled core.

mypyc compiles the strictly typed search modules to C extension modules that shadow their
``.py`` sources (the same source, several times faster; see ``patience.solver.native``).
The build is optional: without a C compiler or mypyc, or with ``PATIENCE_PURE_PYTHON=1`` at
build time, the package installs and runs as pure Python, slower.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

COMPILED = [
    "patience/solver/core.py",
    "patience/solver/gaps.py",
    "patience/solver/gaps_grid.py",
    "patience/solver/forty_thieves.py",
    "patience/solver/pyramid.py",
    "patience/solver/pyramid_par.py",
]


def extensions() -> list[object]:
    if os.environ.get("PATIENCE_PURE_PYTHON") == "1":
        return []
    try:
        from mypyc.build import mypycify

        modules = mypycify(COMPILED, opt_level="3", group_name="patience_solver")
    except Exception as exc:  # no mypyc, or it rejected the sources: pure Python it is
        print(f"patience: solver core not compiled ({exc})", file=sys.stderr)
        return []
    for module in modules:
        module.optional = True  # a failed C build leaves the pure modules, not a failed install
    return list(modules)


setup(ext_modules=extensions())
