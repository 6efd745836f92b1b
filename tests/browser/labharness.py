"""The harness of the real-browser tests: a JupyterLab server process and a Playwright page.

:class:`LabServer` starts ``python -m jupyterlab`` with the flags of tooling.md on a free port
with a random token, private config/runtime/data/settings/workspace dirs, polls ``/api/status``,
talks REST, and stops by its PID (kernels first), reporting any process that survives.
:class:`Lab` opens a notebook in a page, waits out the kernel-ready race, runs all cells, reads
back what the notebook shows (:class:`NotebookReport`) and drives the course's widgets.
The fixtures are in ``conftest.py``; this module has a name of its own so that test modules can
import it whatever other ``conftest`` modules are loaded.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shlex
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "tests" / "artifacts"
DOCS_IMAGES = REPO / "docs" / "images"

IN_CI = os.environ.get("CI", "").strip().lower() == "true"
UPDATE_SCREENSHOTS = os.environ.get("AISEARCH_UPDATE_SCREENSHOTS") == "1"

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

LESSON_SHOTS = ARTIFACTS / "lessons"
"""Where the screenshot of every lesson after Run All goes (``<lesson>.jpg``)."""
MAX_OUTPUT_HEIGHT = 1200  # CSS px: an output taller than a screen is not seen whole
SHRINK = 0.02  # a picture shown more than 2 % narrower than it was saved is too wide

# Bounds against hangs, not speed tests: under pytest -n auto the other workers share the
# cores with the server, the kernel and Chromium, so they allow for a busy machine.
SERVER_START_TIMEOUT = 120  # s until /api/status answers
KERNEL_TIMEOUT = 180_000  # ms until the kernel is connected and idle
RUN_TIMEOUT = 240_000  # ms for one notebook to run top to bottom
WIDGET_TIMEOUT = 60_000  # ms for a widget to answer a click (one kernel round trip)
MAX_SCREENSHOT_HEIGHT = 30_000  # device px: Chromium captures a little over 32k at most


def unavailable(reason: str) -> None:
    """Skip the test, or fail it when ``CI=true`` (CI must run the browser tests)."""
    if IN_CI:
        pytest.fail(f"{reason}; CI=true, so the browser tests may not be skipped", pytrace=False)
    pytest.skip(reason)


def require_notebook(name: str) -> Path:
    """The lesson ``notebooks/<name>``; skip (fail under CI) if it does not exist yet."""
    path = NOTEBOOKS / name
    if not path.is_file():
        unavailable(f"notebooks/{name} does not exist yet")
    return path


# -- processes -------------------------------------------------------------------------------
def _process_table() -> dict[int, tuple[int, str, str]]:
    """``{pid: (ppid, stat, args)}`` of every process (``ps``, Linux and macOS)."""
    out = subprocess.run(["ps", "-A", "-o", "pid=,ppid=,stat=,args="], capture_output=True,
                         text=True, check=True).stdout
    table = {}
    for line in out.splitlines():
        parts = line.split(None, 3)
        if len(parts) >= 3:
            table[int(parts[0])] = (int(parts[1]), parts[2], parts[3] if len(parts) > 3 else "")
    return table


def descendants(pid: int) -> dict[int, str]:
    """The living descendants of ``pid``: ``{pid: command line}``."""
    table = _process_table()
    found: dict[int, str] = {}
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        for child, (ppid, stat, args) in table.items():
            if ppid == parent and child not in found and not stat.startswith("Z"):
                found[child] = args
                frontier.append(child)
    return found


def survivors(processes: dict[int, str]) -> dict[int, str]:
    """Which of ``processes`` (pid -> command line, as recorded) still run."""
    table = _process_table()
    return {pid: args for pid, args in processes.items()
            if pid in table and table[pid][2] == args and not table[pid][1].startswith("Z")}


def wait_for_exit(processes: dict[int, str], timeout: float = 10) -> dict[int, str]:
    """Wait until ``processes`` have exited; kill (and return) those still running."""
    deadline = time.monotonic() + timeout
    while True:
        left = survivors(processes)
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.2)  # processes exit on their own: nothing else to wait on
    for pid in left:  # never leave anything behind, but report it
        try:
            os.kill(pid, 9)
        except OSError:
            pass
    return left


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_lab_settings(settings_dir: Path) -> None:
    """User settings that remove the news/update toast and the kernel dialog.

    ``windowingMode: none`` renders every cell, so that the checks (and the screenshots) see
    all outputs, not only those scrolled into view; without ``scrollPastEnd`` the notebook is
    exactly as tall as its cells (for the full-page screenshots).
    """
    settings = {
        "@jupyterlab/apputils-extension/notification": {"fetchNews": "false",
                                                        "checkForUpdates": False},
        "@jupyterlab/notebook-extension/tracker": {"autoStartDefaultKernel": True,
                                                   "windowingMode": "none",
                                                   "scrollPastEnd": False},
    }
    for plugin, values in settings.items():
        path = settings_dir / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values, indent=2), encoding="utf-8")


def server_env(tmp: Path) -> dict[str, str]:
    """The environment of a test server: private Jupyter dirs, this checkout importable.

    ``MPLBACKEND`` is dropped: ``tests/conftest.py`` sets ``Agg``, and ipykernel selects the
    inline backend only when it is unset, so the kernels would draw no figures at all.
    """
    from jupyter_core.paths import jupyter_data_dir

    env = dict(os.environ)
    env.pop("MPLBACKEND", None)
    env.pop("JUPYTER_TOKEN", None)
    for name in ("config", "runtime", "data", "ipython"):
        (tmp / name).mkdir(parents=True, exist_ok=True)
    env["JUPYTER_CONFIG_DIR"] = str(tmp / "config")
    env["JUPYTER_RUNTIME_DIR"] = str(tmp / "runtime")
    # Writes (notebook signatures, secrets) go to a temporary data dir, while the user's data
    # dir stays on the search path: kernelspecs and lab extensions installed there (e.g. by
    # ``pip install --user``) are still found.
    search = [jupyter_data_dir(), env.get("JUPYTER_PATH", "")]
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in search if p)
    env["JUPYTER_DATA_DIR"] = str(tmp / "data")
    env["IPYTHONDIR"] = str(tmp / "ipython")
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # quiet the debugger's frozen-modules note
    # the kernels import this checkout's aisearch, installed or not
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    return env


def lab_flags(port: int, token: str, tmp: Path) -> list[str]:
    """The server flags of tooling.md (without the root dir)."""
    write_lab_settings(tmp / "settings")
    (tmp / "workspaces").mkdir(parents=True, exist_ok=True)
    flags = [
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.user_settings_dir={tmp / 'settings'}",
        f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        flags.append("--allow-root")
    return flags


class LabServer:
    """A JupyterLab server process, its address and token, and a tiny REST client."""

    def __init__(self, argv: list[str], *, cwd: Path, env: dict[str, str], port: int,
                 token: str, log_path: Path) -> None:
        self.argv, self.cwd, self.env = argv, cwd, env
        self.port, self.token, self.log_path = port, token, log_path
        self.base = f"http://127.0.0.1:{port}/"
        self.proc: subprocess.Popen | None = None
        self._log = None

    @classmethod
    def lab(cls, root: Path, tmp: Path, log_path: Path) -> LabServer:
        """``python -m jupyterlab`` on ``root`` with the flags of tooling.md."""
        port, token = free_port(), secrets.token_hex(24)
        argv = [sys.executable, "-m", "jupyterlab", *lab_flags(port, token, tmp),
                f"--ServerApp.root_dir={root}"]
        return cls(argv, cwd=root, env=server_env(tmp), port=port, token=token,
                   log_path=log_path)

    # -- life cycle ----------------------------------------------------------------------
    def start(self) -> LabServer:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "w", encoding="utf-8")
        self._log.write("+ " + shlex.join(self.argv).replace(self.token, "<token>") + "\n")
        self._log.flush()
        self.proc = subprocess.Popen(self.argv, cwd=self.cwd, env=self.env,
                                     stdin=subprocess.DEVNULL, stdout=self._log,
                                     stderr=subprocess.STDOUT)
        try:
            self.wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:]).replace(self.token, "<token>")

    def wait_ready(self, timeout: float = SERVER_START_TIMEOUT) -> None:
        """Poll ``/api/status`` (with the token) until it answers 200."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        error: Exception | None = None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with status {self.proc.returncode}:\n"
                                   f"{self.log_tail()}")
            try:
                self.api("GET", "api/status", timeout=2)
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as e:
                error = e
            time.sleep(0.2)  # the server is not listening yet: nothing to wait on but time
        raise TimeoutError(f"JupyterLab did not answer /api/status within {timeout} s "
                           f"({error}):\n{self.log_tail()}")

    def stop(self) -> dict[int, str]:
        """Shut the kernels down (REST), stop the server by its PID; returns survivors."""
        if self.proc is None:
            return {}
        children: dict[int, str] = {}
        if self.proc.poll() is None:
            children = descendants(self.proc.pid)
            try:
                self.shutdown_kernels()
            except Exception as e:  # the server may be broken: terminate it anyway
                print(f"could not shut the kernels down through the REST API: {e}")
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        if self._log is not None:
            self._log.close()
            self._log = None
        self.proc = None
        return wait_for_exit(children)  # orphaned kernels may take a moment to exit

    # -- REST ----------------------------------------------------------------------------
    def url(self, path: str, **query: str) -> str:
        query = {"token": self.token, **query}
        return self.base + path.lstrip("/") + "?" + urllib.parse.urlencode(query)

    def api(self, method: str, path: str, body: Any = None, timeout: float = 10) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path.lstrip("/"), data=data, method=method,
                                         headers={"Authorization": f"token {self.token}",
                                                  "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            text = response.read().decode()
        return json.loads(text) if text.strip() else None

    def kernels(self) -> list[dict]:
        return self.api("GET", "api/kernels")

    def shutdown_kernels(self) -> None:
        for session in self.api("GET", "api/sessions"):
            self.api("DELETE", f"api/sessions/{session['id']}", timeout=30)
        for kernel in self.kernels():
            self.api("DELETE", f"api/kernels/{kernel['id']}", timeout=30)

    def shutdown_session(self, path: str) -> None:
        """Shut down the session (and kernel) of the notebook at ``path``."""
        for session in self.api("GET", "api/sessions"):
            if session.get("path") == path:
                self.api("DELETE", f"api/sessions/{session['id']}", timeout=30)


# -- driving JupyterLab ----------------------------------------------------------------------
JS_NOTEBOOK = """
  const panelFor = (path) => {
    const app = window.jupyterapp;
    const w = app && app.shell && app.shell.currentWidget;
    return w && w.context && w.context.path === path && w.content ? w : null;
  };
"""

JS_READY = """
(path) => {""" + JS_NOTEBOOK + """
  const w = panelFor(path);
  const k = w && w.sessionContext && w.sessionContext.session
            && w.sessionContext.session.kernel;
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle'
         && window.jupyterapp.commands.isEnabled('notebook:run-all-cells');
}
"""

# Run all cells, counting on the kernel connection what was asked and answered: every
# execute_request gets an execute_reply (also when aborted after an error) and, on iopub, one
# "idle" status after its last output. Prompts are no guide: after an error JupyterLab resets
# the queued cells to [ ] and settles the run-all promise, while a kernel that was told not to
# stop on that error (a cell tagged raises-exception) still runs them.
JS_RUN_ALL = """
(path) => {""" + JS_NOTEBOOK + """
  const kernel = panelFor(path).sessionContext.session.kernel;
  const run = {done: false, result: null, error: null, sent: 0, replies: 0, aborted: 0,
               idles: 0, troubles: [], kernelId: kernel.id};
  kernel.anyMessage.connect((_, {msg, direction}) => {
    const type = msg.header.msg_type;
    if (direction === 'send' && type === 'execute_request') run.sent++;
    if (direction !== 'recv') return;
    if (type === 'execute_reply') {
      run.replies++;
      if (msg.content.status === 'aborted') run.aborted++;
    }
    if (type === 'status' && msg.content.execution_state === 'idle'
        && msg.parent_header && msg.parent_header.msg_type === 'execute_request') run.idles++;
  });
  kernel.statusChanged.connect((_, status) => {
    if (['restarting', 'autorestarting', 'dead'].includes(status)) run.troubles.push(status);
  });
  window.__aisearchRun = run;
  window.jupyterapp.commands.execute('notebook:run-all-cells').then(
    r => { run.done = true; run.result = r; },
    e => { run.done = true; run.error = String(e); });
}
"""

# Done: the run-all promise settled, every execute request was answered and went idle, the
# kernel is idle and no prompt shows [*]; or the kernel died or restarted (reported).
JS_DONE = """
(path) => {""" + JS_NOTEBOOK + """
  const w = panelFor(path);
  const run = window.__aisearchRun;
  if (!w || !run) return false;
  if (run.troubles.length) return true;
  if (!run.done || run.replies < run.sent || run.idles < run.sent - run.aborted) return false;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return false;
  return ![...w.content.node.querySelectorAll('.jp-InputPrompt')]
    .some(p => p.textContent.includes('*'));
}
"""

# Every image in an output area has finished loading (complete), and every widget output has
# finished rendering (no "Loading widget..." placeholder).
JS_SETTLED = """
() => {
  for (const img of document.querySelectorAll('.jp-OutputArea-output img')) {
    if (!img.complete) return false;
  }
  for (const o of document.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.widget-view+json"]')) {
    if (o.textContent.startsWith('Loading widget')) return false;
  }
  return true;
}
"""

JS_REPORT = """
(path) => {""" + JS_NOTEBOOK + """
  const w = panelFor(path);
  const cells = [];
  w.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    const outputs = [];
    const model = cell.model.outputs;
    for (let i = 0; i < model.length; i++) {
      const o = model.get(i).toJSON();
      outputs.push({type: o.output_type, name: o.name || null,
                    ename: o.ename || null, evalue: o.evalue || null,
                    traceback: o.traceback ? o.traceback.join('\\n') : null,
                    mimes: Object.keys(o.data || {}),
                    text: o.output_type === 'stream' ? String(o.text).slice(0, 2000) : null});
    }
    const imgs = [...cell.node.querySelectorAll('.jp-OutputArea-output img')].map(img => ({
      loaded: img.complete && img.naturalWidth > 0, width: img.naturalWidth,
      widget: !!img.closest('.jupyter-widgets'), src: img.src.slice(0, 60)}));
    const widgetOutputs = [...cell.node.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.widget-view+json"]')];
    cells.push({
      index,
      source: cell.model.sharedModel.getSource().slice(0, 300),
      tags: cell.model.getMetadata('tags') || [],
      executionCount: cell.model.executionCount,
      prompt: (cell.node.querySelector('.jp-InputPrompt') || {}).textContent || '',
      outputs,
      domErrors: cell.node.querySelectorAll(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"], ' +
        '.jp-RenderedText[data-mime-type="application/vnd.jupyter.error"]').length,
      domTracebacks: [...cell.node.querySelectorAll('.jp-OutputArea-output pre')]
        .filter(p => /Traceback \\(most recent call last\\)|\\w+Error: /.test(p.textContent))
        .length,
      imgs,
      widgetErrors: widgetOutputs.filter(o => /Error displaying widget/.test(o.textContent))
        .map(o => o.textContent.slice(0, 200)),
      widgetsUnrendered: widgetOutputs.filter(o => !o.querySelector('.lm-Widget')).length,
    });
  });
  const k = w.sessionContext.session.kernel;
  return {path, kernel: k ? k.status : null, run: window.__aisearchRun || null, cells};
}
"""


# The size of every output as JupyterLab shows it: its box (CSS px), how far its content
# overflows sideways, and each image's drawn and natural size (a picture wider than the
# notebook is shrunk, its text with it). ``notebookWidth`` is the width an output may use.
JS_OUTPUT_SIZES = """
(path) => {""" + JS_NOTEBOOK + """
  const w = panelFor(path);
  const out = [];
  let notebookWidth = 0;
  w.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    const area = cell.node.querySelector('.jp-OutputArea');
    [...cell.node.querySelectorAll('.jp-OutputArea-output')].forEach((o, k) => {
      if (o.parentElement.closest('.jp-OutputArea-output')) return;  // (inside a widget)
      const box = o.getBoundingClientRect();
      const room = o.parentElement.getBoundingClientRect();
      notebookWidth = Math.max(notebookWidth, Math.round(room.right - box.left));
      const widget = o.getAttribute('data-mime-type') ===
        'application/vnd.jupyter.widget-view+json' || !!o.querySelector('.jupyter-widgets');
      let right = box.right;
      for (const e of o.querySelectorAll('*')) {
        const r = e.getBoundingClientRect();
        if (r.width > 0 && r.height > 0) right = Math.max(right, r.right);
      }
      const imgs = [...o.querySelectorAll('img')].map(img => {
        const r = img.getBoundingClientRect();
        return {width: Math.round(r.width), height: Math.round(r.height),
                naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight};
      });
      const root = o.querySelector('.jupyter-widgets');
      const rbox = root ? root.getBoundingClientRect() : null;
      out.push({cell: index, output: k, count: cell.model.executionCount,
                widgetBox: rbox ? {width: Math.round(rbox.width),
                                   height: Math.round(rbox.height)} : null,
                buttons: [...o.querySelectorAll('button.jupyter-button')]
                  .map(b => b.textContent.trim()).slice(0, 60),
                source: cell.model.sharedModel.getSource().split('\\n')[0].slice(0, 80),
                kind: widget ? 'widget' : (imgs.length ? 'image' : 'text'),
                height: Math.round(box.height), width: Math.round(box.width),
                overflow: Math.max(0, Math.round(right - (room.right)),
                                   o.scrollWidth - o.clientWidth),
                imgs});
    });
  });
  return {notebookWidth, outputs: out};
}
"""


def size_problems(sizes: dict) -> list[str]:
    """What :meth:`Lab.output_sizes` found too large: an output taller than
    :data:`MAX_OUTPUT_HEIGHT`, content that runs past the notebook's right edge, or a picture
    wider than the notebook (shown shrunk)."""
    out = []
    for o in sizes["outputs"]:
        where = f"cell {o['cell']} ({o['source']!r:.50})"
        if o["height"] > MAX_OUTPUT_HEIGHT:
            out.append(f"{where}: an output {o['height']} px tall, more than "
                       f"{MAX_OUTPUT_HEIGHT:,}")
        if o["overflow"] > 1:
            out.append(f"{where}: reaches {o['overflow']} px past the notebook's right edge "
                       f"({sizes['notebookWidth']} px wide)")
        for im in o["imgs"]:
            if im["width"] and im["naturalWidth"] > im["width"] * (1 + SHRINK) + 1:  # (shown)
                out.append(f"{where}: a picture {im['naturalWidth']} px wide shown "
                           f"{im['width']} px wide (wider than the notebook)")
    return out


@dataclass
class NotebookReport:
    """What a run of a notebook left behind, read from the notebook model and the DOM."""

    path: str
    cells: list[dict]
    run: dict | None
    seconds: float = 0.0
    page_errors: list[str] = field(default_factory=list)

    def errors(self) -> list[str]:
        """Error outputs (model or DOM), except in cells tagged ``raises-exception``."""
        found = []
        for c in self.cells:
            if "raises-exception" in c["tags"]:
                continue
            where = f"cell {c['index']} [{c['executionCount']}] {c['source'][:80]!r}"
            for o in c["outputs"]:
                if o["type"] == "error":
                    tb = re.sub(r"\x1b\[[0-9;]*m", "", o["traceback"] or "")
                    found.append(f"{where}: {o['ename']}: {o['evalue']}\n{tb[-1500:]}")
            if not any(o["type"] == "error" for o in c["outputs"]) and (
                    c["domErrors"] or c["domTracebacks"]):
                found.append(f"{where}: a traceback is shown in the output area")
        return found

    def unexecuted(self) -> list[str]:
        return [f"cell {c['index']} {c['source'][:60]!r} (prompt {c['prompt']!r})"
                for c in self.cells
                if c["source"].strip() and c["executionCount"] is None]

    def images(self) -> list[dict]:
        return [img for c in self.cells for img in c["imgs"]]

    def broken_images(self) -> list[str]:
        return [f"cell {c['index']}: {img['src']}" for c in self.cells for img in c["imgs"]
                if not img["loaded"]]

    def image_outputs(self) -> int:
        """Outputs holding an image (PNG, JPEG, SVG) in the notebook model."""
        return sum(1 for c in self.cells for o in c["outputs"]
                   if any(m.startswith("image/") for m in o["mimes"]))

    def widget_problems(self) -> list[str]:
        out = []
        for c in self.cells:
            out += [f"cell {c['index']}: {e}" for e in c["widgetErrors"]]
            if c["widgetsUnrendered"]:
                out.append(f"cell {c['index']}: {c['widgetsUnrendered']} widget(s) not rendered")
        return out

    def stderr(self) -> list[str]:
        return [f"cell {c['index']}: {o['text']}" for c in self.cells for o in c["outputs"]
                if o["type"] == "stream" and o["name"] == "stderr"]


def saved_image_outputs(path: Path) -> int:
    """Image outputs in a notebook file as committed (the figures it is known to draw)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return sum(1 for cell in nb.get("cells", []) if cell.get("cell_type") == "code"
               for o in cell.get("outputs", [])
               if any(m.startswith("image/") for m in o.get("data", {})))


class Lab:
    """One browser page on the test server: open, run and check notebooks, click widgets."""

    def __init__(self, page: Any, server: LabServer, artifacts: Path) -> None:
        self.page, self.server, self.artifacts = page, server, artifacts
        self.opened: list[str] = []
        self.page_errors: list[str] = []
        self.path: str | None = None

    def open(self, path: str) -> None:
        """Open ``path`` (relative to the server root) and wait until its kernel is ready.

        ``reset`` starts from an empty workspace, so no notebook of an earlier test is
        restored (and no second kernel started).
        """
        self.opened.append(path)
        self.path = path
        url = self.server.url("lab/tree/" + urllib.parse.quote(path), reset="")
        self.page.goto(url, wait_until="domcontentloaded", timeout=KERNEL_TIMEOUT)
        self.page.wait_for_function(JS_READY, arg=path, timeout=KERNEL_TIMEOUT, polling=100)

    def run_all(self, timeout: int = RUN_TIMEOUT) -> NotebookReport:
        """Run all cells and wait until the kernel is idle, no cell shows ``[*]`` and all
        images and widgets have rendered; returns what the notebook shows."""
        assert self.path is not None, "open a notebook first"
        start = time.monotonic()
        self.page.evaluate(JS_RUN_ALL, self.path)
        self.page.wait_for_function(JS_DONE, arg=self.path, timeout=timeout, polling=200)
        self.page.wait_for_function(JS_SETTLED, timeout=30_000, polling=200)
        seconds = time.monotonic() - start
        data = self.page.evaluate(JS_REPORT, self.path)
        return NotebookReport(self.path, data["cells"], data["run"], seconds,
                              list(self.page_errors))

    def output_sizes(self) -> dict:
        """Every output of the open notebook as JupyterLab shows it now: ``{"notebookWidth":
        px, "outputs": [{cell, output, count, source, kind, height, width, overflow, imgs}]}``
        (CSS px; ``overflow`` is how far its content reaches past the notebook's right
        edge, ``imgs`` each image's drawn and natural size)."""
        assert self.path is not None, "open a notebook first"
        return self.page.evaluate(JS_OUTPUT_SIZES, self.path)

    def check(self, report: NotebookReport, *, min_images: int = 0) -> None:
        """No errors, every cell ran, every image loaded, every widget rendered."""
        troubles = (report.run or {}).get("troubles")
        assert not troubles, (
            f"{report.path}: the kernel died or restarted during the run ({troubles}); "
            f"cells that did not run: {report.unexecuted()}")
        errors = report.errors()
        assert not errors, f"{report.path}: error outputs:\n" + "\n\n".join(errors)
        unexecuted = report.unexecuted()
        assert not unexecuted, f"{report.path}: cells did not run: {unexecuted}"
        broken = report.broken_images()
        assert not broken, f"{report.path}: images that did not load: {broken}"
        loaded = len(report.images())
        assert loaded >= report.image_outputs(), (
            f"{report.path}: {report.image_outputs()} image outputs, {loaded} images shown")
        assert loaded >= min_images, (
            f"{report.path}: expected at least {min_images} figures, {loaded} were shown; "
            f"stderr: {report.stderr()}")
        problems = report.widget_problems()
        assert not problems, f"{report.path}: widgets: {problems}"

    def run_notebook(self, path: str, *, screenshot: str | None = None,
                     min_images: int = 0) -> NotebookReport:
        """Open, run all, check, and save a screenshot to ``tests/artifacts/<name>.jpg``."""
        self.open(path)
        report = self.run_all()
        if screenshot:
            self.screenshot(screenshot)
        self.check(report, min_images=min_images)
        return report

    # -- pictures ------------------------------------------------------------------------
    def _resize(self, height: int) -> None:
        """Make the viewport ``height`` CSS pixels tall and let Lumino lay the panels out."""
        size = self.page.viewport_size or {"width": 1280, "height": 900}
        self.page.set_viewport_size({"width": size["width"], "height": height})
        self.page.wait_for_function("(h) => window.innerHeight === h", arg=height,
                                    timeout=10_000)
        self.page.evaluate("() => new Promise(r => requestAnimationFrame("
                           "() => requestAnimationFrame(r)))")

    def screenshot(self, name: str) -> Path:
        """The whole notebook: the viewport is made as tall as the notebook, then restored.

        A JPEG: of lesson 03 after Run All Chromium wrote a PNG in 3.0-3.7 s (4.4 MB) and a
        JPEG of quality 70 in 1.5 s (3.5 MB), in every run of every lesson."""
        target = self.artifacts / f"{name}.jpg"
        size = self.page.viewport_size or {"width": 1280, "height": 900}
        extra = self.page.evaluate("""() => {
          const s = document.querySelector(
            '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer');
          if (!s) return 0;
          s.scrollTop = 0;  // from the top: a very long notebook is cut at the end
          return s.scrollHeight - s.clientHeight;
        }""")
        scale = self.page.evaluate("() => window.devicePixelRatio") or 1
        height = min(size["height"] + max(0, int(extra)), int(MAX_SCREENSHOT_HEIGHT / scale))
        if height > size["height"]:
            self._resize(height)
        self.page.screenshot(path=str(target), full_page=True, type="jpeg", quality=70)
        if height > size["height"]:
            self._resize(size["height"])
        return target

    def element_screenshot(self, locator: Any, name: str, *, docs: str | None = None) -> Path:
        """A cropped picture of one element; also ``docs/images/<docs>`` when
        ``AISEARCH_UPDATE_SCREENSHOTS=1``.

        The notebook scrolls inside the page, so an element taller than the notebook's
        visible area would be cut: the viewport is made tall enough first.
        """
        size = self.page.viewport_size or {"width": 1280, "height": 900}
        tall = int(locator.evaluate("e => e.getBoundingClientRect().height")) + 300
        if tall > size["height"]:
            self._resize(tall)
        locator.scroll_into_view_if_needed()
        self.page.mouse.move(0, 0)  # no hover or focus ring in the picture
        self.page.evaluate("() => document.activeElement && document.activeElement.blur()")
        target = self.artifacts / f"{name}.png"
        locator.screenshot(path=str(target))
        if tall > size["height"]:
            self._resize(size["height"])
        if docs and UPDATE_SCREENSHOTS:
            DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(target, DOCS_IMAGES / docs)
        return target

    # -- widgets -------------------------------------------------------------------------
    def button(self, text: str, within: Any = None) -> Any:
        """Widget buttons whose text is exactly ``text``.

        Not ``get_by_role(name=...)``: the Font Awesome icon's glyph (CSS ``::before``) is
        part of the accessible name, but not of the text.
        """
        scope = within if within is not None else self.page
        return scope.locator("button.jupyter-button",
                             has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))

    def output_with_buttons(self, *texts: str, title: str | None = None) -> Any:
        """The first output area holding widget buttons with all these texts (or a title)."""
        outputs = self.page.locator(".jp-OutputArea-output")
        for text in texts:
            outputs = outputs.filter(has=self.button(text))
        if title is not None:
            outputs = outputs.filter(has=self.page.locator(f'button[title="{title}"]'))
        return outputs.first

    def wait_for_text_change(self, locator: Any, old: str, timeout: int = WIDGET_TIMEOUT) -> str:
        handle = locator.element_handle()
        self.page.wait_for_function("([el, old]) => el.textContent !== old", arg=[handle, old],
                                    timeout=timeout, polling=100)
        return locator.text_content()

    def wait_for_image(self, image: Any, old_src: str | None,
                       timeout: int = WIDGET_TIMEOUT) -> str:
        """Wait until ``image`` shows a new, loaded picture; returns its ``src``."""
        handle = image.element_handle()
        self.page.wait_for_function(
            "([img, old]) => img.src !== old && img.complete && img.naturalWidth > 0",
            arg=[handle, old_src], timeout=timeout, polling=100)
        return image.get_attribute("src")

    def cell_output(self, source_contains: str, widget: bool = False) -> Any:
        """The output area of the first code cell whose source contains ``source_contains``
        (with ``widget=True``, its first output that holds a widget: a still picture may
        come first)."""
        assert self.path is not None
        index = self.page.evaluate("""([path, text]) => {
          const w = window.jupyterapp.shell.currentWidget;
          return w.content.widgets.findIndex(c => c.model.type === 'code'
            && c.model.sharedModel.getSource().includes(text));
        }""", [self.path, source_contains])
        if index < 0:
            return None
        cells = self.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell")
        outputs = cells.nth(index).locator(".jp-OutputArea-output")
        if widget:
            outputs = outputs.filter(has=self.page.locator(".jupyter-widgets"))
        return outputs.first

    # -- the course's widgets --------------------------------------------------------------
    def stepper(self) -> Any:
        """The first SearchStepper on the page (its reset/back/step buttons)."""
        return self.output_with_buttons("reset", "back", "step")

    def check_stepper(self, stepper: Any) -> None:
        """Step forward: the event text, the path table (alpha/beta) and the tree image (the
        highlighted node) change; step back: all three are as before."""
        texts = stepper.locator(".widget-html-content")
        description = texts.filter(has_text=re.compile(r"event \d+ of \d+")).first
        table = texts.filter(has=self.page.locator("table")).first
        image = stepper.locator("img").first
        if re.search(r"event [01] of", description.text_content()):
            self.step_until(stepper, r"event 2 of")  # past the Start: the root is entered
        d0, t0 = description.text_content(), table.inner_text()
        m = re.search(r"event (\d+) of (\d+)", d0)
        assert m and m.group(1) != m.group(2), f"the stepper is at its end: {d0!r}"
        src0, pixels0 = image.get_attribute("src"), image.screenshot()

        self.button("step", stepper).click()
        d1 = self.wait_for_text_change(description, d0)
        assert f"event {int(m.group(1)) + 1} of {m.group(2)}" in d1, d1
        self.wait_for_image(image, src0)
        src1, pixels1 = image.get_attribute("src"), image.screenshot()
        t1 = self.wait_for_inner_text(table, lambda t: t != t0)  # (its own widget message)
        assert t1 != t0, f"the path table (alpha, beta) did not change: {t1!r}"
        assert pixels1 != pixels0, "the tree image did not change (no node highlighted)"

        self.button("back", stepper).click()
        assert self.wait_for_text_change(description, d1) == d0
        self.wait_for_image(image, src1)
        assert self.wait_for_inner_text(table, lambda t: t == t0) == t0
        assert image.screenshot() == pixels0, "stepping back did not restore the tree image"

    def wait_for_inner_text(self, locator: Any, ok: Any, timeout: float = WIDGET_TIMEOUT / 1000
                            ) -> str:
        """The element's text once ``ok(text)`` holds (each widget's value comes in a message
        of its own), or its text when ``timeout`` seconds have passed."""
        deadline = time.monotonic() + timeout
        text = locator.inner_text()
        while not ok(text) and time.monotonic() < deadline:
            self.page.wait_for_timeout(100)  # the next widget message
            text = locator.inner_text()
        return text

    def step_until(self, stepper: Any, pattern: str, limit: int = 60) -> bool:
        """Click ``step`` until the event text matches ``pattern`` (at most ``limit`` times)."""
        description = stepper.locator(".widget-html-content").filter(
            has_text=re.compile(r"event \d+ of \d+")).first
        for _ in range(limit):
            text = description.text_content()
            if re.search(pattern, text):
                return True
            self.button("step", stepper).click()
            self.wait_for_text_change(description, text)
        return False

    def tictactoe(self) -> Any:
        """The first tic-tac-toe PlayGame (nine buttons titled ``move 0`` .. ``move 8``)."""
        return self.output_with_buttons(title="move 8")

    def play_tictactoe(self, game: Any) -> tuple[list[str], list[str]]:
        """Click an empty cell (the centre if free): it gets a mark and the agent answers.
        Returns the marks before and after."""
        cells = game.locator('button[title^="move "]')
        assert cells.count() == 9, f"expected 9 cells, found {cells.count()}"

        def marks() -> list[str]:
            return [t.strip() for t in cells.all_text_contents()]

        before = marks()
        empty = [i for i, mark in enumerate(before) if not mark]
        assert empty, f"the board is full: {before}"
        move = 4 if 4 in empty else empty[0]
        game.locator(f'button[title="move {move}"]').click()
        handle = game.element_handle()
        self.page.wait_for_function("""([el, n]) => [...el.querySelectorAll(
            'button[title^="move "]')].filter(b => b.textContent.trim()).length >= n""",
            arg=[handle, sum(1 for m in before if m) + 2], timeout=WIDGET_TIMEOUT, polling=100)
        after = marks()
        assert after[move] in ("X", "O"), f"cell {move} got no mark: {after}"
        assert sum(1 for m in after if m) == sum(1 for m in before if m) + 2, (before, after)
        return before, after

    def robots(self) -> Any:
        """The first robots PlayGame (N, S, E, W buttons)."""
        return self.output_with_buttons("N", "S", "E", "W")

    def move_robot(self, game: Any) -> tuple[str, str]:
        """Click direction buttons until one is legal: the moves line grows (your move and the
        agent's answer) and the board image changes. Returns the status before and after."""
        status = game.locator(".widget-html-content").filter(has_text="moves:").first
        image = game.locator("img").first

        def moves(text: str) -> list[str]:  # "moves: Black E, White N" (or "none yet")
            tail = text.split("moves:", 1)[1]
            return [m for m in tail.split(",") if m.strip() and "none yet" not in m]

        start = status.text_content()
        src0 = image.get_attribute("src")
        text = start
        for direction in ("N", "E", "S", "W"):
            button = self.button(direction, game)
            if button.is_disabled():
                continue
            button.click()
            text = self.wait_for_text_change(status, text)
            if len(moves(text)) > len(moves(start)):
                break
        else:
            raise AssertionError(f"no direction was legal; status: {text!r}")
        over = re.search(r"wins|Draw", text)
        assert over or len(moves(text)) == len(moves(start)) + 2, (
            f"the agent did not answer: {start!r} -> {text!r}")
        self.wait_for_image(image, src0)
        return start, text

    def play_typed(self, game: Any, text: str) -> tuple[str, str]:
        """Type ``text`` into the play widget's move box and press Enter: the moves line
        changes (the move and the agent's answer). Returns the status before and after."""
        status = game.locator(".widget-html-content").filter(has_text="moves:").first
        box = game.locator(".widget-text input").first
        assert box.count(), "the play widget has no box to type a move in"
        before = status.text_content()
        box.fill(text)
        box.press("Enter")
        after = self.wait_for_text_change(status, before)
        assert "moves: none yet" not in after, f"no move was played: {after!r}"
        return before, after
