"""Shared test settings: deterministic hypothesis runs in CI, Agg backend for plots."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def close_figures():
    """Close the pyplot figures a test leaves open (pyplot keeps every figure it makes, and
    warns past twenty)."""
    yield
    import matplotlib.pyplot as plt

    plt.close("all")
