"""The compiled solver core and its pure Python fallback: the same source either way."""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

from patience.solver import MODE, core, gaps
from patience.solver.native import COMPILED, GROUP, extensions, stale

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def test_the_modules_loaded_are_the_core_named() -> None:
    # Compiled, the modules come from their extensions; pure, from their sources.
    for module in (core, gaps):
        assert module.__file__ is not None
        assert module.__file__.endswith(".py") == (MODE == "pure")


def test_pure_python_can_be_forced() -> None:
    code = "import patience.solver as s, patience.solver.gaps as g; print(s.MODE, g.__file__)"
    env = dict(os.environ, PATIENCE_PURE_PYTHON="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    mode, path = out.stdout.split()
    assert mode == "pure" and path.endswith("gaps.py")


def test_a_build_older_than_its_source_is_stale(tmp_path: Path) -> None:
    here = tmp_path / "patience" / "solver"
    here.mkdir(parents=True)
    for name in COMPILED:
        (here / f"{name}.py").write_text("")
        (here / f"{name}{SUFFIX}").write_text("")
        os.utime(here / f"{name}.py", (1000, 1000))
        os.utime(here / f"{name}{SUFFIX}", (2000, 2000))
    built = extensions(here)
    assert sorted(built) == sorted(COMPILED)
    assert stale(built, here) == []
    os.utime(here / "gaps.py", (3000, 3000))  # edited after the build
    assert stale(built, here) == ["gaps"]
    # A rebuild that left the shim as it was but renewed the shared library is fresh.
    shared = tmp_path / f"{GROUP}__mypyc{SUFFIX}"
    shared.write_text("")
    os.utime(shared, (4000, 4000))
    assert stale(built, here) == []
