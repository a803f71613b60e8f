"""Test configuration shared by every suite."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# CI runs derandomized so a green run stays green; locally Hypothesis explores new examples.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
