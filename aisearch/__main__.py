"""``python -m aisearch``: the version, where the lessons are, and an environment check.

Paste its output into a help request.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import platform
import sys
from pathlib import Path

__all__ = ["main", "report"]

PACKAGES = ["ipywidgets", "matplotlib", "networkx", "numpy", "tqdm", "chess"]
"""What the package needs to run (its requirements)."""
EXTRAS = {"jupyterlab": "lab", "nbformat": "grading", "nbclient": "test"}
"""What the extras bring: JupyterLab to open the lessons, the grader's and the tests' needs."""


def _version(name: str) -> str | None:
    try:
        module = importlib.import_module(name)
    except Exception:  # a broken install must be reported, not crash the report
        return None
    return getattr(module, "__version__", "installed")


def _distribution_version(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def report() -> tuple[list[str], list[str]]:
    """Lines of the report and the problems found.

    >>> lines, problems = report()
    >>> lines[0].startswith("aisearch ")
    True
    """
    import aisearch

    root = Path(aisearch.__file__).resolve().parent.parent
    lines = [
        f"aisearch {aisearch.__version__} at {Path(aisearch.__file__).resolve().parent}",
        f"python {platform.python_version()} ({sys.executable})",
    ]
    problems = []
    notebooks = root / "notebooks"
    if notebooks.is_dir():
        lessons = sorted(p.name for p in notebooks.glob("*.ipynb"))
        lines.append(f"lessons: {notebooks} ({len(lessons)} notebooks)")
        lines.append(f"open them with: cd {root} && python -m jupyterlab "
                     "--LabApp.default_url=/lab/tree/notebooks")
    else:
        lines.append("lessons: not found next to the package (installed without the course?)")
    for name in PACKAGES:
        v = _version(name)
        lines.append(f"  {name:12s} {v or 'MISSING'}")
        if v is None:
            problems.append(f"{name} is missing: python -m pip install -e .")
    for name, extra in EXTRAS.items():
        v = _distribution_version(name)  # (read, not imported: JupyterLab takes seconds)
        lines.append(f"  {name:12s} {v or 'not installed'} (the {extra} extra)")
        if v is None and extra == "lab":
            problems.append(f"{name} is missing, so the lessons cannot be opened here: "
                            f'python -m pip install -e ".[{extra}]"')
    if _version("jupyterlab_widgets") is None:
        problems.append("the ipywidgets front end (jupyterlab_widgets) is missing: widgets will "
                        "not render; python -m pip install ipywidgets")
    else:
        front = _version("jupyterlab_widgets")
        lines.append(f"  widgets front end: jupyterlab_widgets {front}")
    try:
        import matplotlib

        lines.append(f"  matplotlib backend: {matplotlib.get_backend()}")
    except Exception as e:  # pragma: no cover - reported above as missing
        problems.append(f"matplotlib does not import: {e}")
    try:
        from jupyter_client.kernelspec import KernelSpecManager

        specs = KernelSpecManager().find_kernel_specs()
        lines.append(f"  kernels: {', '.join(sorted(specs)) or 'none'}")
        if not specs:
            problems.append("no Jupyter kernel found: python -m pip install ipykernel")
    except Exception as e:
        problems.append(f"cannot list Jupyter kernels: {e}")
    return lines, problems


def main() -> int:
    lines, problems = report()
    print("\n".join(lines))
    if problems:
        print("\nproblems:")
        print("\n".join(f"- {p}" for p in problems))
        return 1
    print("\nenvironment OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
