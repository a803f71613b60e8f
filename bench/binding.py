"""The binding comparison: the native Gaps search bound with pybind11 (the
project's binding, ``backend/native/binding.cpp``) and with nanobind
(``bench/binding/nanobind_gaps.cpp``), built side by side in a scratch folder (not a test).

Printed per binding: the build time (one g++ run, CPU seconds of the compiler), the size of
the extension, the per-call overhead (a successor list, and a one-node search, from Python)
and the node rate of the same search (Gaps deal 1 without redeals, depth-first, 300,000
nodes), the calls alternating between the two modules.

    .venv/bin/python -m bench.binding
"""

from __future__ import annotations

import importlib.util
import resource
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import nanobind
import pybind11

from patience.games import new_game
from patience.solver import native
from patience.solver.gaps import GapsAdapter

ROOT = Path(__file__).resolve().parent.parent
NATIVE = ROOT / "backend" / "native"
FLAGS = ["-std=c++17", "-O2", "-mpopcnt", "-shared", "-fPIC", "-fvisibility=hidden", "-DNDEBUG"]
PYTHON = ["-I" + sysconfig.get_paths()["include"]]


def build(name: str, sources: list[Path], includes: list[str], into: Path) -> tuple[Path, float]:
    """Compile ``sources`` into the extension ``name``; its path and the compiler's CPU s."""
    target = into / (name + sysconfig.get_config_var("EXT_SUFFIX"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = ["g++", *FLAGS, *PYTHON, "-I" + str(NATIVE), *includes, *map(str, sources)]
    subprocess.run([*command, "-o", str(target)], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return target, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def per_call(call: Any, repeat: int = 20_000) -> float:
    began = time.perf_counter()
    for _ in range(repeat):
        call()
    return (time.perf_counter() - began) / repeat * 1e6


def main() -> int:
    if native.NATIVE is None:
        raise SystemExit("the native core is not in use here (build it: make venv)")
    nb_root = Path(nanobind.source_dir()).parent
    with tempfile.TemporaryDirectory() as scratch:
        into = Path(scratch)
        pyb, pyb_cpu = build(
            "_native", [NATIVE / "binding.cpp"], ["-I" + pybind11.get_include()], into
        )
        nb_includes = [
            "-I" + nanobind.include_dir(),
            "-I" + str(nb_root / "ext" / "robin_map" / "include"),
        ]
        nbm, nb_cpu = build(
            "nanobind_gaps",
            [
                ROOT / "bench" / "binding" / "nanobind_gaps.cpp",
                Path(nanobind.source_dir()) / "nb_combined.cpp",
            ],
            nb_includes,
            into,
        )
        # The pybind11 build is the installed one's twin: its calls are measured on that one
        # (pybind11 registers a class name once per process).
        modules = {"pybind11": native.NATIVE, "nanobind": load(nbm, "nanobind_gaps")}
        sizes = {"pybind11": pyb.stat().st_size, "nanobind": nbm.stat().st_size}
        builds = {"pybind11": pyb_cpu, "nanobind": nb_cpu}
        adapter, start = GapsAdapter.from_game(new_game("gaps", deal=1, options={"redeals": 0}))
        games = {name: m.Gaps(adapter.seed, False) for name, m in modules.items()}
        solve = {
            "pybind11": lambda g, n: g.solve(start, n, -1.0, 0, None, None, [], 0, [], 1 << 26),
            "nanobind": lambda g, n: g.solve(start, n, [], 1 << 26),
        }
        calls: dict[str, list[float]] = {name: [0.0, 0.0, 0.0] for name in modules}
        for _ in range(3):
            for name, game in games.items():
                calls[name][0] += per_call(lambda g=game: g.successors(start, 2)) / 3
                calls[name][1] += per_call(lambda g=game, s=solve[name]: s(g, 1), 5_000) / 3
                began = time.process_time()
                nodes = solve[name](game, 300_000)[2]
                calls[name][2] += nodes / (time.process_time() - began) / 3
        for name in modules:
            successors, search, rate = calls[name]
            print(
                f"{name:9} build {builds[name]:5.1f} CPU s, {sizes[name] / 1024:6.0f} KiB; "
                f"successors call {successors:5.2f} µs, one-node search {search:5.2f} µs; "
                f"{rate:,.0f} nodes/CPU s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
