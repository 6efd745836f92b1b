"""Fixtures for the homework tests (helpers live in homework_helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.grading.homework_helpers import write_notebook


@pytest.fixture
def notebook(tmp_path: Path):
    """``notebook(name, *cells)`` writes a notebook into a fresh folder and returns its path."""

    def make(name: str, *cells: str) -> Path:
        return write_notebook(tmp_path / name, *cells)

    return make


# The deliberately wrong and hostile submissions are data for the grader, not modules to
# collect (importing an attack here would run it in the test process).
collect_ignore = ["wrong", "attacks", "honest"]  # data for the grader; attacks: sandboxed
