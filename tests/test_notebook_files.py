"""The lesson and solution notebooks are committed executed, clean and self-contained.

nbval (run over notebooks/ and solutions/ by the test command) re-executes them and compares
the outputs; these checks catch what nbval cannot: cells saved unexecuted (nbval runs them but
compares nothing), saved errors, widget state, sys.path hacks, missing lesson parts.
"""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
SOLUTIONS = sorted((ROOT / "solutions").glob("[0-9][0-9]_*.ipynb"))


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb):
    return [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]


def test_the_first_three_lessons_exist():
    names = [p.name for p in LESSONS]
    assert names[:3] == ["01_two_robots.ipynb", "02_minimax.ipynb", "03_alpha_beta.ipynb"]


@pytest.mark.parametrize("path", LESSONS + SOLUTIONS, ids=lambda p: p.name)
def test_notebook_is_committed_executed_without_errors_or_widget_state(path):
    nb = load(path)
    cells = code_cells(nb)
    assert all(c.get("execution_count") for c in cells), "every code cell executed"
    for c in cells:
        tags = c.get("metadata", {}).get("tags", [])
        errors = [o for o in c.get("outputs", []) if o.get("output_type") == "error"]
        assert not errors or "raises-exception" in tags, "".join(c["source"])[:80]
    assert "widgets" not in nb.get("metadata", {}), "normalise with python -m aisearch.notebook"
    assert nb["metadata"].get("kernelspec", {}).get("name") == "python3"


# A file path from the machine that executed the notebook (a traceback's frames, say):
# meaningless to a reader, and it differs on every machine.
LOCAL_PATH = re.compile(r"(?<![\w.])(?:/[\w.+-]+)+/[\w.-]+\.py\b|[A-Za-z]:\\\\[\w\\.-]+\.py\b")


def output_text(nb):
    for c in code_cells(nb):
        for o in c.get("outputs", []):
            yield json.dumps(o, ensure_ascii=False)


def test_the_local_path_pattern_finds_traceback_frames_and_only_them():
    frame = 'File /home/ann/course/aisearch/search/minimax.py:112, in minimax(game, state)'
    assert LOCAL_PATH.search(frame)
    assert LOCAL_PATH.search(r"C:\\Users\\ann\\aisearch\\core.py")
    assert not LOCAL_PATH.search("see aisearch/search/minimax.py and notebooks/04.ipynb")


@pytest.mark.parametrize("path", LESSONS + SOLUTIONS, ids=lambda p: p.name)
def test_notebook_outputs_hold_no_local_file_paths(path):
    found = [m.group() for text in output_text(load(path)) for m in LOCAL_PATH.finditer(text)]
    assert not found, f"outputs show paths of the machine that ran them: {found[:3]}"


@pytest.mark.parametrize("path", LESSONS + SOLUTIONS, ids=lambda p: p.name)
def test_notebook_imports_the_package_without_path_hacks(path):
    source = "\n".join("".join(c["source"]) for c in code_cells(load(path)))
    assert "sys.path" not in source
    assert "from aisearch" in source or "import aisearch" in source


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_starts_with_matplotlib_inline_on_a_line_of_its_own(path):
    """The first code cell asks for inline figures apart from its imports, before them."""
    first = "".join(code_cells(load(path))[0]["source"]).splitlines()
    assert first and first[0].strip() == "%matplotlib inline"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_has_goals_vocabulary_check_yourself_references_and_an_exercise(path):
    nb = load(path)
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for part in ("Goals", "Vocabulary", "Check yourself", "References"):
        assert part in text, part
    assert f"../exercises/{path.name}" in text
    assert any("\uac00" <= ch <= "\ud7a3" for ch in text), "Korean terms beside the English"
    source = "\n".join("".join(c["source"]) for c in code_cells(nb))
    assert "SearchStepper" in source or "PlayGame" in source, "at least one widget"
    assert "show_source" in source, "the core algorithm is shown from the package"
