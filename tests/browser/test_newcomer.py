"""The README's "Open the course" command serves the lessons.

The command is read from README.md (between ``<!-- open-command -->`` markers if there are
any, else the first shell block after "Open the course"), its JupyterLab part is started from
the repository root as a newcomer would, only made headless and private (no browser, a free
port, a random token, temporary config/runtime/data/settings dirs), and the server must serve
``notebooks/``: its root directory is ``notebooks/`` and ``/api/contents/`` lists the lessons.
"""

from __future__ import annotations

import json
import re
import secrets
import shlex
import sys
import urllib.error
import urllib.request

import pytest

from tests.browser.labharness import NOTEBOOKS, REPO, LabServer, free_port, lab_flags, server_env

pytestmark = pytest.mark.browser


def open_course_command(readme: str) -> str:
    """The command that starts JupyterLab in the README's "Open the course" step."""
    marked = re.search(r"<!--\s*open-command\s*-->(.*?)<!--\s*/open-command\s*-->", readme, re.S)
    if marked:
        block = marked.group(1)
    else:
        start = readme.find("Open the course")
        assert start >= 0, "README.md has no 'Open the course' step"
        fenced = re.search(r"```(?:bash|sh|shell|console)?\n(.*?)```", readme[start:], re.S)
        assert fenced, "no shell block after 'Open the course' in README.md"
        block = fenced.group(1)
    block = re.sub(r"\\\n", " ", re.sub(r"```\w*", "", block))
    lines = [ln.strip().removeprefix("$ ") for ln in block.splitlines()]
    command = " && ".join(ln for ln in lines if ln and not ln.startswith("#"))
    parts = [p.strip() for p in command.split("&&")]
    lab = [p for p in parts if re.search(r"\bjupyter(lab|-lab| lab)\b", p)]
    assert lab, f"the 'Open the course' command starts no JupyterLab: {command!r}"
    return lab[-1]


def to_argv(command: str) -> list[str]:
    """``python -m jupyterlab ...`` or ``jupyter lab ...`` as argv for this interpreter."""
    words = shlex.split(command)
    if words[0] in ("python", "python3", "py") and words[1:3] == ["-m", "jupyterlab"]:
        return [sys.executable, "-m", "jupyterlab", *words[3:]]
    if words[:2] == ["jupyter", "lab"] or words[0] == "jupyter-lab":
        return [sys.executable, "-m", "jupyterlab", *words[2 if words[0] == "jupyter" else 1:]]
    raise AssertionError(f"cannot run {command!r} in the test")


def test_readme_command_is_found():
    command = open_course_command((REPO / "README.md").read_text(encoding="utf-8"))
    assert to_argv(command)[1:3] == ["-m", "jupyterlab"]


def test_open_the_course_opens_the_lessons_and_can_reach_the_exercises(tmp_path, artifacts):
    """The course command serves the course folder and opens the browser on notebooks/.

    The server's root is the course folder, not notebooks/, so that a lesson's link to
    ``../exercises/NN_*.ipynb`` opens the exercise.
    """
    command = open_course_command((REPO / "README.md").read_text(encoding="utf-8"))
    port, token = free_port(), secrets.token_hex(24)
    argv = to_argv(command) + lab_flags(port, token, tmp_path)
    server = LabServer(argv, cwd=REPO, env=server_env(tmp_path), port=port, token=token,
                       log_path=artifacts / "jupyterlab-newcomer.log")
    server.start()
    try:
        (runtime,) = (tmp_path / "runtime").glob(f"jpserver-{server.proc.pid}.json")
        root = json.loads(runtime.read_text())["root_dir"]
        lessons = server.api("GET", "api/contents/notebooks")
        exercises = server.api("GET", "api/contents/exercises")
        opener = urllib.request.build_opener(NoRedirect)
        try:
            opener.open(server.url(""), timeout=30)
            landing = None
        except urllib.error.HTTPError as redirect:
            landing = redirect.headers.get("Location", "")
        with urllib.request.urlopen(server.url("lab/tree/notebooks"), timeout=30) as response:
            page = response.read().decode()
    finally:
        left = server.stop()
    assert not left, f"processes survived the server: {left}"

    assert root == str(REPO), f"{command!r} serves {root}, not the course folder"
    assert landing is not None and "/lab/tree/notebooks" in landing, landing
    names = {item["name"] for item in lessons["content"]}
    assert {n for n in names if n.endswith(".ipynb")} == {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    linked = {item["name"] for item in exercises["content"]}
    for lesson in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"):
        assert lesson.name in linked, f"{lesson.name} links to ../exercises/{lesson.name}"
    assert "JupyterLab" in page


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Report a redirect as an HTTPError instead of following it."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: D102
        return None
