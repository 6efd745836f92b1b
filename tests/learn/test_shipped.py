"""The shipped Nannon network: made by the documented command, and good."""

from __future__ import annotations

import importlib
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import numpy as np

import aisearch
from aisearch.learn import SHIPPED, load, shipped, train


def test_the_shipped_file_records_the_documented_settings() -> None:
    net = shipped("nannon")
    meta = net.meta
    assert {k: meta[k] for k in SHIPPED["nannon"]} == SHIPPED["nannon"]
    assert meta["game"] == "nannon" and meta["version"] == aisearch.__version__
    command = (f"python -m aisearch.learn train nannon --games {meta['games']} "
               f"--seed {meta['seed']}")
    assert command in (importlib.import_module("aisearch.learn.shipped").__doc__ or "")
    assert net.n_hidden == meta["hidden"]


def test_the_shipped_file_starts_as_its_seed_says() -> None:
    """Retrain the first games of the documented run (seconds) and compare the checkpoint,
    within rounding: numpy's kernels differ between processors in the last bits."""
    meta = shipped("nannon").meta
    settings = dict(SHIPPED["nannon"], games=meta["check_games"])
    net, _ = train("nannon", progress=False, **settings)
    expected = np.array(meta["check_weights"])
    assert expected.shape == net.weights.shape
    np.testing.assert_allclose(net.weights, expected, rtol=1e-9, atol=1e-12)
    # a different seed is far off: the comparison can fail
    other, _ = train("nannon", progress=False, **dict(settings, seed=settings["seed"] + 1))
    assert not np.allclose(other.weights, expected, rtol=1e-3)


def test_the_command_writes_what_train_makes(tmp_path: Path) -> None:
    out = tmp_path / "n.npz"
    subprocess.run([sys.executable, "-m", "aisearch.learn", "train", "nannon", "--games", "25",
                    "--seed", "3", "--hidden", "5", "--out", str(out), "--quiet"], check=True)
    net, _ = train("nannon", games=25, seed=3, hidden=5, progress=False)
    assert load(out).weights.tobytes() == net.weights.tobytes()


def test_shipped_returns_a_copy() -> None:
    net = shipped("nannon")
    net.weights[:] = 0
    assert shipped("nannon").weights.any()


def test_the_measure_command_reports_a_match_and_the_value_error() -> None:
    weights = Path(importlib.import_module("aisearch.learn.shipped").WEIGHTS) / "nannon.npz"
    out = subprocess.run([sys.executable, "-m", "aisearch.learn", "measure", str(weights),
                          "--games", "20"], check=True, capture_output=True, text=True).stdout
    assert "depth 1 against the optimum" in out and "over 20 games" in out
    assert "value error" in out


def test_the_command_lesson_07_quotes_runs_as_written(tmp_path: Path, monkeypatch) -> None:
    """The lesson says which command makes the shipped network again: it must run as quoted
    (here cut short to 2 games; argparse takes the last of a repeated option)."""
    from aisearch.learn.__main__ import main

    lesson = Path(__file__).resolve().parents[2] / "notebooks" / "07_learning_evaluators.ipynb"
    text = "".join("".join(c["source"]) for c in json.loads(lesson.read_text())["cells"]
                   if c["cell_type"] == "markdown")
    quoted = re.findall(r"`(python -m aisearch\.learn [^`]+)`", text)
    assert quoted, "lesson 07 names the command that makes the shipped network"
    monkeypatch.chdir(tmp_path)
    for command in quoted:
        args = shlex.split(command)[3:]
        assert main([*args, "--games", "2", "--quiet"]) == 0, command
        out = args[args.index("--out") + 1]
        assert load(tmp_path / out).n_hidden == SHIPPED["nannon"]["hidden"]
