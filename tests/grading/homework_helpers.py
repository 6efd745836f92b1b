"""Helpers for the homework tests: paths, tiny notebooks, the command line in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WRONG = Path(__file__).with_name("wrong")
SOLUTIONS = ROOT / "solutions"
EXERCISES = ROOT / "exercises"


def write_notebook(path: Path, *cells: str, markdown: tuple[str, ...] = (),
                   metadata: dict | None = None) -> Path:
    """A minimal nbformat-4 notebook with the given code cells (after optional markdown),
    and ``metadata`` added to the notebook's."""
    nb = {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}, **(metadata or {})},
        "cells": [{"cell_type": "markdown", "id": f"m{i}", "metadata": {}, "source": text}
                  for i, text in enumerate(markdown)]
        + [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None,
            "outputs": [], "source": text} for i, text in enumerate(cells)],
    }
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return path


def solution_code(name: str, drawings: bool = True) -> str:
    """The code cells of a solution notebook, joined (its functions, for reuse in tests).

    With ``drawings=False`` the cells that draw (``plt.show()``) and the import of pyplot
    are left out: tests that grade under tight time limits then time the functions, not
    matplotlib's start-up on a busy machine.
    """
    nb = json.loads((SOLUTIONS / f"{name}.ipynb").read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    cells = [c for c in cells if not c.startswith("self_check(")]
    if not drawings:
        cells = [c.replace("import matplotlib.pyplot as plt\n", "") for c in cells
                 if "plt.show()" not in c]
    return "\n\n".join(cells)


def cli(*args: str, cwd: Path = ROOT, timeout: float = 120,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m aisearch.grading ARGS`` (the package need not be installed), with
    ``env`` added to the environment."""
    env = {**os.environ, **(env or {})}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in [env.get("PYTHONPATH")] if p])
    return subprocess.run([sys.executable, "-m", "aisearch.grading", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)
