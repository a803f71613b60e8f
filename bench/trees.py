"""Checkouts to measure side by side: this one, and optionally another git ref in a temporary
``git worktree`` (the benchmarks put its ``backend/`` first on ``PYTHONPATH`` in a child
process, so the same benchmark code measures both).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def trees(against: str | None) -> Iterator[dict[str, Path]]:
    """``{"this": REPO}``, plus ``{against: its checkout}`` when a ref is given."""
    found = {"this": REPO}
    with tempfile.TemporaryDirectory() as folder:
        if against:
            other = Path(folder) / "other"
            command = ["git", "worktree", "add", "-q", "--detach", str(other), against]
            subprocess.run(command, cwd=REPO, check=True)
            found[against] = other
        try:
            yield found
        finally:
            if against:
                command = ["git", "worktree", "remove", "--force", str(found[against])]
                subprocess.run(command, cwd=REPO, check=True)


def child_env(tree: Path, **extra: str) -> dict[str, str]:
    """The environment of a child process that imports ``tree``'s package (and this
    checkout's benchmarks)."""
    path = os.pathsep.join([str(tree / "backend"), str(REPO)])
    return os.environ | {"PYTHONPATH": path, "CI": "", "LOG_LEVEL": "error"} | extra


def python() -> str:
    """The interpreter (the venv's: the dependencies are the same in every tree)."""
    return sys.executable
