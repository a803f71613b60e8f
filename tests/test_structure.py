"""House rules a reader relies on: no module over 500 lines, no function over 60, outside
tests and generated files (the client's own check is frontend/test/structure.test.ts)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [ROOT / "backend" / "patience", ROOT / "bench"]  # migrations: generated, then frozen
MAX_MODULE, MAX_FUNCTION = 500, 60


def python_files() -> list[Path]:
    return sorted(p for root in SOURCES for p in root.rglob("*.py"))


def test_no_module_over_500_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in python_files()
        if (n := p.read_text().count("\n")) > MAX_MODULE
    }
    assert long == {}


def test_no_function_over_60_lines() -> None:
    long = {}
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION:
                    long[f"{path.relative_to(ROOT)}:{node.name}"] = length
    assert long == {}
