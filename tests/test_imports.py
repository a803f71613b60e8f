"""The package's import graph has no circle: every dependency points one way
(``docs/architecture/index.md``). Imports inside functions count too — a circle broken by
importing at run time is still a circle — and so does importing a package, which runs its
``__init__``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "backend"
PACKAGE = ROOT / "patience"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    stack = [tree]
    while stack:
        node = stack.pop()
        if _type_checking_only(node):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imported(name: str) -> set[str]:
    """The project modules ``name`` imports, by the module each import statement runs."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _imports(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            # `from a import b` runs a.b when b is a module of a, else a.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        found |= {t for t in targets if t in MODULES and t != name}
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each circle of ``graph`` once (Tarjan's strongly connected components of size > 1)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def test_the_package_has_no_import_circle() -> None:
    assert circles({name: imported(name) for name in MODULES}) == []


def test_the_check_sees_circles_and_every_kind_of_import() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert "patience.games.registry" in imported("patience.games.builtin")  # from a import b
    assert "patience.solver.core" in imported("patience.solver.par")
    # An import inside a function counts (the CLI imports its commands' modules lazily).
    assert "patience.devserver" in imported("patience.cli")
