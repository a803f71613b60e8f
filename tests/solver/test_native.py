"""Which core runs: the native one when built from the sources beside it, else pure Python
(forced, not built, or stale)."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from patience.solver import MODE, native
from patience.solver.native import digest

BUILT = importlib.util.find_spec("patience.solver._native") is not None


def run(code: str, **env: str) -> str:
    out = subprocess.run(
        [sys.executable, "-W", "error::UserWarning", "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )
    return out.stdout.strip() if out.returncode == 0 else "failed: " + out.stderr


def test_the_core_in_use_is_named() -> None:
    assert ("native" if native.NATIVE is not None else "pure") == MODE
    if os.environ.get("PATIENCE_PURE_PYTHON") == "1" or not BUILT:
        assert MODE == "pure"


def test_pure_python_can_be_forced() -> None:
    code = "import patience.solver as s; print(s.MODE)"
    assert run(code, PATIENCE_PURE_PYTHON="1") == "pure"


@pytest.mark.skipif(not BUILT, reason="the native core is not built here")
def test_the_build_records_the_digest_of_its_sources() -> None:
    # What setup.py recorded is what the loader computes from backend/native today (else
    # `make venv` rebuilds it: the Makefile's stamp depends on those sources).
    from patience.solver import _native  # type: ignore[attr-defined]

    assert digest() == _native.SOURCES


def test_a_native_core_built_from_other_sources_is_never_used(tmp_path: Path) -> None:
    sources = tmp_path / "native"
    (sources / "core").mkdir(parents=True)
    (sources / "core" / "search.hpp").write_text("// one version\n")
    before = digest(sources)
    (sources / "core" / "search.hpp").write_text("// edited since the build\n")
    assert digest(sources) != before
    (sources / "README.md").write_text("not a source")
    assert digest(sources) == digest(sources)
    if BUILT and MODE == "native":
        # The real loader on a digest that no longer matches: pure, with a warning.
        code = (
            "import warnings, patience.solver.native as n\n"
            "n.digest = lambda root=n.SOURCES: 'edited'\n"
            "with warnings.catch_warnings(record=True) as w:\n"
            "    warnings.simplefilter('always')\n"
            "    print(n.load()[0] is None, bool(w))"
        )
        assert run(code) == "True True"
