"""The harness checks itself on small generated notebooks (they never touch notebooks/).

* a cell that raises must be reported, with the exception's name, and the cells after it
  must show as not run; a cell tagged ``raises-exception`` may raise;
* a notebook with a matplotlib figure and the course's widgets must run clean, its images
  load, and each widget must answer clicks through the kernel (the same helpers the lesson
  tests use, so they are proven before the lessons exist);
* a server with a running kernel stops by its PID and leaves no process behind.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from tests.browser.labharness import LabServer, descendants

pytestmark = pytest.mark.browser


def write_notebook(root: Path, name: str, sources: list[str | tuple[str, list[str]]]) -> str:
    """A notebook of code cells (``source`` or ``(source, tags)``) under the server root."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    for item in sources:
        source, tags = (item, []) if isinstance(item, str) else item
        cell = nbformat.v4.new_code_cell(source)
        if tags:
            cell.metadata["tags"] = tags
        nb.cells.append(cell)
    path = root / "_harness" / name
    path.parent.mkdir(exist_ok=True)
    nbformat.write(nb, path)
    return f"_harness/{name}"


def test_an_exception_is_detected(lab, lab_root):
    path = write_notebook(lab_root, "fails.ipynb", [
        ("1 / 0", ["raises-exception"]),  # allowed: the run goes on
        # after an error JupyterLab resets the queued prompts to [ ] although the kernel
        # still runs them: waiting on prompts alone would report these cells as not run
        "import time\ntime.sleep(0.5)",
        "time.sleep(0.5)\nimport warnings\nwarnings.warn('a warning is stderr, not an error')",
        "def f():\n    raise ValueError('deliberate failure for the harness')\nf()",
        "never = True",
    ])
    lab.open(path)
    report = lab.run_all()
    lab.screenshot("harness-fails")
    errors = report.errors()
    assert len(errors) == 1, errors
    assert "ValueError: deliberate failure for the harness" in errors[0]
    assert report.cells[0]["outputs"][0]["ename"] == "ZeroDivisionError"
    assert report.stderr() and not report.cells[2]["domTracebacks"]
    assert report.cells[3]["domTracebacks"] == 1, "the traceback is not shown in the page"
    assert [c["executionCount"] for c in report.cells] == [1, 2, 3, 4, None]
    assert report.run["aborted"] == 1, report.run  # the kernel stopped at the ValueError
    with pytest.raises(AssertionError, match="ValueError: deliberate failure"):
        lab.check(report)


def test_figure_and_widgets(lab, lab_root):
    """A figure renders (inline backend, although the test process has MPLBACKEND=Agg), and
    a button, the stepper, tic-tac-toe and the robots answer clicks through the kernel."""
    pytest.importorskip("aisearch.widgets", reason="aisearch.widgets does not exist yet")
    path = write_notebook(lab_root, "widgets.ipynb", [
        "import matplotlib.pyplot as plt\n"
        "fig, ax = plt.subplots(figsize=(3, 2))\nax.plot([0, 1, 4])\nplt.show()",
        "import ipywidgets as w\n"
        "out = w.HTML('clicks: 0')\nb = w.Button(description='more')\n"
        "def on_click(_):\n    out.value = f'clicks: {int(out.value.split()[1]) + 1}'\n"
        "b.on_click(on_click)\nw.VBox([b, out])",
        "from aisearch import Recorder, alphabeta, fig5_2\n"
        "from aisearch.widgets import PlayGame, SearchStepper\n"
        "rec = Recorder()\n_ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)\n"
        "SearchStepper(rec)",
        "from aisearch.games.tictactoe import TicTacToe\nPlayGame(TicTacToe(), depth=2)",
        "from aisearch.games.robots import TwoRobots\nPlayGame(TwoRobots(3, 3), depth=2)",
    ])
    report = lab.run_notebook(path, screenshot="harness-widgets", min_images=3)
    assert report.image_outputs() == 1

    box = lab.output_with_buttons("more")
    text = box.locator(".widget-html-content")
    assert text.text_content() == "clicks: 0"
    lab.button("more", box).click()
    assert lab.wait_for_text_change(text, "clicks: 0") == "clicks: 1"

    lab.check_stepper(lab.stepper())
    before, after = lab.play_tictactoe(lab.tictactoe())
    assert before == [""] * 9 and after[4] == "X" and after.count("O") == 1
    start, end = lab.move_robot(lab.robots())
    assert "White " in end and "Black " in end  # "moves: Black S, White N, ..."


def test_server_leaves_no_process(tmp_path, artifacts):
    """A server with a running kernel stops by its PID and leaves no process behind."""
    root = tmp_path / "root"
    root.mkdir()
    server = LabServer.lab(root, tmp_path / "jupyter", artifacts / "jupyterlab-harness.log")
    server.start()
    try:
        kernel = server.api("POST", "api/kernels", {"name": "python3"}, timeout=60)
        assert [k["id"] for k in server.kernels()] == [kernel["id"]]
        children = descendants(server.proc.pid)
        assert any("ipykernel" in args for args in children.values()), children
    finally:
        left = server.stop()
    assert not left, f"survivors: {left}"
