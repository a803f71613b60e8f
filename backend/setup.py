"""The build's one step beyond pyproject.toml: the solver's native core.

``backend/native`` (C++17) is compiled with pybind11 into ``patience.solver._native``; the
build records a digest of its sources, so that an extension built from other sources is
never used silently (``patience.solver.native``). It is optional: without a C++ compiler, or
with ``PATIENCE_PURE_PYTHON=1`` at build time, the package installs and runs as pure Python,
slower.
"""

from __future__ import annotations

import hashlib
import os
import platform
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).parent
NATIVE = HERE / "native"
# Bit counts are the searches' daily bread: the instruction (every x86-64 CPU since 2008).
POPCNT = ["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") else []


def digest() -> str:
    """As ``patience.solver.native.digest`` (kept in step by tests/solver/test_native.py)."""
    h = hashlib.sha256()
    for path in sorted(p for p in NATIVE.rglob("*") if p.suffix in (".cpp", ".hpp")):
        h.update(path.relative_to(NATIVE).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def native() -> list[object]:
    try:
        from pybind11.setup_helpers import Pybind11Extension
    except ImportError as exc:
        print(f"patience: native solver core not built ({exc})", file=sys.stderr)
        return []
    module = Pybind11Extension(
        "patience.solver._native",
        ["native/binding.cpp"],
        cxx_std=17,
        define_macros=[("PATIENCE_SOURCES_DIGEST", f'"{digest()}"')],
        extra_compile_args=["-O2", "-fvisibility=hidden", *POPCNT],
        depends=[str(p.relative_to(HERE)) for p in NATIVE.rglob("*.hpp")],
    )
    module.optional = True  # no compiler: the pure modules, not a failed install
    return [module]


def extensions() -> list[object]:
    if os.environ.get("PATIENCE_PURE_PYTHON") == "1":
        return []
    return native()


setup(ext_modules=extensions())
