"""Real-browser tests: JupyterLab in a subprocess, driven by Playwright with Debian's Chromium.

Fixtures
--------
``lab_server`` (session)
    A JupyterLab server on a free port with a random token, serving a *temporary copy* of
    ``notebooks/`` (running a lesson never touches the committed notebooks), with its config,
    runtime, data, settings, workspaces and IPython directories in a temporary directory (the
    user's data dir stays on ``JUPYTER_PATH``, so kernelspecs and lab extensions are found).
    At the end its kernels are shut down through the REST API, the server is stopped by its PID
    (terminate, wait, kill) and the teardown fails if any process it started survives.
``browser`` (session)
    Chromium (``shutil.which("chromium")``, never a downloaded build) through Playwright's sync
    API; Playwright gives every launch a fresh temporary profile.
``lab`` (function)
    A fresh browser context and page plus ``labharness.Lab``, the helper that opens a notebook,
    waits out the kernel-ready race, runs all cells, checks the result and drives the widgets;
    after the test the notebooks' kernels are shut down (REST) and, if the test failed, a
    screenshot ``FAILED-<test>.png`` is saved.

Without Chromium or Playwright the tests are skipped, except when ``CI=true``: then they fail.
Artifacts (screenshots, server log) go to ``tests/artifacts/``; the lessons' screenshots after
Run All to ``tests/artifacts/lessons/``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.browser.labharness import (
    ARTIFACTS,
    CHROMIUM_ARGS,
    NOTEBOOKS,
    UPDATE_SCREENSHOTS,
    Lab,
    LabServer,
    descendants,
    unavailable,
    wait_for_exit,
)


# -- fixtures --------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary copy of ``notebooks/``: the server's root directory."""
    root = tmp_path_factory.mktemp("lab") / "notebooks"
    if NOTEBOOKS.is_dir():
        shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    else:
        root.mkdir()
    return root


@pytest.fixture(scope="session")
def lab_server(lab_root: Path, tmp_path_factory: pytest.TempPathFactory,
               artifacts: Path) -> Any:
    tmp = tmp_path_factory.mktemp("jupyter")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # (one server per xdist worker)
    log = artifacts / (f"jupyterlab-{worker}.log" if worker else "jupyterlab.log")
    server = LabServer.lab(lab_root, tmp, log).start()
    yield server
    left = server.stop()
    assert not left, f"processes survived the JupyterLab server (killed now): {left}"


@pytest.fixture(scope="session")
def browser() -> Any:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Python playwright is not installed (python -m pip install -e '.[test]')")
    executable = shutil.which("chromium")
    if executable is None:
        unavailable("Chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True,
                                             args=CHROMIUM_ARGS)
        yield browser
        started = descendants(os.getpid())  # Playwright's driver and Chromium
        browser.close()
    left = wait_for_exit(started)
    assert not left, f"browser processes survived (killed now): {left}"


@pytest.fixture
def lab(browser: Any, lab_server: LabServer, artifacts: Path,
        request: pytest.FixtureRequest) -> Any:
    # sharper pictures for the README when they are being updated
    scale = 2 if UPDATE_SCREENSHOTS else 1
    # 1440 x 900, a common laptop screen: the notebook is about 1,000 pixels wide
    context = browser.new_context(viewport={"width": 1440, "height": 900},
                                  device_scale_factor=scale)
    context.set_default_timeout(30_000)
    page = context.new_page()
    helper = Lab(page, lab_server, artifacts)
    page.on("pageerror", lambda error: helper.page_errors.append(str(error)))
    yield helper
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed and not page.is_closed():
        try:  # what the page looked like when the test failed
            page.screenshot(path=str(artifacts / f"FAILED-{request.node.name}.png"))
        except Exception:
            pass
    context.close()
    for path in helper.opened:
        try:
            lab_server.shutdown_session(path)
        except Exception as e:
            print(f"could not shut down the session of {path}: {e}")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Any:
    report = yield
    if report.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]
    return report


