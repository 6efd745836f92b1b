"""docs/architecture.md and its picture follow the layers of tests/test_architecture.py."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _layers_module():
    spec = importlib.util.spec_from_file_location("docs_layers", ROOT / "docs" / "layers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_names_every_layer_and_module_the_test_places():
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    layers = _layers_module().read_layers()
    assert set(layers) == {"LAYERS", "SEARCH_LAYERS"}
    missing = [m for layer in layers["LAYERS"] for m in layer
               if m != "aisearch" and f"`{m.removeprefix('aisearch.')}`" not in page]
    missing += [m for layer in layers["SEARCH_LAYERS"] for m in layer
                if m != "aisearch.search"
                and f"{m.removeprefix('aisearch.search.')}/" not in page
                and f"`{m.removeprefix('aisearch.search.')}" not in page]
    assert missing == []


def test_the_picture_is_drawn_from_the_layers_as_they_are(tmp_path):
    fresh = _layers_module().draw(tmp_path / "layers.svg").read_text(encoding="utf-8")
    saved = (ROOT / "docs" / "images" / "layers.svg").read_text(encoding="utf-8")
    # (the texts of the boxes, in order: what the picture says)
    texts = re.compile(r"<!-- (.*?) -->")
    assert texts.findall(saved) == texts.findall(fresh), "run python docs/layers.py"


def test_no_module_cites_a_design_file_a_clone_does_not_have():
    cited = [str(p.relative_to(ROOT)) for p in (ROOT / "aisearch").rglob("*.py")
             if "DESIGN.md" in p.read_text(encoding="utf-8")]
    assert cited == []
