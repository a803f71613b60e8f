"""House rules of the documentation: a README a newcomer reads in minutes, documents that live
in the repository (never beside it), and raw bench results small enough to keep in git (larger
ones are regenerated: bench/results/README.md). The site itself is checked by ``make docs``,
whose strict build fails on a broken link."""

from __future__ import annotations

import re
from pathlib import Path

from patience.api import ENVIRONMENT
from patience.games import PLUGINS

ROOT = Path(__file__).resolve().parents[1]
MAX_README_LINES = 200
MAX_RESULT_BYTES = 100 * 1024


def test_the_readme_is_short() -> None:
    assert (ROOT / "README.md").read_text().count("\n") <= MAX_README_LINES


def test_the_readme_holds_no_dated_figures() -> None:
    dates = re.findall(r"\b20\d\d-\d\d-\d\d\b", (ROOT / "README.md").read_text())
    assert dates == [], "dated figures go to bench/RESULTS.md"


def test_no_document_points_outside_the_repository() -> None:
    documents = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    outside = [str(p.relative_to(ROOT)) for p in documents if "../shared" in p.read_text()]
    assert outside == []


ENVIRONMENT_READ = re.compile(r"\b(?:environ|env)(?:\.get)?[(\[]\s*\"([A-Z][A-Z0-9_]+)\"")
WSGI_KEYS = {"CONTENT_LENGTH", "HTTP_TRANSFER_ENCODING"}
"""Keys of a request's WSGI environment, which the API reads too: not configuration."""


def test_every_environment_variable_the_code_reads_is_documented() -> None:
    sources = (ROOT / "backend" / "patience").rglob("*.py")
    read = {name for path in sources for name in ENVIRONMENT_READ.findall(path.read_text())}
    names = (read - WSGI_KEYS) | set(ENVIRONMENT) | {PLUGINS}
    page = (ROOT / "docs" / "operations" / "configuration.md").read_text()
    assert sorted(n for n in names if f"`{n}`" not in page) == []


def test_raw_bench_results_are_small() -> None:
    large = {
        p.name: p.stat().st_size
        for p in (ROOT / "bench" / "results").iterdir()
        if p.stat().st_size > MAX_RESULT_BYTES and not _ignored(p)
    }
    assert large == {}


def _ignored(path: Path) -> bool:
    """Whether ``path`` is a regenerated file that git ignores (a local run may have left it)."""
    patterns = (ROOT / ".gitignore").read_text().splitlines()
    return f"/{path.relative_to(ROOT)}" in patterns
