"""Test configuration shared by every suite."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Ranked dailies the solver proves in a fraction of a second (Forty Thieves' classic deals
# take seconds each), a small budget per candidate and one day ahead: set before the modules
# that read them load, and inherited by the servers and workers the tests start.
os.environ.setdefault("PATIENCE_DAILY_RULESETS", "forty-thieves=relaxed")
os.environ.setdefault("PATIENCE_RANKED_SECONDS", "2")
os.environ.setdefault("PATIENCE_RANKED_DAYS", "1")

import patience.catalogue as catalogue_module

# CI runs derandomized so a green run stays green; locally Hypothesis explores new examples.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Catalogue files in a scratch folder (the committed ones stay untouched)."""
    monkeypatch.setattr(catalogue_module, "DATA", tmp_path)
    catalogue_module.cached.cache_clear()
    yield tmp_path
    catalogue_module.cached.cache_clear()
