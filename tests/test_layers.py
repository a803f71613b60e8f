"""The backend's packages are layers that import only downwards, the twin of the client's
``frontend/test/imports.test.ts``: no exception list. Imports inside functions count (the CLI
loads its commands lazily, and a lazy import up a layer is still a dependency up); an import
under ``if TYPE_CHECKING:`` does not, as it never runs and names a type only — none crosses a
layer today, and the test of circles (:mod:`tests.test_imports`) skips them the same way."""

from __future__ import annotations

from tests.test_imports import MODULES, imported

LAYERS: dict[str, int] = {
    "cli": 9,
    "devserver": 8,
    "gunicorn_conf": 8,
    "api": 7,
    "service": 6,
    "jobs": 5,
    "catalogue": 4,
    "games": 3,
    "record": 2,
    "solver": 2,
    "engine": 1,
    "store": 1,
    "logs": 1,
    "patience": 0,
}
"""Each top-level package or module of ``patience`` and its floor, top to bottom: the CLI;
the two ways a server starts (``make run``'s and gunicorn's); the HTTP API; the service the
API calls; the job queue and its worker; the catalogues and the ranked pool; the registry of
games; beside each other, the game records (PGN-like text) and the solvers; at the bottom, the
pure engine, the database and logging, which import no other layer; the package itself
(its ``__init__``, the version) under all. A module imports its own layer and the floors
below, never one above nor a neighbour on its floor: a neighbour is not below."""


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def upward(graph: dict[str, set[str]]) -> list[str]:
    """The imports of ``graph`` that do not run down (or stay in their own layer)."""
    return sorted(
        f"{module} → {target}"
        for module, targets in graph.items()
        for target in targets
        if layer(target) != layer(module) and LAYERS[layer(target)] >= LAYERS[layer(module)]
    )


def test_every_module_has_a_layer() -> None:
    assert {layer(m) for m in MODULES} == set(LAYERS)


def test_imports_run_only_down_the_layers() -> None:
    assert upward({name: imported(name) for name in MODULES}) == []


def test_the_check_sees_an_import_up_or_across() -> None:
    graph = {
        "patience.jobs.tasks": {"patience.service.games", "patience.catalogue.ranked_deals"},
        "patience.record.text": {"patience.solver.core", "patience.engine"},
    }
    assert upward(graph) == [
        "patience.jobs.tasks → patience.service.games",
        "patience.record.text → patience.solver.core",
    ]
    # Imports inside functions are seen (the CLI's commands load their modules lazily).
    assert "patience.devserver" in imported("patience.cli")
