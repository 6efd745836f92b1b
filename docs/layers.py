"""Draw the package's layers, as ``tests/test_architecture.py`` writes them, into
``docs/images/layers.svg`` (the picture of ``docs/architecture.md``).

Run ``python docs/layers.py`` after changing the layers; ``tests/test_docs_architecture.py``
fails while the picture or the page is behind the test's layers.
"""

from __future__ import annotations

import ast
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import FancyBboxPatch  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "images" / "layers.svg"


def read_layers() -> dict[str, list[list[str]]]:
    """``LAYERS`` and ``SEARCH_LAYERS`` of the architecture test, read without running it."""
    tree = ast.parse((ROOT / "tests" / "test_architecture.py").read_text(encoding="utf-8"))
    found: dict[str, list[list[str]]] = {}
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and \
                node.target.id in ("LAYERS", "SEARCH_LAYERS"):
            found[node.target.id] = [sorted(s) for s in ast.literal_eval(node.value)]
    return found


def _column(ax: plt.Axes, x: float, layers: list[list[str]], title: str, strip: str,
            colour: str) -> None:
    n = len(layers)
    ax.text(x + 2.2, n + 0.35, title, ha="center", va="bottom", fontsize=11, weight="bold")
    for i, layer in enumerate(layers):
        y = n - 1 - i
        ax.add_patch(FancyBboxPatch((x, y + 0.1), 4.4, 0.8, boxstyle="round,pad=0.02",
                                    facecolor=colour, edgecolor="#555555"))
        names = [m.removeprefix(strip) or m for m in layer]
        ax.text(x + 2.2, y + 0.5, "   ".join(names), ha="center", va="center", fontsize=9,
                wrap=True)
    ax.annotate("", xy=(x - 0.25, 0.1), xytext=(x - 0.25, n - 0.1),
                arrowprops={"arrowstyle": "->", "color": "#333333"})
    ax.text(x - 0.4, n / 2, "imports only downwards", rotation=90, ha="right", va="center",
            fontsize=9, color="#333333")


def draw(path: Path = OUT) -> Path:
    """Draw both columns and save them as SVG (no date inside: the file changes only when
    the layers do)."""
    layers = read_layers()
    rows = max(len(v) for v in layers.values())
    fig, ax = plt.subplots(figsize=(10, 0.55 * rows + 1.0))
    _column(ax, 0.6, layers["LAYERS"], "aisearch", "aisearch.", "#dbe9f6")
    _column(ax, 5.9, layers["SEARCH_LAYERS"], "aisearch.search, by lesson", "aisearch.search.",
            "#e8f3df")
    ax.set_xlim(-0.2, 10.5)
    ax.set_ylim(-0.1, rows + 0.9)
    ax.axis("off")
    path.parent.mkdir(parents=True, exist_ok=True)
    plt.rcParams["svg.hashsalt"] = "aisearch-layers"
    fig.savefig(path, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    return path


if __name__ == "__main__":
    print(draw())
